import { foldName, type Article, type News } from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { categories, persons, posts } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { createTestFileRow, createTestUser, type TestUser } from '../../test/factories';

let app: App;
let member: TestUser;
let otherMember: TestUser;
let moderator: TestUser;
let admin: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  member = await createTestUser(app, { fullName: 'Асан Үсөнов' });
  otherMember = await createTestUser(app);
  moderator = await createTestUser(app, { role: 'moderator' });
  admin = await createTestUser(app, { role: 'admin' });
});

type Json = Record<string, unknown>;

async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  user: TestUser | null,
  payload?: Json,
) {
  const response = await app.inject({
    method,
    url,
    headers: user ? user.headers : {},
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.body ? response.json<Json>() : null };
}

async function writeArticle(user: TestUser, payload: Json = {}): Promise<Article> {
  const { status, body } = await call('POST', '/api/person-articles/', user, {
    title: 'Макала',
    lead: 'Кыскача',
    body: '<p>Текст</p>',
    ...payload,
  });
  expect(status).toBe(201);
  return body as unknown as Article;
}

async function writeNews(payload: Json = {}): Promise<News> {
  const { status, body } = await call('POST', '/api/news/', moderator, {
    title: 'Жаңылык',
    body: '<p>Текст</p>',
    ...payload,
  });
  expect(status).toBe(201);
  return body as unknown as News;
}

async function makeCategory(kind: 'article' | 'news' | 'file', slug: string) {
  const [row] = await app.db
    .insert(categories)
    .values({ name: `Категория ${slug}`, slug, kind })
    .returning();
  if (!row) throw new Error('no category');
  return row;
}

const ids = (body: Json | null) =>
  ((body?.results ?? []) as { id: number }[]).map((item) => item.id);

describe('moderation flow of person articles', () => {
  it('sends a member article to moderation, shows it to its author and moderators only, then publishes it', async () => {
    const { status, body } = await call('POST', '/api/person-articles/', member, {
      title: 'Белгилүү акын',
      lead: 'Акын жөнүндө',
      body: '<p>Акын тоолуу айылда туулган.</p>',
      status: 'published',
    });
    expect(status).toBe(201);
    const article = body as unknown as Article;
    expect(article).toMatchObject({
      title: 'Белгилүү акын',
      lead: 'Акын жөнүндө',
      body: '<p>Акын тоолуу айылда туулган.</p>',
      status: 'pending',
      published_at: null,
      person_id: null,
      person: null,
      category: null,
      cover_url: null,
      cover_width: null,
      cover_height: null,
      author: { id: member.id, username: member.username, full_name: 'Асан Үсөнов' },
    });

    // Not public yet: guests, other members and the public list do not see it.
    expect((await call('GET', `/api/person-articles/${article.id}/`, null)).status).toBe(404);
    expect((await call('GET', `/api/person-articles/${article.id}/`, otherMember)).status).toBe(
      404,
    );
    expect(ids((await call('GET', '/api/person-articles/', null)).body)).not.toContain(article.id);
    expect(ids((await call('GET', '/api/person-articles/', member)).body)).not.toContain(
      article.id,
    );

    // The author sees it, in the article view and among their own.
    expect((await call('GET', `/api/person-articles/${article.id}/`, member)).status).toBe(200);
    expect(ids((await call('GET', '/api/person-articles/?mine=1', member)).body)).toContain(
      article.id,
    );
    expect(ids((await call('GET', '/api/person-articles/?mine=1', otherMember)).body)).toEqual([]);

    // The moderation queue.
    const queue = await call('GET', '/api/person-articles/?status=pending', moderator);
    expect(queue.status).toBe(200);
    expect(ids(queue.body)).toContain(article.id);

    // The moderator publishes; everyone sees it.
    const published = await call('PATCH', `/api/person-articles/${article.id}/`, moderator, {
      status: 'published',
    });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: 'published' });
    expect(published.body?.published_at).toEqual(expect.any(String));
    const guestView = await call('GET', `/api/person-articles/${article.id}/`, null);
    expect(guestView.status).toBe(200);
    expect(guestView.body).toMatchObject({ id: article.id, title: 'Белгилүү акын' });
    expect(ids((await call('GET', '/api/person-articles/', null)).body)).toContain(article.id);
  });

  it('keeps a draft a draft, and lets the author submit it', async () => {
    const draft = await writeArticle(member, { status: 'draft' });
    expect(draft.status).toBe('draft');
    const edited = await call('PATCH', `/api/person-articles/${draft.id}/`, member, {
      title: 'Жаңы аталыш',
    });
    expect(edited.body).toMatchObject({ status: 'draft', title: 'Жаңы аталыш' });
    const submitted = await call('PATCH', `/api/person-articles/${draft.id}/`, member, {
      status: 'published',
    });
    expect(submitted.body).toMatchObject({ status: 'pending' });
    const mineDrafts = await call('GET', '/api/person-articles/?mine=1&status=draft', member);
    expect(ids(mineDrafts.body)).not.toContain(draft.id);
  });

  it("sends the author's edit of a published article back to moderation, keeping its date", async () => {
    const article = await writeArticle(member);
    const published = await call('PATCH', `/api/person-articles/${article.id}/`, admin, {
      status: 'published',
    });
    const publishedAt = published.body?.published_at;
    expect(publishedAt).toEqual(expect.any(String));

    const edited = await call('PATCH', `/api/person-articles/${article.id}/`, member, {
      lead: 'Оңдолгон',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 'pending', lead: 'Оңдолгон' });
    expect(edited.body?.published_at).toBe(publishedAt);
    expect((await call('GET', `/api/person-articles/${article.id}/`, null)).status).toBe(404);

    const republished = await call('PATCH', `/api/person-articles/${article.id}/`, moderator, {
      status: 'published',
    });
    expect(republished.body?.published_at).toBe(publishedAt);
  });

  it('publishes a moderator article at once, or keeps it as the status they choose', async () => {
    const article = await writeArticle(moderator);
    expect(article.status).toBe('published');
    expect(article.published_at).not.toBeNull();
    const draft = await writeArticle(moderator, { status: 'draft' });
    expect(draft.status).toBe('draft');
  });
});

describe('permissions of person articles', () => {
  it('needs a signed-in user to write', async () => {
    const response = await call('POST', '/api/person-articles/', null, { title: 'X' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Кирүү талап кылынат.' });
  });

  it("refuses a member editing or deleting someone else's article", async () => {
    const published = await writeArticle(moderator);
    const pending = await writeArticle(otherMember);
    const edit = await call('PATCH', `/api/person-articles/${published.id}/`, member, {
      title: 'Башка',
    });
    expect(edit.status).toBe(403);
    expect(edit.body).toHaveProperty('detail');
    expect((await call('DELETE', `/api/person-articles/${published.id}/`, member)).status).toBe(
      403,
    );
    // Unpublished and not theirs: as if it did not exist.
    expect(
      (await call('PATCH', `/api/person-articles/${pending.id}/`, member, { title: 'Башка' }))
        .status,
    ).toBe(404);
    expect((await call('DELETE', `/api/person-articles/${pending.id}/`, member)).status).toBe(404);
    expect((await call('PATCH', `/api/person-articles/${pending.id}/`, null, {})).status).toBe(401);
  });

  it('lets moderators and admins edit any article', async () => {
    const article = await writeArticle(member);
    for (const user of [moderator, admin]) {
      const response = await call('PATCH', `/api/person-articles/${article.id}/`, user, {
        title: `Оңдоду ${user.role}`,
      });
      expect(response.status).toBe(200);
      expect(response.body?.title).toBe(`Оңдоду ${user.role}`);
    }
  });

  it('lets the author delete an unpublished article but not a published one', async () => {
    const pending = await writeArticle(member);
    expect((await call('DELETE', `/api/person-articles/${pending.id}/`, member)).status).toBe(204);
    expect((await call('GET', `/api/person-articles/${pending.id}/`, member)).status).toBe(404);

    const article = await writeArticle(member);
    await call('PATCH', `/api/person-articles/${article.id}/`, moderator, { status: 'published' });
    const refused = await call('DELETE', `/api/person-articles/${article.id}/`, member);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'Жарыяланган макаланы модераторлор гана өчүрө алат.' });
    expect((await call('DELETE', `/api/person-articles/${article.id}/`, moderator)).status).toBe(
      204,
    );
    expect((await call('GET', `/api/person-articles/${article.id}/`, null)).status).toBe(404);
  });

  it('keeps other statuses to moderators and own items to signed-in users', async () => {
    expect((await call('GET', '/api/person-articles/?status=pending', null)).status).toBe(401);
    const refused = await call('GET', '/api/person-articles/?status=pending', member);
    expect(refused.status).toBe(403);
    expect(refused.body).toHaveProperty('detail');
    expect((await call('GET', '/api/person-articles/?status=all', member)).status).toBe(403);
    expect((await call('GET', '/api/person-articles/?mine=1', null)).status).toBe(401);
    expect((await call('GET', '/api/person-articles/?status=published', member)).status).toBe(200);

    const draft = await writeArticle(otherMember, { status: 'draft' });
    const all = await call('GET', '/api/person-articles/?status=all&page_size=100', admin);
    expect(ids(all.body)).toContain(draft.id);
  });
});

describe('news', () => {
  it('is written by moderators and admins only', async () => {
    expect((await call('POST', '/api/news/', null, { title: 'X' })).status).toBe(401);
    expect((await call('POST', '/api/news/', member, { title: 'X' })).status).toBe(403);
    const item = await writeNews({ title: 'Уруу жыйыны' });
    expect(item.status).toBe('published');
    expect(item).not.toHaveProperty('person_id');
    expect(item).not.toHaveProperty('person');
    const byAdmin = await call('POST', '/api/news/', admin, { title: 'Админдин жаңылыгы' });
    expect(byAdmin.status).toBe(201);

    expect((await call('PATCH', `/api/news/${item.id}/`, member, { title: 'Y' })).status).toBe(403);
    expect((await call('DELETE', `/api/news/${item.id}/`, member)).status).toBe(403);
    expect((await call('DELETE', `/api/news/${item.id}/`, null)).status).toBe(401);
    const edited = await call('PATCH', `/api/news/${item.id}/`, admin, { lead: 'Жай айында' });
    expect(edited.body).toMatchObject({ lead: 'Жай айында', status: 'published' });
  });

  it('shows published news to guests and drafts to moderators only', async () => {
    const published = await writeNews({ title: 'Ачык жаңылык' });
    const draft = await writeNews({ title: 'Даяр эмес', status: 'draft' });
    const guest = await call('GET', '/api/news/?page_size=100', null);
    expect(ids(guest.body)).toContain(published.id);
    expect(ids(guest.body)).not.toContain(draft.id);
    expect((await call('GET', `/api/news/${draft.id}/`, null)).status).toBe(404);
    expect((await call('GET', `/api/news/${draft.id}/`, member)).status).toBe(404);
    expect((await call('GET', `/api/news/${draft.id}/`, moderator)).status).toBe(200);
    const drafts = await call('GET', '/api/news/?status=draft', moderator);
    expect(ids(drafts.body)).toContain(draft.id);
    // A news id is not an article id, and the other way round.
    expect((await call('GET', `/api/person-articles/${published.id}/`, null)).status).toBe(404);
  });

  it('leaves the body out of list items and lists newest first', async () => {
    const first = await writeNews({ title: 'Биринчи' });
    const second = await writeNews({ title: 'Экинчи' });
    const list = await call('GET', '/api/news/?page_size=2', null);
    expect(ids(list.body)).toEqual([second.id, first.id]);
    const items = list.body?.results as Json[];
    expect(items[0]).not.toHaveProperty('body');
    expect(items[0]).toHaveProperty('lead');
  });
});

describe('pagination', () => {
  it('pages a list with count, next and previous links', async () => {
    const category = await makeCategory('news', 'paging');
    for (let i = 0; i < 12; i++) await writeNews({ title: `Барак ${i}`, category_id: category.id });
    const first = await call('GET', `/api/news/?category=${category.id}&page_size=5`, null);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 12, previous: null });
    expect(ids(first.body)).toHaveLength(5);
    const next = new URL(first.body?.next as string);
    expect(next.pathname).toBe('/api/news/');
    expect(next.searchParams.get('page')).toBe('2');
    expect(next.searchParams.get('category')).toBe(String(category.id));

    const last = await call('GET', `/api/news/?category=${category.id}&page_size=5&page=3`, null);
    expect(ids(last.body)).toHaveLength(2);
    expect(last.body?.next).toBeNull();
    expect(new URL(last.body?.previous as string).searchParams.get('page')).toBe('2');
    const allIds = [
      ...ids(first.body),
      ...ids(
        (await call('GET', new URL(first.body?.next as string).pathname + next.search, null)).body,
      ),
      ...ids(last.body),
    ];
    expect(new Set(allIds).size).toBe(12);
  });

  it('refuses a bad page size', async () => {
    const response = await call('GET', '/api/news/?page_size=101', null);
    expect(response.status).toBe(400);
    expect(response.body).toHaveProperty('page_size');
  });
});

describe('filters and search', () => {
  it('filters articles by category (id or slug) and person, and searches in any spelling', async () => {
    const heroes = await makeCategory('article', 'baatyrlar');
    const [person] = await app.db
      .insert(persons)
      .values({ name: 'Өмүрбек', nameKey: foldName('Өмүрбек') })
      .returning({ id: persons.id });
    if (!person) throw new Error('no person');

    const about = await writeArticle(moderator, {
      title: 'Өмүрбек баатыр',
      person_id: person.id,
      category_id: heroes.id,
    });
    expect(about.person).toEqual({ id: person.id, name: 'Өмүрбек' });
    expect(about.category).toEqual({ id: heroes.id, name: heroes.name, slug: 'baatyrlar' });
    const other = await writeArticle(moderator, {
      title: 'Башка макала',
      body: '<p>Тоолуу Таласта жашаган уста жөнүндө.</p>',
    });

    expect(
      ids((await call('GET', `/api/person-articles/?category=${heroes.id}`, null)).body),
    ).toEqual([about.id]);
    expect(ids((await call('GET', '/api/person-articles/?category=baatyrlar', null)).body)).toEqual(
      [about.id],
    );
    expect(ids((await call('GET', '/api/person-articles/?category=no-such', null)).body)).toEqual(
      [],
    );
    expect(
      ids((await call('GET', `/api/person-articles/?person=${person.id}`, null)).body),
    ).toEqual([about.id]);
    // Latin spelling finds Cyrillic; a word from the body is found too.
    expect(ids((await call('GET', '/api/person-articles/?q=omurbek', null)).body)).toEqual([
      about.id,
    ]);
    expect(
      ids(
        (await call('GET', `/api/person-articles/?q=${encodeURIComponent('Talasta уста')}`, null))
          .body,
      ),
    ).toEqual([other.id]);
    const list = await call('GET', `/api/person-articles/?person=${person.id}`, null);
    expect((list.body?.results as Json[])[0]?.person).toEqual({ id: person.id, name: 'Өмүрбек' });
  });
});

describe('validation', () => {
  it('requires a title, also after tags are stripped', async () => {
    const missing = await call('POST', '/api/person-articles/', member, { body: '<p>x</p>' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ title: ['Милдеттүү талаа.'] });
    const onlyTags = await call('POST', '/api/person-articles/', member, { title: '<b> </b>' });
    expect(onlyTags.status).toBe(400);
    expect(onlyTags.body).toHaveProperty('title');
  });

  it('refuses unknown statuses, too long titles and ids that are not numbers', async () => {
    const response = await call('POST', '/api/person-articles/', moderator, {
      title: 'x'.repeat(301),
      status: 'archived',
      person_id: 'abc',
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body ?? {}).sort()).toEqual(['person_id', 'status', 'title']);
    expect((await call('GET', '/api/person-articles/abc/', null)).status).toBe(400);
    expect((await call('GET', '/api/person-articles/99999999999/', null)).status).toBe(400);
  });

  it('refuses a category that does not exist or is of another kind, and a person that does not exist', async () => {
    const newsCategory = await makeCategory('news', 'news-only');
    const wrongKind = await call('POST', '/api/person-articles/', member, {
      title: 'X',
      category_id: newsCategory.id,
    });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body).toEqual({
      category_id: ['Бул категория башка түрдөгү материалдар үчүн.'],
    });
    const missing = await call('POST', '/api/person-articles/', member, {
      title: 'X',
      category_id: 999999,
    });
    expect(missing.body).toEqual({ category_id: ['Мындай категория жок.'] });
    const noPerson = await call('POST', '/api/person-articles/', member, {
      title: 'X',
      person_id: 999999,
    });
    expect(noPerson.status).toBe(400);
    expect(noPerson.body).toEqual({ person_id: ['Мындай инсан жок.'] });
  });

  it('keeps title and lead as plain text and links the cover to the files API, with its size', async () => {
    const coverId = await createTestFileRow(app, member.id, {
      pixels: { width: 1200, height: 675 },
    });
    const article = await writeArticle(member, {
      title: '<b>Калың</b> аталыш <script>alert(1)</script> & "тырмакча"',
      lead: '<i>Кыскача</i> 1 < 2',
      cover_file_id: coverId,
    });
    expect(article.title).toBe('Калың аталыш & "тырмакча"');
    expect(article.lead).toBe('Кыскача 1 < 2');
    expect(article.cover_file_id).toBe(coverId);
    expect(article.cover_url).toBe(`/api/files/${coverId}/download/`);
    // The page reserves the cover's box from these before the image arrives.
    expect([article.cover_width, article.cover_height]).toEqual([1200, 675]);
    const listed = (await call('GET', '/api/person-articles/?mine=1', member)).body as {
      results: Article[];
    };
    expect(listed.results.find((item) => item.id === article.id)).toMatchObject({
      cover_width: 1200,
      cover_height: 675,
    });
  });

  it('takes only a public image as a cover: anything else is 400 and nothing is saved', async () => {
    const pdfId = await createTestFileRow(app, member.id, { kind: 'pdf' });
    const privateId = await createTestFileRow(app, member.id, { visibility: 'members' });
    const coverId = await createTestFileRow(app, member.id);
    const message = { cover_file_id: ['Мукаба катары баарына ачык сүрөт гана тандалат.'] };
    const countPosts = async () => (await app.db.select({ id: posts.id }).from(posts)).length;
    const before = await countPosts();
    for (const [fileId, body] of [
      [pdfId, message],
      [privateId, message],
      [999999, { cover_file_id: ['Мындай файл жок.'] }],
    ] as const) {
      const refused = await call('POST', '/api/person-articles/', member, {
        title: `Мукабасыз ${fileId}`,
        cover_file_id: fileId,
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual(body);
    }
    expect(await countPosts()).toBe(before);

    const article = await writeArticle(member, { title: 'Мукабалуу', cover_file_id: coverId });
    const patched = await call('PATCH', `/api/person-articles/${article.id}/`, member, {
      title: 'Башка аталыш',
      cover_file_id: pdfId,
    });
    expect(patched.status).toBe(400);
    expect(patched.body).toEqual(message);
    const kept = await call('GET', `/api/person-articles/${article.id}/`, member);
    expect(kept.body).toMatchObject({ title: 'Мукабалуу', cover_file_id: coverId });
  });
});

/** Classic XSS payloads; each stored body must come back without anything that could run. */
const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="/api/files/1/download/" onerror="alert(1)">',
  '<svg onload=alert(1)><circle r="1"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">link</a>',
  '<a href="JaVaScRiPt:alert(1)">link</a>',
  '<a href="java\nscript:alert(1)">link</a>',
  '<a href="java&#x09;script:alert(1)">link</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">link</a>',
  '<a href="javascript&colon;alert(1)">link</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">link</a>',
  '<a href="vbscript:msgbox(1)">link</a>',
  '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
  '<img src="https://evil.example/track.png">',
  '<img src="//evil.example/x.png">',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="width:expression(alert(1))">x</p>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<body onload=alert(1)>',
  '<p onclick="alert(1)" onmouseover="alert(1)">x</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<<script>script>alert(1)<</script>/script>',
  '<a href="https://ok.example" onclick="alert(1)" target="_self">ok</a>',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
];

/** What must never appear in a stored body: markup that runs code or loads from elsewhere. */
const DANGEROUS = [
  /<script/i,
  /<\/script/i,
  /\son\w+\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:/i,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<form/i,
  /<meta/i,
  /<base/i,
  /<link/i,
  /<style/i,
  /<svg/i,
  /<math/i,
  /<input/i,
  /<details/i,
  /<video/i,
  /<body/i,
  /style=/i,
  /expression\(/i,
  /srcdoc/i,
  /evil\.example/i,
  /target="_self"/i,
];

describe('sanitization of the body', () => {
  it(`stores each of ${XSS_PAYLOADS.length} XSS payloads without anything that could run`, async () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(15);
    for (const payload of XSS_PAYLOADS) {
      const article = await writeArticle(moderator, { title: 'XSS', body: `<p>ok</p>${payload}` });
      // The stored body, as any client (or the article view) receives it.
      const stored = (await call('GET', `/api/person-articles/${article.id}/`, null)).body
        ?.body as string;
      for (const pattern of DANGEROUS) {
        expect(stored, `payload ${payload} left ${pattern}`).not.toMatch(pattern);
      }
      expect(stored).toContain('<p>ok</p>');
    }
  });

  it('sanitizes news bodies and edits too', async () => {
    const item = await writeNews({ body: '<p>a</p><img src=x onerror=alert(1)>' });
    expect(item.body).toBe('<p>a</p>');
    const edited = await call('PATCH', `/api/news/${item.id}/`, moderator, {
      body: '<p onclick="x()">b</p><script>alert(1)</script>',
    });
    expect(edited.body?.body).toBe('<p>b</p>');
  });

  it("keeps the editor's formatting, safe links and this site's images", async () => {
    const html =
      '<h2>Башы</h2><p><strong>калың</strong> <em>жантык</em> <u>асты</u> <s>чийилген</s></p>' +
      '<ul><li>бир</li></ul><ol><li>эки</li></ol><blockquote>цитата</blockquote>' +
      '<pre><code>код</code></pre><hr><p>сап<br>жаңы сап</p>' +
      '<p><img src="/api/files/12/download/" alt="сүрөт"></p>';
    const article = await writeArticle(moderator, {
      body:
        html +
        '<p><a href="https://example.kg/page">шилтеме</a> <a href="mailto:info@example.kg">кат</a></p>',
    });
    // Void elements come back self-closed; nothing else changes.
    expect(article.body).toContain(
      html.replace('<hr>', '<hr />').replace('<br>', '<br />').replace('">', '" />'),
    );
    expect(article.body).toContain(
      '<a href="https://example.kg/page" rel="noopener noreferrer" target="_blank">шилтеме</a>',
    );
    expect(article.body).toContain(
      '<a href="mailto:info@example.kg" rel="noopener noreferrer" target="_blank">кат</a>',
    );
  });
});

describe('OpenAPI', () => {
  it('documents the content endpoints from their schemas', async () => {
    const response = await app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/person-articles/',
        '/api/person-articles/{id}/',
        '/api/news/',
        '/api/news/{id}/',
        '/api/categories/',
        '/api/categories/{id}/',
        '/api/pages/about/',
        '/api/pages/founders/',
        '/api/pages/contacts/',
        '/api/contact-messages/',
        '/api/contact-messages/{id}/',
      ]),
    );
  });
});
