import type {
  Ancestors,
  Descendants,
  Person,
  PersonList,
  PersonSummary,
  Revision,
} from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { addLine, addPerson } from './persons.factories';

let app: App;
let moderator: TestUser;
let member: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createTestUser(app, { role: 'moderator' });
  member = await createTestUser(app);
});

async function get<T>(url: string, user?: TestUser): Promise<T> {
  const response = await app.inject({ method: 'GET', url, headers: user?.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

async function ancestorIds(id: number): Promise<number[]> {
  const { results } = await get<Ancestors>(`/api/persons/${id}/ancestors/`);
  return results.map((person) => person.id);
}

describe('creating persons', () => {
  it('places a child under the father: generation, ancestors, children with counts', async () => {
    const [root, son, grandson] = await addLine(app, moderator, ['Бакай', 'Төлөк', 'Үсөн']);
    expect(root?.generation).toBe(1);
    expect(grandson?.generation).toBe(3);
    expect(grandson?.father).toEqual({ id: son?.id, name: 'Төлөк' });
    expect(await ancestorIds(grandson!.id)).toEqual([son!.id, root!.id]);

    const daughter = await addPerson(app, moderator, {
      name: 'Айгүл',
      sex: 'F',
      father_id: root!.id,
    });
    const children = await get<PersonList>(`/api/persons/${root!.id}/children/`);
    expect(children.count).toBe(2);
    const counts = Object.fromEntries(children.results.map((c) => [c.name, c.child_count]));
    expect(counts).toEqual({ Төлөк: 1, Айгүл: 0 });
    expect(daughter.father_id).toBe(root!.id);
  });

  it('validates fields and references with Kyrgyz messages', async () => {
    const woman = await addPerson(app, moderator, { name: 'Бүбү', sex: 'F' });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/persons/',
      headers: moderator.headers,
      payload: { name: '', birth_year: 1950, death_year: 1900, father_id: woman.id },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(['name', 'death_year']));

    const femaleFather = await app.inject({
      method: 'POST',
      url: '/api/persons/',
      headers: moderator.headers,
      payload: { name: 'Асан', father_id: woman.id },
    });
    expect(femaleFather.statusCode).toBe(400);
    expect(femaleFather.json()).toEqual({ father_id: ['Атасы аял боло албайт.'] });

    const missing = await app.inject({
      method: 'POST',
      url: '/api/persons/',
      headers: moderator.headers,
      payload: { name: 'Асан', father_id: 99_999_999 },
    });
    expect(missing.statusCode).toBe(400);

    const noPhoto = await app.inject({
      method: 'POST',
      url: '/api/persons/',
      headers: moderator.headers,
      payload: { name: 'Асан', photo_file_id: 99_999_999 },
    });
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json()).toEqual({ photo_file_id: ['Мындай сүрөт файлы табылган жок.'] });
    const changed = await app.inject({
      method: 'PATCH',
      url: `/api/persons/${woman.id}/`,
      headers: moderator.headers,
      payload: { photo_file_id: 99_999_999, version: woman.version },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toEqual({ photo_file_id: ['Мындай сүрөт файлы табылган жок.'] });
  });

  it('refuses guests', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/persons/',
      payload: { name: 'Асан' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('moving a person (re-parent)', () => {
  it('moves the whole subtree: every descendant gets the new line and generation', async () => {
    const [a, b] = await addLine(app, moderator, ['Алдаш', 'Бекназар']);
    const [x, y, z] = await addLine(app, moderator, ['Жолдош', 'Жоомарт', 'Жусуп']);
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/persons/${x!.id}/`,
      headers: moderator.headers,
      payload: { father_id: b!.id, version: x!.version },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Person>()).toMatchObject({ generation: 3, version: x!.version + 1 });
    expect(await ancestorIds(z!.id)).toEqual([y!.id, x!.id, b!.id, a!.id]);
    expect((await get<Person>(`/api/persons/${z!.id}/`)).generation).toBe(5);
  });

  it('refuses with 409 to make a person their own ancestor', async () => {
    const [root, , grandson] = await addLine(app, moderator, ['Тагай', 'Карабагыш', 'Шыкмаматай']);
    for (const fatherId of [grandson!.id, root!.id]) {
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/persons/${root!.id}/`,
        headers: moderator.headers,
        payload: { father_id: fatherId, version: root!.version },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json<{ detail: string }>().detail).toContain('ата-бабасына');
    }
    // A loop through a mother counts too: the grandson's daughter as the root's mother.
    const daughter = await addPerson(app, moderator, {
      name: 'Гүлнара',
      sex: 'F',
      father_id: grandson!.id,
    });
    const viaMother = await app.inject({
      method: 'PATCH',
      url: `/api/persons/${root!.id}/`,
      headers: moderator.headers,
      payload: { mother_id: daughter.id, version: root!.version },
    });
    expect(viaMother.statusCode).toBe(409);
    expect(await ancestorIds(root!.id)).toEqual([]);
  });

  it('answers 409 for a stale version and keeps the newer change', async () => {
    const person = await addPerson(app, moderator, { name: 'Сарыбай' });
    const first = await app.inject({
      method: 'PATCH',
      url: `/api/persons/${person.id}/`,
      headers: moderator.headers,
      payload: { birth_place: 'Ысык-Көл', version: person.version },
    });
    expect(first.statusCode).toBe(200);
    const stale = await app.inject({
      method: 'PATCH',
      url: `/api/persons/${person.id}/`,
      headers: moderator.headers,
      payload: { birth_place: 'Талас', version: person.version },
    });
    expect(stale.statusCode).toBe(409);
    expect((await get<Person>(`/api/persons/${person.id}/`)).birth_place).toBe('Ысык-Көл');
  });
});

describe('deleting a person', () => {
  it('is refused while the person has children, allowed when they are re-parented', async () => {
    const [root, middle, child] = await addLine(app, moderator, ['Өмүр', 'Эркин', 'Нурлан']);
    const grandchild = await addPerson(app, moderator, { name: 'Бекзат', father_id: child!.id });
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/persons/${middle!.id}/`,
      headers: moderator.headers,
    });
    expect(refused.statusCode).toBe(409);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/persons/${middle!.id}/?reparent_children_to=${root!.id}`,
      headers: moderator.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await app.inject({ url: `/api/persons/${middle!.id}/` })).statusCode).toBe(404);
    expect(await ancestorIds(grandchild.id)).toEqual([child!.id, root!.id]);
    const moved = await get<Person>(`/api/persons/${child!.id}/`);
    expect(moved).toMatchObject({ father_id: root!.id, generation: 2 });
  });

  it('refuses to re-parent children below themselves', async () => {
    const [, middle, child] = await addLine(app, moderator, ['Калыс', 'Болот', 'Мелис']);
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/persons/${middle!.id}/?reparent_children_to=${child!.id}`,
      headers: moderator.headers,
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('privacy for guests', () => {
  it('shows a living person by name and lineage only; members see everything', async () => {
    const father = await addPerson(app, moderator, { name: 'Каныбек', death_year: 1990 });
    const living = await addPerson(app, moderator, {
      name: 'Айбек',
      sex: 'M',
      father_id: father.id,
      birth_year: new Date().getFullYear() - 30,
      death_year: null,
      birth_place: 'Бишкек',
      biography: 'Инженер.',
    });
    const flagged = await addPerson(app, moderator, {
      name: 'Чолпон',
      sex: 'F',
      death_year: null,
      is_living: true,
      birth_place: 'Нарын',
    });
    const old = await addPerson(app, moderator, {
      name: 'Жантай',
      birth_year: 1850,
      death_year: null,
      birth_place: 'Кочкор',
    });

    const guestView = await get<Person>(`/api/persons/${living.id}/`);
    expect(guestView).toMatchObject({
      name: 'Айбек',
      father_id: father.id,
      father: { id: father.id, name: 'Каныбек' },
      generation: 2,
      restricted: true,
      living: true,
      sex: 'U',
      birth_year: null,
      birth_place: null,
      biography: null,
    });
    expect((await get<Person>(`/api/persons/${flagged.id}/`)).birth_place).toBeNull();
    expect(await get<Person>(`/api/persons/${old.id}/`)).toMatchObject({
      restricted: false,
      living: false,
      birth_place: 'Кочкор',
    });

    const memberView = await get<Person>(`/api/persons/${living.id}/`, member);
    expect(memberView).toMatchObject({ restricted: false, birth_place: 'Бишкек', sex: 'M' });

    const children = await get<PersonList>(`/api/persons/${father.id}/children/`);
    expect(children.results[0]).toMatchObject({
      name: 'Айбек',
      restricted: true,
      birth_year: null,
    });
    const living2 = await get<PersonList>(`/api/persons/?living=true&q=Айбек`);
    expect(living2.results.map((p) => p.id)).toContain(living.id);
  });
});

describe('proposals and moderation', () => {
  it("keeps a member's change pending until a moderator accepts it", async () => {
    const person = await addPerson(app, moderator, { name: 'Мамбет' });
    const proposed = await app.inject({
      method: 'PATCH',
      url: `/api/persons/${person.id}/`,
      headers: member.headers,
      payload: { birth_place: 'Ат-Башы', version: person.version },
    });
    expect(proposed.statusCode).toBe(202);
    const revision = proposed.json<Revision>();
    expect(revision).toMatchObject({
      status: 'pending',
      action: 'update',
      before: { birth_place: null },
      after: { birth_place: 'Ат-Башы' },
      author: { id: member.id },
    });
    expect((await get<Person>(`/api/persons/${person.id}/`)).birth_place).toBeNull();

    const forbidden = await app.inject({
      method: 'POST',
      url: `/api/revisions/${revision.id}/accept/`,
      headers: member.headers,
    });
    expect(forbidden.statusCode).toBe(403);

    const pending = await get<{ results: Revision[] }>('/api/revisions/?status=pending', moderator);
    expect(pending.results.map((r) => r.id)).toContain(revision.id);

    const accepted = await app.inject({
      method: 'POST',
      url: `/api/revisions/${revision.id}/accept/`,
      headers: moderator.headers,
      payload: {},
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<Revision>()).toMatchObject({
      status: 'applied',
      reviewer: { id: moderator.id },
    });
    expect((await get<Person>(`/api/persons/${person.id}/`)).birth_place).toBe('Ат-Башы');

    const again = await app.inject({
      method: 'POST',
      url: `/api/revisions/${revision.id}/accept/`,
      headers: moderator.headers,
    });
    expect(again.statusCode).toBe(409);
  });

  it('creates a proposed person only on acceptance, and rejects with a comment', async () => {
    const proposed = await app.inject({
      method: 'POST',
      url: '/api/persons/',
      headers: member.headers,
      payload: { name: 'Сунушталган Адам' },
    });
    expect(proposed.statusCode).toBe(202);
    const created = proposed.json<Revision>();
    expect(created.person_id).toBeNull();
    const none = await get<PersonList>('/api/persons/?q=Сунушталган');
    expect(none.count).toBe(0);

    const accepted = await app.inject({
      method: 'POST',
      url: `/api/revisions/${created.id}/accept/`,
      headers: moderator.headers,
    });
    expect(accepted.statusCode).toBe(200);
    const personId = accepted.json<Revision>().person_id;
    expect(personId).not.toBeNull();
    expect((await get<Person>(`/api/persons/${personId}/`)).name).toBe('Сунушталган Адам');

    const second = await app.inject({
      method: 'POST',
      url: '/api/persons/',
      headers: member.headers,
      payload: { name: 'Четке Кагылган' },
    });
    const noComment = await app.inject({
      method: 'POST',
      url: `/api/revisions/${second.json<Revision>().id}/reject/`,
      headers: moderator.headers,
      payload: {},
    });
    expect(noComment.statusCode).toBe(400);
    const rejected = await app.inject({
      method: 'POST',
      url: `/api/revisions/${second.json<Revision>().id}/reject/`,
      headers: moderator.headers,
      payload: { comment: 'Булагы көрсөтүлгөн эмес.' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json<Revision>()).toMatchObject({
      status: 'rejected',
      comment: 'Булагы көрсөтүлгөн эмес.',
    });
    expect((await get<PersonList>('/api/persons/?q=Четке')).count).toBe(0);
  });

  it('refuses a stale proposal on acceptance', async () => {
    const person = await addPerson(app, moderator, { name: 'Эшим' });
    const proposal = await app.inject({
      method: 'PATCH',
      url: `/api/persons/${person.id}/`,
      headers: member.headers,
      payload: { death_place: 'Ош', version: person.version },
    });
    await app.inject({
      method: 'PATCH',
      url: `/api/persons/${person.id}/`,
      headers: moderator.headers,
      payload: { death_place: 'Өзгөн', version: person.version },
    });
    const accept = await app.inject({
      method: 'POST',
      url: `/api/revisions/${proposal.json<Revision>().id}/accept/`,
      headers: moderator.headers,
    });
    expect(accept.statusCode).toBe(409);
  });

  it('reverts an applied change, a creation and a deletion', async () => {
    const [root, son] = await addLine(app, moderator, ['Кыдыр', 'Кутман']);
    const grandson = await addPerson(app, moderator, { name: 'Мирлан', father_id: son!.id });
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/persons/${son!.id}/`,
      headers: moderator.headers,
      payload: { name: 'Кутманбек', version: son!.version },
    });
    expect(patched.statusCode).toBe(200);
    const history = await get<{ results: Revision[] }>(
      `/api/persons/${son!.id}/revisions/`,
      member,
    );
    const change = history.results.find((r) => r.action === 'update')!;
    expect(change).toMatchObject({ before: { name: 'Кутман' }, after: { name: 'Кутманбек' } });

    const memberRevert = await app.inject({
      method: 'POST',
      url: `/api/revisions/${change.id}/revert/`,
      headers: member.headers,
    });
    expect(memberRevert.statusCode).toBe(403);
    const revert = await app.inject({
      method: 'POST',
      url: `/api/revisions/${change.id}/revert/`,
      headers: moderator.headers,
    });
    expect(revert.statusCode, revert.body).toBe(201);
    expect(revert.json<Revision>()).toMatchObject({ revert_of: change.id, status: 'applied' });
    expect((await get<Person>(`/api/persons/${son!.id}/`)).name).toBe('Кутман');
    const twice = await app.inject({
      method: 'POST',
      url: `/api/revisions/${change.id}/revert/`,
      headers: moderator.headers,
    });
    expect(twice.statusCode).toBe(409);

    // Delete the son with his child moved to the root, then undo the deletion.
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/persons/${son!.id}/?reparent_children_to=${root!.id}`,
      headers: moderator.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await ancestorIds(grandson.id)).toEqual([root!.id]);
    const deletion = (
      await get<{ results: Revision[] }>(`/api/persons/${son!.id}/revisions/`, moderator)
    ).results.find((r) => r.action === 'delete')!;
    const undo = await app.inject({
      method: 'POST',
      url: `/api/revisions/${deletion.id}/revert/`,
      headers: moderator.headers,
    });
    expect(undo.statusCode, undo.body).toBe(201);
    expect((await get<Person>(`/api/persons/${son!.id}/`)).name).toBe('Кутман');
    expect(await ancestorIds(grandson.id)).toEqual([son!.id, root!.id]);

    // Undo a creation: the grandson disappears again.
    const creation = (
      await get<{ results: Revision[] }>(`/api/persons/${grandson.id}/revisions/`, moderator)
    ).results.find((r) => r.action === 'create')!;
    const uncreate = await app.inject({
      method: 'POST',
      url: `/api/revisions/${creation.id}/revert/`,
      headers: moderator.headers,
    });
    expect(uncreate.statusCode, uncreate.body).toBe(201);
    expect((await app.inject({ url: `/api/persons/${grandson.id}/` })).statusCode).toBe(404);
  });

  it('lets a member see only their own proposals in the moderation list', async () => {
    const list = await get<{ results: Revision[] }>('/api/revisions/', member);
    expect(list.results.length).toBeGreaterThan(0);
    expect(list.results.every((r) => r.author?.id === member.id)).toBe(true);
    expect((await app.inject({ url: '/api/revisions/' })).statusCode).toBe(401);
  });
});

describe('descendants', () => {
  it('goes down generation by generation and says when it was cut', async () => {
    const line = await addLine(app, moderator, ['Д1', 'Д2', 'Д3', 'Д4', 'Д5']);
    await addPerson(app, moderator, { name: 'Д2б', father_id: line[0]!.id });
    const cutByDepth = await get<Descendants>(`/api/persons/${line[0]!.id}/descendants/?depth=2`);
    expect(cutByDepth).toMatchObject({ truncated: true, truncated_by: 'depth' });
    expect(cutByDepth.results.map((p) => p.name).sort()).toEqual(['Д2', 'Д2б', 'Д3']);

    const whole = await get<Descendants>(`/api/persons/${line[0]!.id}/descendants/?depth=10`);
    expect(whole).toMatchObject({ truncated: false, truncated_by: null });
    expect(whole.results).toHaveLength(5);

    const cutByLimit = await get<Descendants>(
      `/api/persons/${line[0]!.id}/descendants/?depth=10&limit=3`,
    );
    expect(cutByLimit).toMatchObject({ truncated: true, truncated_by: 'limit' });
    expect(cutByLimit.results).toHaveLength(3);
  });
});

describe('the persons list', () => {
  it('orders by name with Kyrgyz letters in place and pages by cursor both ways', async () => {
    const clanRoot = await addPerson(app, moderator, { name: 'Тизме' });
    const names = ['Үмөт', 'Асан', 'Өмүр', 'Ысман', 'Ормон', 'Эрмек', 'Уулбек', 'Бакыт'];
    for (const name of names) await addPerson(app, moderator, { name, father_id: clanRoot.id });

    const url = `/api/persons/?father=${clanRoot.id}&page_size=3`;
    const first = await get<PersonList>(url);
    expect(first.count).toBe(8);
    expect(first.previous).toBeNull();
    const seen: PersonSummary[] = [...first.results];
    let page = first;
    while (page.next) {
      page = await get<PersonList>(page.next.replace(/^https?:\/\/[^/]+/, ''));
      seen.push(...page.results);
    }
    expect(seen.map((p) => p.name)).toEqual([
      'Асан',
      'Бакыт',
      'Ормон',
      'Өмүр',
      'Уулбек',
      'Үмөт',
      'Ысман',
      'Эрмек',
    ]);
    const back = await get<PersonList>(page.previous!.replace(/^https?:\/\/[^/]+/, ''));
    expect(back.results.map((p) => p.name)).toEqual(['Өмүр', 'Уулбек', 'Үмөт']);

    const descending = await get<PersonList>(`/api/persons/?father=${clanRoot.id}&ordering=-name`);
    expect(descending.results[0]?.name).toBe('Эрмек');
  });

  it('orders by birth year either way, unknown years last, and pages by cursor', async () => {
    const parent = await addPerson(app, moderator, { name: 'Жылдар' });
    for (const [name, year] of [
      ['Экинчи', 1910],
      ['Белгисиз', null],
      ['Биринчи', 1890],
      ['Үчүнчү', 1920],
    ] as const) {
      // Dead persons: a guest's order places living persons with the unknown years.
      await addPerson(app, moderator, {
        name,
        father_id: parent.id,
        birth_year: year,
        death_year: year === null ? null : year + 60,
      });
    }
    const names = async (ordering: string) => {
      const seen: string[] = [];
      let url: string | null = `/api/persons/?father=${parent.id}&ordering=${ordering}&page_size=2`;
      while (url) {
        const page: PersonList = await get<PersonList>(url);
        seen.push(...page.results.map((p) => p.name));
        url = page.next?.replace(/^https?:\/\/[^/]+/, '') ?? null;
      }
      return seen;
    };
    expect(await names('birth_year')).toEqual(['Биринчи', 'Экинчи', 'Үчүнчү', 'Белгисиз']);
    expect(await names('-birth_year')).toEqual(['Үчүнчү', 'Экинчи', 'Биринчи', 'Белгисиз']);
  });

  it('filters by name prefix (folded), sex and generation; refuses a forged cursor', async () => {
    await addPerson(app, moderator, { name: 'Чыңгыз', sex: 'M', birth_year: 1920 });
    const folded = await get<PersonList>('/api/persons/?q=chyngyz');
    expect(folded.results.map((p) => p.name)).toContain('Чыңгыз');
    const women = await get<PersonList>('/api/persons/?sex=F&page_size=100');
    // A guest's filter sees what the guest sees: living persons are 'U', never 'F'.
    expect(women.results.every((p) => p.sex === 'F' && !p.restricted)).toBe(true);
    const roots = await get<PersonList>('/api/persons/?generation=1&page_size=100');
    expect(roots.results.every((p) => p.generation === 1)).toBe(true);
    const bad = await app.inject({ url: '/api/persons/?cursor=garbage' });
    expect(bad.statusCode).toBe(400);
    // Values a cursor of ours never carries: beyond PostgreSQL's integer, or an id out of range.
    for (const forged of [
      { v: 99_999_999_999, id: 1, d: 'n', o: 'birth_year' },
      { v: 1900, id: 99_999_999_999, d: 'n', o: 'birth_year' },
      { v: 'Асан', id: -1, d: 'n', o: 'name' },
    ]) {
      const cursor = Buffer.from(JSON.stringify(forged)).toString('base64url');
      const ordering = forged.o;
      const answer = await app.inject({
        url: `/api/persons/?ordering=${ordering}&cursor=${cursor}`,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ cursor: [expect.any(String)] });
    }
    const deep = await app.inject({ url: '/api/persons/?page=5000&page_size=100' });
    expect(deep.statusCode).toBe(400);
  });
});
