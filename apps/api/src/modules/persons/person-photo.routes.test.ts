import type { Person } from '@bagysh/shared';
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

const refusal = {
  photo_file_id: [
    'Адамдын сүрөтү катары баарына ачык сүрөт гана тандалат: адамдардын баракчаларын коноктор да көрөт.',
  ],
};

describe('a person photo', () => {
  it('must be a public image, since guests see person pages', async () => {
    const member = await createTestUser(app);
    const privateImage = await createTestFileRow(app, member.id, { visibility: 'members' });
    const ownPrivateImage = await createTestFileRow(app, moderator.id, { visibility: 'members' });
    const publicPdf = await createTestFileRow(app, member.id, { kind: 'pdf' });
    const publicImage = await createTestFileRow(app, member.id);

    for (const fileId of [privateImage, ownPrivateImage, publicPdf]) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/persons/',
        headers: moderator.headers,
        payload: { name: 'Сүрөтсүз', photo_file_id: fileId },
      });
      expect(created.statusCode, String(fileId)).toBe(400);
      expect(created.json()).toEqual(refusal);
    }

    const person = await addPerson(app, moderator, { name: 'Сүрөттүү' });
    const changed = await app.inject({
      method: 'PATCH',
      url: `/api/persons/${person.id}/`,
      headers: moderator.headers,
      payload: { photo_file_id: privateImage, version: person.version },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toEqual(refusal);

    const withPhoto = await app.inject({
      method: 'PATCH',
      url: `/api/persons/${person.id}/`,
      headers: moderator.headers,
      payload: { photo_file_id: publicImage, version: person.version },
    });
    expect(withPhoto.statusCode).toBe(200);
    expect(withPhoto.json<Person>().photo_file_id).toBe(publicImage);
  });
});
