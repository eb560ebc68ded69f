import {
  AboutPageInput,
  AboutPagePatchInput,
  AboutPageSchema,
  ContactsPageInput,
  ContactsPagePatchInput,
  ContactsPageSchema,
  FoundersPageInput,
  FoundersPagePatchInput,
  FoundersPageSchema,
  type PageKey,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { currentUser, requireRole } from '../../plugins/auth';
import { getPage, savePage, type PagePatch } from './pages.service';

const tags = ['pages'];
const security = [{ bearer: [] }];

const pages: {
  key: PageKey;
  name: string;
  schema: z.ZodType;
  input: z.ZodType;
  patch: z.ZodType;
}[] = [
  {
    key: 'about',
    name: 'About the tribe (Багыш уруусу)',
    schema: AboutPageSchema,
    input: AboutPageInput,
    patch: AboutPagePatchInput,
  },
  {
    key: 'founders',
    name: 'Founders (Негиздөөчүлөр): an ordered list of people',
    schema: FoundersPageSchema,
    input: FoundersPageInput,
    patch: FoundersPagePatchInput,
  },
  {
    key: 'contacts',
    name: 'Contacts (Байланыш): address, phone, e-mail, social links, map',
    schema: ContactsPageSchema,
    input: ContactsPageInput,
    patch: ContactsPagePatchInput,
  },
];

/** The about, founders and contacts pages: public to read, edited by admins. */
export const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { key, name, schema, input, patch } of pages) {
    const url = `/pages/${key}/`;
    app.get(url, { schema: { tags, summary: name, response: { 200: schema } } }, async () =>
      getPage(app.db, key),
    );
    app.put(
      url,
      {
        onRequest: requireRole('admin'),
        schema: {
          tags,
          security,
          summary: `Replace: ${name} (admins)`,
          body: input,
          response: { 200: schema },
        },
      },
      // The body was validated against this page's own schema.
      async (request) =>
        savePage(app.db, key, request.body as PagePatch<PageKey>, currentUser(request).id),
    );
    app.patch(
      url,
      {
        onRequest: requireRole('admin'),
        schema: {
          tags,
          security,
          summary: `Change some fields: ${name} (admins)`,
          body: patch,
          response: { 200: schema },
        },
      },
      async (request) =>
        savePage(app.db, key, request.body as PagePatch<PageKey>, currentUser(request).id),
    );
  }
};
