import type { RecordRevision, SearchEverythingResponse, Transcript } from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestFileRow, createTestUser, type TestUser } from '../../test/factories';
import { call } from './records.test-support';

let app: App;
let member: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  member = await createTestUser(app);
  moderator = await createTestUser(app, { role: 'moderator' });
});

const put = (fileId: number, user: TestUser | null, segments: unknown) =>
  app.inject({
    method: 'PUT',
    url: `/api/transcripts/${fileId}/`,
    headers: user ? user.headers : {},
    payload: { segments },
  });

const read = (fileId: number, user: TestUser | null = null) =>
  call(app, 'GET', `/api/transcripts/${fileId}/`, user);

const telling = [
  { start: 0, speaker: 'Асан ата', text: 'Багыштын уулу Сарыгулжа болгон.' },
  { start: 12.34, speaker: 'Асан ата', text: 'Ал Көкөмерендин боюнда жашаган.' },
];

async function recording(visibility: 'public' | 'members' = 'public') {
  return createTestFileRow(app, moderator.id, { kind: 'audio', visibility });
}

describe('transcripts: written through proposals', () => {
  it('a moderator writes one at once; a member proposes a correction that waits', async () => {
    const file = await recording();
    const created = await put(file, moderator, telling);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Transcript>().segments).toEqual([
      telling[0],
      { ...telling[1], start: 12.3 },
    ]);

    const corrected = [telling[0], { ...telling[1], text: 'Ал Нарындын боюнда жашаган.' }];
    const proposed = await put(file, member, corrected);
    expect(proposed.statusCode, proposed.body).toBe(202);
    const revision = proposed.json<RecordRevision>();
    expect(revision).toMatchObject({ record_type: 'transcript', status: 'pending' });
    expect((await read(file)).body.segments).toHaveLength(2);
    expect(JSON.stringify((await read(file)).body)).toContain('Көкөмерендин');

    const accepted = await call(
      app,
      'POST',
      `/api/record-revisions/${revision.id}/accept/`,
      moderator,
      {},
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(JSON.stringify((await read(file)).body)).toContain('Нарындын');

    // The author sees the outcome among their own proposals.
    const mine = await call(app, 'GET', '/api/record-revisions/?mine=1', member);
    expect(JSON.stringify(mine.body)).toContain(`"status":"applied"`);

    const reverted = await call(
      app,
      'POST',
      `/api/record-revisions/${revision.id}/revert/`,
      moderator,
      {},
    );
    expect(reverted.status, JSON.stringify(reverted.body)).toBe(201);
    expect(JSON.stringify((await read(file)).body)).toContain('Көкөмерендин');
  });

  it('a member’s first transcript is a proposal: nothing to read until it is accepted', async () => {
    const file = await recording();
    const proposed = await put(file, member, telling);
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect((await read(file)).body).toEqual({ file_id: file, segments: [], updated_at: null });
    const id = proposed.json<RecordRevision>().id;
    await call(app, 'POST', `/api/record-revisions/${id}/accept/`, moderator, {});
    expect((await read(file)).body.segments).toHaveLength(2);
  });

  it('refuses bad input with the field errors and changes nothing', async () => {
    const file = await recording();
    expect((await put(file, moderator, telling)).statusCode).toBe(201);
    const before = (await read(file)).body;
    const bad: unknown[] = [
      [],
      [
        { start: 5, text: 'а' },
        { start: 1, text: 'б' },
      ],
      [{ start: -1, text: 'а' }],
      [{ start: 1, text: '   ' }],
      [{ start: 1, text: 'а', extra: true }],
      'segments',
    ];
    for (const segments of bad) {
      const answer = await put(file, moderator, segments);
      expect(answer.statusCode, JSON.stringify(segments)).toBe(400);
      expect(Object.keys(answer.json<object>()).join(' ')).toMatch(/^segments/);
    }
    expect((await read(file)).body).toEqual(before);

    const image = await createTestFileRow(app, moderator.id, { kind: 'image' });
    const notRecording = await put(image, moderator, telling);
    expect(notRecording.statusCode).toBe(400);
    expect(notRecording.json()).toEqual({
      file_id: ['Транскрипт аудио же видео файлга гана жазылат.'],
    });
    expect((await put(2_000_000, moderator, telling)).statusCode).toBe(404);
    expect((await put(file, null, telling)).statusCode).toBe(401);
  });

  it('a guest reads the transcript of a public recording only', async () => {
    const open = await recording('public');
    const closed = await recording('members');
    await put(open, moderator, telling);
    await put(closed, moderator, telling);
    expect((await read(open)).body.segments).toHaveLength(2);
    expect((await read(closed)).status).toBe(404);
    expect((await read(closed, member)).body.segments).toHaveLength(2);
    expect((await read(2_000_000, member)).status).toBe(404);
  });

  it('is found by the search of everything at its second, never a members-only one by a guest', async () => {
    const open = await recording('public');
    const closed = await recording('members');
    await put(open, moderator, [
      { start: 0, speaker: '', text: 'Башталышы.' },
      { start: 65.5, speaker: 'Бүбүжан', text: 'Жайлоодо Тоголок Молдо ырдаган.' },
    ]);
    await put(closed, moderator, [{ start: 3, speaker: '', text: 'Тоголок жашыруун сөз.' }]);

    async function hits(q: string, user: TestUser | null = null) {
      const answer = await app.inject({
        url: `/api/search/everything/?kind=transcript&q=${encodeURIComponent(q)}`,
        headers: user ? user.headers : {},
      });
      return answer.json<SearchEverythingResponse>().groups[0]?.results ?? [];
    }
    // Folded (о for ө, Latin) and one typo.
    for (const q of ['жайлоо тоголок', 'Zhailoo', 'Тоголак молдо']) {
      const found = await hits(q);
      expect(
        found.map((hit) => hit.link),
        q,
      ).toEqual([{ route: 'recording', id: open, at: 65.5 }]);
    }
    expect((await hits('Тоголок'))[0]?.title).toBe('test.audio · 1:05');
    expect((await hits('жашыруун')).length).toBe(0);
    expect((await hits('жашыруун', member)).map((hit) => hit.link?.id)).toEqual([closed]);
  });
});
