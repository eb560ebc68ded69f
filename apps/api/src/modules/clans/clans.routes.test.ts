import type { ClanDetail, ClanList, Person, PersonList, TreeStats } from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { addLine, addPerson } from '../persons/persons.factories';

let app: App;
let moderator: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createTestUser(app, { role: 'moderator' });
});

async function createClan(name: string, founderId: number, user = moderator) {
  return app.inject({
    method: 'POST',
    url: '/api/clans/',
    headers: user.headers,
    payload: { name, founder_id: founderId },
  });
}

describe('clans', () => {
  it("builds the уруу → урук hierarchy from the founders and computes each person's clan", async () => {
    const [root, son, grandson, great] = await addLine(app, moderator, [
      'Багыш үлгү',
      'Жору',
      'Токтор',
      'Мамат',
    ]);
    await addPerson(app, moderator, { name: 'Бөлөк', father_id: root!.id });
    const member = await createTestUser(app);
    expect((await createClan('Тыюу', root!.id, member)).statusCode).toBe(403);

    const uruu = await createClan('Үлгү уруусу', root!.id);
    expect(uruu.statusCode, uruu.body).toBe(201);
    const uruk = await createClan('Жору уругу', son!.id);
    const detail = uruk.json<ClanDetail>();
    expect(detail).toMatchObject({
      kind: 'uruk',
      parent: { id: uruu.json<ClanDetail>().id, name: 'Үлгү уруусу' },
      founder: { id: son!.id, name: 'Жору' },
      member_count: 3,
    });
    expect((await createClan('Экинчи', son!.id)).statusCode).toBe(409);

    const top = await app.inject({ url: `/api/clans/${uruu.json<ClanDetail>().id}/` });
    expect(top.json<ClanDetail>()).toMatchObject({
      kind: 'uruu',
      parent: null,
      member_count: 5,
      sub_clans: [{ id: detail.id, name: 'Жору уругу' }],
    });

    const person = await app.inject({ url: `/api/persons/${great!.id}/` });
    expect(person.json<Person>().clan).toEqual({ id: detail.id, name: 'Жору уругу' });
    const other = await app.inject({ url: `/api/persons/${root!.id}/` });
    expect(other.json<Person>().clan?.name).toBe('Үлгү уруусу');

    const members = await app.inject({ url: `/api/persons/?clan=${detail.id}` });
    expect(
      members
        .json<PersonList>()
        .results.map((p) => p.id)
        .sort(),
    ).toEqual([son!.id, grandson!.id, great!.id].sort());

    const list = await app.inject({ url: '/api/clans/' });
    expect(list.json<ClanList>().results.map((c) => c.name)).toEqual(['Үлгү уруусу', 'Жору уругу']);

    // A founder cannot be deleted while the clan stands; anyone else can.
    const leaf = await app.inject({
      method: 'DELETE',
      url: `/api/persons/${great!.id}/`,
      headers: moderator.headers,
    });
    expect(leaf.statusCode).toBe(204);
    const founderDelete = await app.inject({
      method: 'DELETE',
      url: `/api/persons/${son!.id}/?reparent_children_to=${root!.id}`,
      headers: moderator.headers,
    });
    expect(founderDelete.statusCode).toBe(409);
  });

  it('counts persons, generations, clans, living and historical for the home page', async () => {
    const before = (await app.inject({ url: '/api/stats/' })).json<TreeStats>();
    await addLine(app, moderator, ['Ст1', 'Ст2', 'Ст3', 'Ст4', 'Ст5', 'Ст6']);
    await addPerson(app, moderator, { name: 'Тирүү', birth_year: new Date().getFullYear() - 5 });
    const after = (await app.inject({ url: '/api/stats/' })).json<TreeStats>();
    expect(after.persons).toBe(before.persons + 7);
    expect(after.generations).toBe(Math.max(before.generations, 6));
    expect(after.living).toBe(before.living + 1);
    expect(after.historical).toBe(after.persons - after.living);
    expect(after.clans).toBe(before.clans);
  });
});
