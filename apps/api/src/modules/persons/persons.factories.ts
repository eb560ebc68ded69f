import type { CreatePersonInput, Person } from '@bagysh/shared';
import type { z } from 'zod';
import type { App } from '../../app';
import type { TestUser } from '../../test/factories';

let sequence = 0;

/** Test data: a person added through the API by a moderator or admin (201 expected). */
export async function addPerson(
  app: App,
  editor: TestUser,
  fields: Partial<z.input<typeof CreatePersonInput>> = {},
): Promise<Person> {
  sequence += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/api/persons/',
    headers: editor.headers,
    payload: { name: `Адам ${sequence}`, ...fields },
  });
  if (response.statusCode !== 201) {
    throw new Error(`addPerson: ${response.statusCode} ${response.body}`);
  }
  return response.json<Person>();
}

/** A line of persons, each the son of the one before: [root, son, grandson, …]. */
export async function addLine(
  app: App,
  editor: TestUser,
  names: readonly string[],
  rootFatherId: number | null = null,
): Promise<Person[]> {
  const line: Person[] = [];
  for (const name of names) {
    const father = line[line.length - 1];
    line.push(
      await addPerson(app, editor, { name, sex: 'M', father_id: father?.id ?? rootFatherId }),
    );
  }
  return line;
}
