import { persons } from '../db/schema';

/**
 * The persons table with no privacy rule applied. Modules never name `persons` themselves
 * (the lint wall refuses the schema import and SQL text over the table): a module that must
 * read or write raw rows — an import, a staff export, a count — takes this import, so that
 * reaching around the rule is one visible line. Readers for guests use the pieces of
 * `privacy.ts` and `person-rows.ts` instead.
 */
export const personsTable = persons;
