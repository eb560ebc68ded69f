import {
  stewardMessages,
  type ModerationCounts,
  type Person,
  type Revision,
  type RevisionList,
  type StewardBranches,
  type User,
} from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { addLine, addPerson } from '../persons/persons.factories';

/**
 * Branch stewards (docs/features.md, Branch stewards): the admin's branches of a member, and a
 * steward's review of the proposals inside their branch only — the queue, the counts, accept
 * and reject, every rule on the server.
 */

let app: App;
let admin: TestUser;
let moderator: TestUser;
let member: TestUser;
let steward: TestUser;
/** Root → son → grandson: the steward's branch. */
let line: Person[];
/** A line of its own, outside the branch. */
let other: Person[];

beforeAll(async () => {
  app = await createTestApp();
  admin = await createTestUser(app, { role: 'admin' });
  moderator = await createTestUser(app, { role: 'moderator' });
  member = await createTestUser(app);
  steward = await createTestUser(app);
  line = await addLine(app, moderator, ['Бутак Ата', 'Бутак Уул', 'Бутак Небере']);
  other = await addLine(app, moderator, ['Башка Ата', 'Башка Уул']);
});

async function call(
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  const response = await app.inject({
    method,
    url,
    headers: user?.headers ?? {},
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

const branchesOf = (userId: number) => `/api/users/${userId}/branches/`;

function branchIds(body: Record<string, unknown>): number[] {
  return (body as unknown as StewardBranches).results.map((branch) => branch.person.id);
}

/** A member's pending change of a person's name; answers the proposal's id. */
async function proposeRename(person: Person, name: string): Promise<number> {
  const current = await call(moderator, 'GET', `/api/persons/${person.id}/`);
  const response = await call(member, 'PATCH', `/api/persons/${person.id}/`, {
    name,
    version: (current.body as unknown as Person).version,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  return (response.body as unknown as Revision).id;
}

async function proposeChild(fatherId: number, name: string): Promise<number> {
  const response = await call(member, 'POST', '/api/persons/', { name, father_id: fatherId });
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  return (response.body as unknown as Revision).id;
}

describe('an admin keeps the branches of a member', () => {
  it('is for admins only', async () => {
    expect((await call(null, 'GET', branchesOf(member.id))).status).toBe(401);
    for (const user of [member, moderator]) {
      expect((await call(user, 'GET', branchesOf(member.id))).status).toBe(403);
      const added = await call(user, 'POST', branchesOf(member.id), { person_id: line[0]!.id });
      expect(added.status).toBe(403);
    }
    expect((await call(admin, 'GET', branchesOf(999_999))).status).toBe(404);
  });

  it('adds, lists and removes a branch; the member reads that they keep one', async () => {
    const keeper = await createTestUser(app);
    const added = await call(admin, 'POST', branchesOf(keeper.id), { person_id: other[0]!.id });
    expect(added.status).toBe(200);
    expect(branchIds(added.body)).toEqual([other[0]!.id]);
    const first = (added.body as unknown as StewardBranches).results[0]!;
    expect(first.person.name).toBe('Башка Ата');

    // Again: nothing changes.
    const again = await call(admin, 'POST', branchesOf(keeper.id), { person_id: other[0]!.id });
    expect(branchIds(again.body)).toEqual([other[0]!.id]);

    const own = await call(keeper, 'GET', '/api/user/branches/');
    expect(branchIds(own.body)).toEqual([other[0]!.id]);
    expect(branchIds((await call(member, 'GET', '/api/user/branches/')).body)).toEqual([]);
    expect((await call(null, 'GET', '/api/user/branches/')).status).toBe(401);
    const me = await call(keeper, 'GET', '/api/user/');
    expect((me.body as unknown as User).is_steward).toBe(true);
    const login = await call(null, 'POST', '/api/login/', {
      username: keeper.username,
      password: keeper.password,
    });
    expect(login.status).toBe(200);
    expect((login.body as { user: User }).user.is_steward).toBe(true);

    const removed = await call(admin, 'DELETE', `${branchesOf(keeper.id)}${other[0]!.id}/`);
    expect(removed.status).toBe(200);
    expect(branchIds(removed.body)).toEqual([]);
    expect(((await call(keeper, 'GET', '/api/user/')).body as unknown as User).is_steward).toBe(
      false,
    );
  });

  it('refuses staff, a blocked member, a missing person and a person inside a kept branch', async () => {
    const staff = await call(admin, 'POST', branchesOf(moderator.id), { person_id: line[0]!.id });
    expect(staff.status).toBe(400);
    expect(staff.body.user).toEqual([stewardMessages.staffNeedNoBranch]);

    const blocked = await createTestUser(app, { isActive: false });
    const refused = await call(admin, 'POST', branchesOf(blocked.id), { person_id: line[0]!.id });
    expect(refused.status).toBe(400);
    expect(refused.body.user).toEqual([stewardMessages.notMember]);

    const keeper = await createTestUser(app);
    const missing = await call(admin, 'POST', branchesOf(keeper.id), { person_id: 999_999 });
    expect(missing.status).toBe(400);
    expect(missing.body.person_id).toEqual([stewardMessages.personMissing]);

    expect(
      (await call(admin, 'POST', branchesOf(keeper.id), { person_id: line[0]!.id })).status,
    ).toBe(200);
    const inside = await call(admin, 'POST', branchesOf(keeper.id), { person_id: line[2]!.id });
    expect(inside.status).toBe(400);
    expect(inside.body.person_id).toEqual([stewardMessages.alreadyInBranch]);

    const bad = await call(admin, 'POST', branchesOf(keeper.id), { person_id: 'бир' });
    expect(bad.status).toBe(400);
    expect(branchIds((await call(admin, 'GET', branchesOf(keeper.id))).body)).toEqual([
      line[0]!.id,
    ]);
  });
});

describe('a steward reviews the proposals of their branch only', () => {
  let insideRename: number;
  let insideChild: number;
  let outsideRename: number;
  let outsideChild: number;
  let movedOut: number;

  beforeAll(async () => {
    const added = await call(admin, 'POST', branchesOf(steward.id), { person_id: line[0]!.id });
    expect(added.status).toBe(200);
    insideRename = await proposeRename(line[2]!, 'Бутак Небере Оңдолгон');
    insideChild = await proposeChild(line[1]!.id, 'Бутактагы Жаңы Бала');
    outsideRename = await proposeRename(other[1]!, 'Башка Уул Оңдолгон');
    outsideChild = await proposeChild(other[0]!.id, 'Сырттагы Жаңы Бала');
    // A person of the branch moved under a father outside it touches both lines.
    const grandson = (await call(moderator, 'GET', `/api/persons/${line[2]!.id}/`))
      .body as unknown as Person;
    const moved = await call(member, 'PATCH', `/api/persons/${line[2]!.id}/`, {
      father_id: other[1]!.id,
      version: grandson.version,
    });
    expect(moved.status).toBe(202);
    movedOut = (moved.body as unknown as Revision).id;
  });

  it('lists and counts only the branch’s pending proposals', async () => {
    const queue = await call(steward, 'GET', '/api/revisions/?status=pending&reviewable=1');
    expect(queue.status).toBe(200);
    const ids = (queue.body as unknown as RevisionList).results.map((revision) => revision.id);
    expect(ids.sort()).toEqual([insideRename, insideChild].sort());

    // A moderator's queue has every one; a member without a branch reviews none.
    const all = await call(moderator, 'GET', '/api/revisions/?status=pending&reviewable=1');
    const allIds = (all.body as unknown as RevisionList).results.map((revision) => revision.id);
    expect(allIds).toEqual(
      expect.arrayContaining([insideRename, insideChild, outsideRename, outsideChild, movedOut]),
    );
    const none = await call(member, 'GET', '/api/revisions/?status=pending&reviewable=1');
    expect((none.body as unknown as RevisionList).count).toBe(0);

    const counts = await call(steward, 'GET', '/api/moderation/counts/');
    expect(counts.status).toBe(200);
    expect(counts.body as unknown as ModerationCounts).toEqual({
      proposals: 2,
      records: 0,
      articles: 0,
      news: 0,
      person_claims: 0,
      total: 2,
      tree_checks: null,
    });
    expect((await call(member, 'GET', '/api/moderation/counts/')).status).toBe(403);
  });

  it('reads a proposal of the branch, not one outside it', async () => {
    expect((await call(steward, 'GET', `/api/revisions/${insideRename}/`)).status).toBe(200);
    const outside = await call(steward, 'GET', `/api/revisions/${outsideRename}/`);
    expect(outside.status).toBe(403);
  });

  it('refuses to accept or reject outside the branch (403), and changes nothing', async () => {
    for (const id of [outsideRename, outsideChild, movedOut]) {
      const accepted = await call(steward, 'POST', `/api/revisions/${id}/accept/`, {});
      expect(accepted.status).toBe(403);
      expect(accepted.body.detail).toBe(stewardMessages.notInBranch);
      const rejected = await call(steward, 'POST', `/api/revisions/${id}/reject/`, {
        comment: 'Жок',
      });
      expect(rejected.status).toBe(403);
      const stored = await call(moderator, 'GET', `/api/revisions/${id}/`);
      expect((stored.body as unknown as Revision).status).toBe('pending');
    }
    const outsider = await call(moderator, 'GET', `/api/persons/${other[1]!.id}/`);
    expect((outsider.body as unknown as Person).name).toBe('Башка Уул');
    // A member who keeps no branch is refused the same way.
    expect((await call(member, 'POST', `/api/revisions/${insideRename}/accept/`, {})).status).toBe(
      403,
    );
  });

  it('accepts and rejects inside the branch; the revert stays the moderators’', async () => {
    const accepted = await call(steward, 'POST', `/api/revisions/${insideRename}/accept/`, {
      comment: 'Туура',
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((accepted.body as unknown as Revision).reviewer?.id).toBe(steward.id);
    const renamed = await call(null, 'GET', `/api/persons/${line[2]!.id}/`);
    expect((renamed.body as unknown as Person).name).toBe('Бутак Небере Оңдолгон');

    const rejected = await call(steward, 'POST', `/api/revisions/${insideChild}/reject/`, {
      comment: 'Далили жок',
    });
    expect(rejected.status).toBe(200);
    expect((rejected.body as unknown as Revision).status).toBe('rejected');

    const revert = await call(steward, 'POST', `/api/revisions/${insideRename}/revert/`, {});
    expect(revert.status).toBe(403);

    // The moderator still reviews what lies outside.
    const outside = await call(moderator, 'POST', `/api/revisions/${outsideRename}/accept/`, {});
    expect(outside.status).toBe(200);
  });

  it('follows its branch through a merge of the top person and its revert', async () => {
    const keeper = await createTestUser(app);
    const top = await addPerson(app, moderator, { name: 'Бириккен Ата', sex: 'M' });
    const twin = await addPerson(app, moderator, { name: 'Бириккен Ата', sex: 'M' });
    const son = await addPerson(app, moderator, { name: 'Эгиздин Уулу', father_id: twin.id });
    await call(admin, 'POST', branchesOf(keeper.id), { person_id: twin.id });

    const merged = await call(moderator, 'POST', '/api/persons/merge/', {
      a: top.id,
      b: twin.id,
      versions: { a: top.version, b: twin.version },
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(branchIds((await call(admin, 'GET', branchesOf(keeper.id))).body)).toEqual([top.id]);
    // The son is under the survivor now, still in the steward's branch.
    const pending = await proposeRename(son, 'Эгиздин Уулу Оңдолгон');
    const queue = await call(keeper, 'GET', '/api/revisions/?status=pending&reviewable=1');
    expect((queue.body as unknown as RevisionList).results.map((r) => r.id)).toEqual([pending]);

    const revision = (merged.body as { revision_id: number }).revision_id;
    const reverted = await call(moderator, 'POST', `/api/revisions/${revision}/revert/`, {});
    expect(reverted.status, JSON.stringify(reverted.body)).toBe(201);
    expect(branchIds((await call(admin, 'GET', branchesOf(keeper.id))).body)).toEqual([twin.id]);
  });
});
