import type { Person, PersonList } from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestFileRow, createTestUser, type TestUser } from '../../test/factories';
import { addPerson } from './persons.factories';

let app: App;
let moderator: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createTestUser(app, { role: 'moderator' });
});

/** A moderator's change of person `id`. */
const patch = (id: number, payload: Record<string, unknown>) =>
  app.inject({ method: 'PATCH', url: `/api/persons/${id}/`, headers: moderator.headers, payload });

const refusal = { photo_file_id: ['Адамдын сүрөтү катары сүрөт файлы гана тандалат.'] };

/** The person page and the person's entry in the children list of their father, as `headers` read them. */
async function photoSeen(id: number, fatherId: number, headers: Record<string, string> = {}) {
  const page = (await app.inject({ url: `/api/persons/${id}/`, headers })).json<Person>();
  const children = (
    await app.inject({ url: `/api/persons/${fatherId}/children/`, headers })
  ).json<PersonList>();
  const entry = children.results.find((child) => child.id === id);
  return { page: page.photo_file_id ?? null, list: entry?.photo_file_id ?? null };
}

describe('a person photo', () => {
  it('must be an image', async () => {
    const member = await createTestUser(app);
    const pdf = await createTestFileRow(app, member.id, { kind: 'pdf' });
    const created = await app.inject({
      method: 'POST',
      url: '/api/persons/',
      headers: moderator.headers,
      payload: { name: 'Сүрөтсүз', photo_file_id: pdf },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual(refusal);
  });

  it("may be members-only, a living person's above all: guests then see the placeholder", async () => {
    const member = await createTestUser(app);
    const membersOnly = await createTestFileRow(app, member.id, { visibility: 'members' });
    const publicImage = await createTestFileRow(app, member.id);
    const father = await addPerson(app, moderator, { name: 'Сүрөттүүнүн атасы', birth_year: 1900 });
    const person = await addPerson(app, moderator, {
      name: 'Тирүү сүрөттүү',
      father_id: father.id,
      birth_year: 1990,
      photo_file_id: membersOnly,
    });
    // Lists and charts load thumbnails by address, without the token: public photos only.
    expect(await photoSeen(person.id, father.id, member.headers)).toEqual({
      page: membersOnly,
      list: null,
    });
    expect(await photoSeen(person.id, father.id)).toEqual({ page: null, list: null });

    // No longer hidden (a death recorded): the members-only file still never reaches a guest.
    const died = await patch(person.id, { death_year: 2020, version: person.version });
    expect(died.statusCode).toBe(200);
    expect(await photoSeen(person.id, father.id)).toEqual({ page: null, list: null });
    const file = await app.inject({ url: `/api/files/${membersOnly}/download/` });
    expect(file.statusCode).toBe(404);

    // A public photo of a person who is not living is everyone's.
    const shown = await patch(person.id, {
      photo_file_id: publicImage,
      version: died.json<Person>().version,
    });
    expect(shown.statusCode).toBe(200);
    expect(await photoSeen(person.id, father.id)).toEqual({ page: publicImage, list: publicImage });
  });

  it('of a person the site comes to hide is no longer a public file', async () => {
    const member = await createTestUser(app);
    const fatherPhoto = await createTestFileRow(app, member.id);
    const flaggedPhoto = await createTestFileRow(app, member.id);
    const guestGets = async (file: number) =>
      (await app.inject({ url: `/api/files/${file}/` })).statusCode;

    // A dateless father: shown to guests, and his public photo with him.
    const father = await addPerson(app, moderator, {
      name: 'Датасыз ата',
      photo_file_id: fatherPhoto,
    });
    expect(await guestGets(fatherPhoto)).toBe(200);
    // A son born in 1995 is added: the family's rule now presumes the father living.
    await addPerson(app, moderator, { name: 'Жаш уул', father_id: father.id, birth_year: 1995 });
    expect(await guestGets(fatherPhoto)).toBe(404);
    const listed = await app.inject({ url: '/api/files/' });
    expect(
      listed.json<{ results: { id: number }[] }>().results.map((file) => file.id),
    ).not.toContain(fatherPhoto);

    // Flagged living after the photo was chosen.
    const elder = await addPerson(app, moderator, {
      name: 'Белгиленген',
      birth_year: 1900,
      photo_file_id: flaggedPhoto,
    });
    expect(await guestGets(flaggedPhoto)).toBe(200);
    const flagged = await patch(elder.id, { is_living: true, version: elder.version });
    expect(flagged.statusCode).toBe(200);
    expect(await guestGets(flaggedPhoto)).toBe(404);

    // A public photo given to a person who is already hidden, by a change of photo alone.
    const laterPhoto = await createTestFileRow(app, member.id);
    const changed = await patch(elder.id, {
      photo_file_id: laterPhoto,
      version: flagged.json<Person>().version,
    });
    expect(changed.statusCode).toBe(200);
    expect(await guestGets(laterPhoto)).toBe(404);
    expect(
      (await app.inject({ url: `/api/files/${flaggedPhoto}/`, headers: member.headers }))
        .statusCode,
    ).toBe(200);
  });
});
