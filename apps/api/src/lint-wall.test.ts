import { join } from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import apiWall from '../../../eslint-rules/api-wall.js';

// The API's lint wall (eslint-rules/api-wall.js), checked on code written for the purpose: what
// `npm run lint` must refuse and what it must let through.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const SRC = join(import.meta.dirname);
const at = (path: string) => join(SRC, path);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('imports-downward', apiWall.rules['imports-downward'], {
  valid: [
    { filename: at('modules/stats/stats.service.ts'), code: "import { x } from './stats.routes';" },
    {
      filename: at('modules/stats/stats.service.ts'),
      code: "import { x } from '../../genealogy/privacy';",
    },
    {
      filename: at('modules/files/files.routes.ts'),
      code: "import { x } from '../../files/files.service';",
    },
    {
      filename: at('modules/stats/stats.service.ts'),
      code: "import { x } from '../../db/client';",
    },
    { filename: at('genealogy/tree.ts'), code: "import { x } from '../plugins/auth';" },
    { filename: at('app.ts'), code: "import { x } from './modules/stats/stats.routes';" },
    {
      filename: at('shell/web.ts'),
      code: "import { x } from '../modules/content/content.service';",
    },
    { filename: at('files/files.service.ts'), code: "import { x } from '../db/schema';" },
    { filename: at('plugins/mail.ts'), code: "import { x } from '../mail/mailer';" },
    {
      filename: at('modules/accounts/auth.service.ts'),
      code: "import { x } from '../../mail/mail-message';",
    },
    { filename: at('modules/stats/stats.service.ts'), code: "import { z } from 'zod';" },
  ],
  invalid: [
    {
      filename: at('modules/stats/stats.service.ts'),
      code: "import { getPerson } from '../persons/persons.service';",
      errors: [{ message: /sibling module/ }],
    },
    {
      filename: at('modules/gedcom/export/writer.ts'),
      code: "import { x } from '../../records/places.routes';",
      errors: [{ message: /sibling module/ }],
    },
    {
      filename: at('modules/stats/stats.service.ts'),
      code: "import { x } from '../../shell/seo.service';",
      errors: [{ message: /own folder, genealogy/ }],
    },
    {
      filename: at('genealogy/tree.ts'),
      code: "import { x } from '../modules/accounts/users.service';",
      errors: [{ message: /genealogy\/ never imports/ }],
    },
    {
      filename: at('lib/pagination.ts'),
      code: "export { x } from '../genealogy/privacy';",
      errors: [{ message: /platform .* imports only the platform/ }],
    },
    {
      filename: at('mail/mailer.ts'),
      code: "import { x } from '../modules/accounts/auth.service';",
      errors: [{ message: /platform .* imports only the platform/ }],
    },
    {
      filename: at('db/client.ts'),
      code: "const m = import('../modules/stats/stats.service');",
      errors: [{ message: /platform .* imports only the platform/ }],
    },
  ],
});

tester.run('persons-through-core', apiWall.rules['persons-through-core'], {
  valid: [
    {
      filename: at('modules/stats/stats.service.ts'),
      code: 'const q = sql`select count(*) from ${personsTable} p`;',
    },
    {
      filename: at('modules/stats/stats.service.ts'),
      code: "import { clans } from '../../db/schema';",
    },
    { filename: at('modules/stats/stats.service.ts'), code: "const m = 'persons from the tree';" },
    {
      filename: at('modules/stats/stats.service.ts'),
      code: 'const q = sql`select * from person_names`;',
    },
  ],
  invalid: [
    {
      filename: at('modules/stats/stats.service.ts'),
      code: "import { clans, persons } from '../../db/schema';",
      errors: 1,
    },
    {
      filename: at('modules/stats/stats.service.ts'),
      code: 'const q = sql`select p.birth_year from persons p where p.id = ${id}`;',
      errors: 1,
    },
    {
      filename: at('modules/stats/stats.service.ts'),
      code: 'const q = sql`select 1 from clans c\n  join "persons" f on f.id = c.founder_id`;',
      errors: 1,
    },
    {
      filename: at('shell/seo.service.ts'),
      code: "const q = sql.raw('select max(id) from persons');",
      errors: 1,
    },
  ],
});
