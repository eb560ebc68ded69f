import {
  personClaimMessages,
  type MergeResult,
  type MyPersonClaims,
  type Person,
  type PersonClaim,
  type PersonClaimList,
  type RelationToMe,
} from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { addPerson } from '../persons/persons.factories';

/**
 * "Бул мен" (docs/features.md, This is me): request, approve, reject, withdraw, unlink; the rules
 * one person – one account; who may answer; the relation to the member on any person's page;
 * what deleting and merging a person do to the link.
 */

let app: App;
let moderator: TestUser;
let admin: TestUser;

// A family: the root's two sons, each with a son; an unrelated person beside.
let root: Person;
let elder: Person;
let younger: Person;
let me: Person;
let cousin: Person;
let stranger: Person;

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createTestUser(app, { role: 'moderator' });
  admin = await createTestUser(app, { role: 'admin' });
  root = await addPerson(app, moderator, { name: 'Байтик', sex: 'M', birth_year: 1900 });
  elder = await addPerson(app, moderator, {
    name: 'Асан',
    sex: 'M',
    birth_year: 1930,
    father_id: root.id,
  });
  younger = await addPerson(app, moderator, {
    name: 'Үсөн',
    sex: 'M',
    birth_year: 1935,
    father_id: root.id,
  });
  me = await addPerson(app, moderator, {
    name: 'Бакыт',
    sex: 'M',
    birth_year: 1965,
    father_id: younger.id,
  });
  cousin = await addPerson(app, moderator, {
    name: 'Нурлан',
    sex: 'M',
    birth_year: 1962,
    father_id: elder.id,
  });
  stranger = await addPerson(app, moderator, { name: 'Бөтөн', sex: 'M', birth_year: 1950 });
});

async function call(
  user: TestUser | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  const response = await app.inject({ method, url, headers: user?.headers, payload });
  const body = response.body === '' ? {} : response.json<Record<string, unknown>>();
  return { status: response.statusCode, body };
}

async function ask(user: TestUser, personId: number, note = 'Атам Үсөн, чоң атам Байтик.') {
  return call(user, 'POST', '/api/person-claims/', { person_id: personId, note });
}

async function asked(user: TestUser, personId: number): Promise<PersonClaim> {
  const response = await ask(user, personId);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as unknown as PersonClaim;
}

const answer = (user: TestUser, id: number, action: string, payload: object = {}) =>
  call(user, 'POST', `/api/person-claims/${id}/${action}/`, payload);

async function mine(user: TestUser): Promise<MyPersonClaims> {
  const response = await call(user, 'GET', '/api/person-claims/mine/');
  expect(response.status).toBe(200);
  return response.body as unknown as MyPersonClaims;
}

async function relation(user: TestUser, personId: number): Promise<RelationToMe> {
  const response = await call(user, 'GET', `/api/persons/${personId}/relation-to-me/`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as unknown as RelationToMe;
}

describe('a request, approved', () => {
  it('links the account, and every person page tells the relation to the member', async () => {
    const member = await createTestUser(app);
    expect((await relation(member, cousin.id)).me).toBeNull();

    const claim = await asked(member, me.id);
    expect(claim).toMatchObject({ status: 'pending', note: 'Атам Үсөн, чоң атам Байтик.' });
    expect(claim.person.id).toBe(me.id);
    expect((await mine(member)).pending?.id).toBe(claim.id);
    // Waiting is not linked yet.
    expect((await relation(member, cousin.id)).text).toBeNull();

    const list = await call(moderator, 'GET', '/api/person-claims/');
    expect(list.status).toBe(200);
    const waiting = list.body as unknown as PersonClaimList;
    expect(waiting.results.map((item) => item.id)).toContain(claim.id);
    const counts = await call(moderator, 'GET', '/api/moderation/counts/');
    expect(counts.body.person_claims).toBeGreaterThanOrEqual(1);

    const approved = await answer(moderator, claim.id, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', reviewed_by: { id: moderator.id } });
    expect((await mine(member)).linked?.person.id).toBe(me.id);

    // The cousin: the sons of two brothers are аталаш бир тууган (the kinship namer's word).
    const toCousin = await relation(member, cousin.id);
    expect(toCousin.me).toEqual({ id: me.id, name: 'Бакыт' });
    expect(toCousin.relation?.term).toBe('аталаш бир тууган');
    expect(toCousin.text).toBe('Сиздин аталаш бир тууганыңыз');
    // The father's elder brother, said to the member.
    const toUncle = await relation(member, elder.id);
    expect(toUncle.relation?.term).toBe('атасынын агасы (аба)');
    expect(toUncle.text).toBe('Сиздин атаңыздын агасы (аба)');
    expect((await relation(member, root.id)).text).toBe('Сиздин чоң атаңыз');
    const self = await relation(member, me.id);
    expect(self).toMatchObject({ self: true, text: personClaimMessages.self, relation: null });
    // Not related: nothing is said.
    const none = await relation(member, stranger.id);
    expect(none).toMatchObject({ me: { id: me.id }, relation: null, text: null });

    // Approved once: a second answer is stale.
    const again = await answer(moderator, claim.id, 'approve');
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(personClaimMessages.notPending);
  });

  it('is for members: guests 401, a missing person 404', async () => {
    expect((await call(null, 'GET', `/api/persons/${cousin.id}/relation-to-me/`)).status).toBe(401);
    expect((await call(null, 'POST', '/api/person-claims/', { person_id: me.id })).status).toBe(
      401,
    );
    expect((await call(null, 'GET', '/api/person-claims/mine/')).status).toBe(401);
    const member = await createTestUser(app);
    expect((await call(member, 'GET', '/api/persons/999999/relation-to-me/')).status).toBe(404);
    expect((await ask(member, 999_999)).status).toBe(404);
  });

  it('needs a note of evidence within its limit; bad input changes nothing', async () => {
    const member = await createTestUser(app);
    const empty = await ask(member, cousin.id, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.note).toEqual(['Милдеттүү талаа.']);
    const long = await ask(member, cousin.id, 'ж'.repeat(1001));
    expect(long.status).toBe(400);
    expect(long.body.note).toEqual(['1000 белгиден ашпашы керек.']);
    const extra = await call(member, 'POST', '/api/person-claims/', {
      person_id: cousin.id,
      note: 'Мен',
      status: 'approved',
    });
    expect(extra.status).toBe(400);
    expect(await mine(member)).toEqual({ linked: null, pending: null, rejected: null });
  });
});

describe('who may answer', () => {
  it('only moderators and admins approve or reject (403), and not their own request', async () => {
    const member = await createTestUser(app);
    const other = await createTestUser(app);
    const claim = await asked(member, cousin.id);
    for (const user of [member, other]) {
      for (const action of ['approve', 'reject']) {
        const refused = await answer(user, claim.id, action);
        expect(refused.status, `${action} by a member`).toBe(403);
        expect(typeof refused.body.detail).toBe('string');
      }
    }
    expect((await call(member, 'GET', '/api/person-claims/')).status).toBe(403);
    expect((await mine(member)).pending?.status).toBe('pending');
    expect((await mine(member)).linked).toBeNull();

    // A moderator's own request waits for someone else; an admin may answer their own.
    const staff = await createTestUser(app, { role: 'moderator' });
    const own = await asked(staff, stranger.id);
    const self = await answer(staff, own.id, 'approve');
    expect(self.status).toBe(403);
    expect(self.body.detail).toBe(personClaimMessages.ownRequest);
    expect((await answer(staff, own.id, 'reject')).status).toBe(403);
    expect((await answer(admin, own.id, 'withdraw')).status).toBe(404);
    expect((await answer(staff, own.id, 'withdraw')).status).toBe(200);
    const adminOwn = await asked(admin, stranger.id);
    expect((await answer(admin, adminOwn.id, 'approve')).status).toBe(200);
    expect((await answer(admin, adminOwn.id, 'unlink')).status).toBe(200);
    // The member's request is still to be answered, by a moderator.
    expect((await answer(moderator, claim.id, 'reject')).status).toBe(200);
  });

  it('answers 404 for a request that does not exist', async () => {
    expect((await answer(moderator, 999_999, 'approve')).status).toBe(404);
    const missing = await answer(moderator, 999_999, 'reject');
    expect(missing.status, JSON.stringify(missing.body)).toBe(404);
  });
});

describe('one person, one account', () => {
  it('refuses a second link either way, and a second waiting request', async () => {
    const person = await addPerson(app, moderator, { name: 'Жалгыз', father_id: root.id });
    const other = await addPerson(app, moderator, { name: 'Башка', father_id: root.id });
    const first = await createTestUser(app);
    const second = await createTestUser(app);

    const claim = await asked(first, person.id);
    const twice = await ask(first, other.id);
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe(personClaimMessages.pendingExists);

    // Two members may ask for one person; the first approved wins, the second is refused.
    const rival = await asked(second, person.id);
    expect((await answer(moderator, claim.id, 'approve')).status).toBe(200);
    const late = await answer(moderator, rival.id, 'approve');
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe(personClaimMessages.personLinked);
    expect((await answer(second, rival.id, 'withdraw')).status).toBe(200);

    // The person is taken; the account is taken.
    const taken = await ask(second, person.id);
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe(personClaimMessages.personLinked);
    const linked = await ask(first, other.id);
    expect(linked.status).toBe(409);
    expect(linked.body.detail).toBe(personClaimMessages.accountLinked);

    // A member ends their own link; the person is free for another account.
    const link = (await mine(first)).linked;
    expect(link?.id).toBe(claim.id);
    expect((await answer(second, claim.id, 'unlink')).status).toBe(404);
    const ended = await answer(first, claim.id, 'unlink');
    expect(ended.body.status).toBe('unlinked');
    expect((await answer(first, claim.id, 'unlink')).status).toBe(409);
    const next = await asked(second, person.id);
    expect((await answer(moderator, next.id, 'approve')).status).toBe(200);
    // A moderator can end anyone's link.
    expect((await answer(moderator, next.id, 'unlink')).body.status).toBe('unlinked');
  });
});

describe('withdraw and reject', () => {
  it('lets the author withdraw a waiting request, and nobody else', async () => {
    const member = await createTestUser(app);
    const other = await createTestUser(app);
    const claim = await asked(member, cousin.id);
    expect((await answer(other, claim.id, 'withdraw')).status).toBe(404);
    const withdrawn = await answer(member, claim.id, 'withdraw');
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.status).toBe('withdrawn');
    const again = await answer(member, claim.id, 'withdraw');
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(personClaimMessages.notPending);
    expect((await answer(moderator, claim.id, 'approve')).status).toBe(409);
    expect(await mine(member)).toEqual({ linked: null, pending: null, rejected: null });
  });

  it('rejects with a comment the member reads, and the member may ask again', async () => {
    const member = await createTestUser(app);
    const claim = await asked(member, cousin.id);
    const long = await answer(moderator, claim.id, 'reject', { comment: 'ж'.repeat(1001) });
    expect(long.status).toBe(400);
    const rejected = await answer(moderator, claim.id, 'reject', {
      comment: 'Нурлан — башка адам: туулган жылы дал келбейт.',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      comment: 'Нурлан — башка адам: туулган жылы дал келбейт.',
    });
    expect((await answer(moderator, claim.id, 'reject')).status).toBe(409);
    expect((await mine(member)).rejected?.comment).toBe(
      'Нурлан — башка адам: туулган жылы дал келбейт.',
    );
    // Without a comment too; a new request hides the old rejection.
    const retry = await asked(member, cousin.id);
    expect((await mine(member)).rejected).toBeNull();
    const plain = await answer(moderator, retry.id, 'reject');
    expect(plain.body).toMatchObject({ status: 'rejected', comment: null });
  });
});

describe('deleting and merging the person', () => {
  it('a merge moves the link to the survivor, its revert moves it back', async () => {
    const member = await createTestUser(app);
    const a = await addPerson(app, moderator, { name: 'Кубат', sex: 'M', father_id: elder.id });
    const b = await addPerson(app, moderator, { name: 'Кубат', sex: 'M', father_id: elder.id });
    const claim = await asked(member, b.id);
    expect((await answer(moderator, claim.id, 'approve')).status).toBe(200);

    const merged = await call(moderator, 'POST', '/api/persons/merge/', {
      a: a.id,
      b: b.id,
      versions: { a: a.version, b: b.version },
      choices: {},
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect((await mine(member)).linked?.person.id).toBe(a.id);
    expect((await relation(member, cousin.id)).me?.id).toBe(a.id);
    // The old id reads as the survivor.
    expect((await relation(member, b.id)).self).toBe(true);

    const result = merged.body as unknown as MergeResult;
    const reverted = await call(
      moderator,
      'POST',
      `/api/revisions/${result.revision_id}/revert/`,
      {},
    );
    expect(reverted.status, JSON.stringify(reverted.body)).toBeLessThan(300);
    expect((await mine(member)).linked?.person.id).toBe(b.id);
    expect((await relation(member, b.id)).self).toBe(true);
  });

  it('refuses to merge two persons linked to two accounts', async () => {
    const a = await addPerson(app, moderator, { name: 'Эгиз', sex: 'M', father_id: younger.id });
    const b = await addPerson(app, moderator, { name: 'Эгиз', sex: 'M', father_id: younger.id });
    for (const person of [a, b]) {
      const claim = await asked(await createTestUser(app), person.id);
      expect((await answer(moderator, claim.id, 'approve')).status).toBe(200);
    }
    const refused = await call(moderator, 'POST', '/api/persons/merge/', {
      a: a.id,
      b: b.id,
      versions: { a: a.version, b: b.version },
      choices: {},
    });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe(personClaimMessages.bothLinked);
  });

  it('deleting the person ends the link', async () => {
    const member = await createTestUser(app);
    const person = await addPerson(app, moderator, { name: 'Кеткен', father_id: elder.id });
    const claim = await asked(member, person.id);
    expect((await answer(moderator, claim.id, 'approve')).status).toBe(200);
    const deleted = await call(moderator, 'DELETE', `/api/persons/${person.id}/`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
    expect(await mine(member)).toEqual({ linked: null, pending: null, rejected: null });
    expect((await relation(member, cousin.id)).me).toBeNull();
    // The member may ask again for another person.
    expect((await ask(member, cousin.id)).status).toBe(201);
  });
});
