import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEARCH_INTRO, SITE_ROUTES } from '@bagysh/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { clans, files, persons, posts } from '../db/schema';
import { createTestApp } from '../test/app';
import { createTestFileRow, createTestUser, type TestUser } from '../test/factories';
import { addLine, addPerson } from '../modules/persons/persons.factories';
import { escapeHtml } from '../lib/html-escape';

let app: App;
let moderator: TestUser;
let coverId: number;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'bagysh-meta-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="ky"><head><meta charset="UTF-8" />' +
      '<meta name="description" content="Сайттын жалпы сүрөттөмөсү">' +
      '<title>Багыш санжырасы</title></head><body><div id="root"></div></body></html>',
  );
  app = await createTestApp({ webDistDir: dist, publicUrl: 'http://bagysh.example' });
  moderator = await createTestUser(app, { role: 'moderator' });
  coverId = await createTestFileRow(app, moderator.id);
});

// The Host header is the client's to choose: links must come from PUBLIC_URL all the same.
async function page(url: string, status = 200, host = 'evil.example') {
  const response = await app.inject({ url, headers: { host } });
  expect(response.statusCode, url).toBe(status);
  expect(response.headers['content-type']).toContain('text/html');
  return response.body;
}

const decode = (text: string | undefined) =>
  text
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The content attribute of a meta tag, decoded, or undefined when the tag is missing. */
function metaContent(html: string, key: string): string | undefined {
  return decode(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1]);
}

/** The canonical link's href, decoded, or undefined when there is none. */
function canonical(html: string): string | undefined {
  return decode(/<link rel="canonical" href="([^"]*)">/.exec(html)?.[1]);
}

async function write(kind: 'person-articles' | 'news', payload: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/${kind}/`,
    headers: moderator.headers,
    payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

describe('meta tags of shared links', () => {
  it('gives a published article its title, description and absolute cover image', async () => {
    const id = await write('person-articles', {
      title: 'Белгилүү акын',
      lead: 'Акындын өмүрү жана чыгармалары.',
      body: '<p>Текст</p>',
      cover_file_id: coverId,
    });
    const html = await page(`/person-articles/${id}`);
    expect(html).toContain('<title>Белгилүү акын - Багыш санжырасы</title>');
    expect(metaContent(html, 'description')).toBe('Акындын өмүрү жана чыгармалары.');
    expect(metaContent(html, 'og:title')).toBe('Белгилүү акын');
    expect(metaContent(html, 'og:description')).toBe('Акындын өмүрү жана чыгармалары.');
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'og:image')).toBe(
      `http://bagysh.example/api/files/${coverId}/download/`,
    );
    expect(metaContent(html, 'og:url')).toBe(`http://bagysh.example/person-articles/${id}`);
    // The site-wide description gave way to the article's.
    expect(html).not.toContain('Сайттын жалпы сүрөттөмөсү');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<div id="root">');
  });

  it('uses the text of the body when there is no lead, and no image without a cover', async () => {
    const id = await write('news', {
      title: 'Жыйын',
      body: `<h2>Жыйын</h2><p>${'сөз '.repeat(100)}</p>`,
    });
    const html = await page(`/news/${id}/`);
    const description = metaContent(html, 'description') ?? '';
    expect(description.startsWith('Жыйын сөз сөз')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(200);
    expect(description.endsWith('…')).toBe(true);
    expect(metaContent(html, 'og:image')).toBeUndefined();
    expect(metaContent(html, 'og:type')).toBe('article');
  });

  it('escapes a title with markup and quotes so it cannot break out of the tags', async () => {
    // Titles are stored as plain text, so a literal "<" can reach the page through the API…
    const viaApi = await write('news', {
      title: `Тест "кош" 'жалгыз' 1 < 2 & 3 > 2`,
      lead: `"></title><script>alert(1)</script>`,
    });
    const apiHtml = await page(`/news/${viaApi}`);
    expect(apiHtml).toContain(
      '<title>Тест &quot;кош&quot; &#39;жалгыз&#39; 1 &lt; 2 &amp; 3 &gt; 2 - Багыш санжырасы</title>',
    );
    // …and rows written by other means must be just as safe.
    const [row] = await app.db
      .insert(posts)
      .values({
        kind: 'article',
        title: '<script>alert("x")</script>\'"><img src=x onerror=alert(1)>',
        lead: '</title><script>alert(2)</script>',
        status: 'published',
        publishedAt: new Date(),
      })
      .returning({ id: posts.id });
    const html = await page(`/person-articles/${row?.id}`);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain(
      `<title>${escapeHtml('<script>alert("x")</script>\'"><img src=x onerror=alert(1)>')} - Багыш санжырасы</title>`,
    );
    expect(metaContent(html, 'og:title')).toBe(
      '<script>alert("x")</script>\'"><img src=x onerror=alert(1)>',
    );
    expect(metaContent(html, 'description')).toBe('</title><script>alert(2)</script>');
  });

  it('never reflects the Host or X-Forwarded-Host header into the absolute URLs', async () => {
    const id = await write('news', { title: 'Хост', cover_file_id: coverId });
    const html = await page(`/news/${id}`, 200, 'evil"><script>x</script>');
    expect(html).not.toContain('<script>x');
    const forwarded = await app.inject({
      url: `/news/${id}`,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(forwarded.body).not.toContain('evil');
    expect(metaContent(forwarded.body, 'og:url')).toBe(`http://bagysh.example/news/${id}`);
  });

  it('gives unpublished items and unknown ids the not-found head, kept out of the index', async () => {
    const draft = await write('person-articles', { title: 'Долбоор', status: 'draft' });
    const news = await write('news', { title: 'Жаңылык' });
    // Missing to a guest: 404, with the page (which shows its not-found view).
    for (const [url, status] of [
      [`/person-articles/${draft}`, 404],
      ['/person-articles/999999', 404],
      [`/person-articles/${news}`, 404],
      ['/person-articles/add', 200],
      [`/person-articles/edit/${draft}`, 200],
      ['/about', 200],
    ] as const) {
      const html = await page(url, status);
      expect(metaContent(html, 'og:type'), url).toBe('website');
      expect(metaContent(html, 'og:image'), url).toBeUndefined();
      expect(html).not.toContain('Долбоор');
      if (status === 404) {
        expect(html).toContain('<title>Табылган жок - Багыш санжырасы</title>');
        expect(metaContent(html, 'robots')).toBe('noindex');
        expect(canonical(html)).toBeUndefined();
      }
    }
  });
});

describe('the head of every page', () => {
  const staticPublic = SITE_ROUTES.filter(
    (route) => route.access !== 'login' && !route.path.includes(':'),
  );

  it('gives each public page its title, own description, canonical URL and Open Graph tags', async () => {
    const descriptions = new Set<string>();
    for (const route of staticPublic) {
      const html = await page(route.path);
      const title = `${route.title} - Багыш санжырасы`;
      expect(html, route.path).toContain(`<title>${title}</title>`);
      const description = metaContent(html, 'description') ?? '';
      // Kyrgyz (Cyrillic) sentences, one per page.
      expect(description, route.path).toMatch(/^[А-ЯӨҮҢ][^<>]{30,}\.$/);
      descriptions.add(description);
      expect(canonical(html), route.path).toBe(`http://bagysh.example${route.path}`);
      expect(metaContent(html, 'og:url'), route.path).toBe(`http://bagysh.example${route.path}`);
      expect(metaContent(html, 'og:title'), route.path).toBe(route.title);
      expect(metaContent(html, 'og:description'), route.path).toBe(description);
      expect(metaContent(html, 'og:type'), route.path).toBe('website');
      expect(metaContent(html, 'og:site_name'), route.path).toBe('Багыш санжырасы');
      expect(metaContent(html, 'og:locale'), route.path).toBe('ky_KG');
      expect(metaContent(html, 'twitter:card'), route.path).toBe('summary');
      expect(metaContent(html, 'robots'), route.path).toBeUndefined();
      // Each tag once: the template's own description gave way.
      expect(html.match(/name="description"/g), route.path).toHaveLength(1);
      expect(html.match(/rel="canonical"/g), route.path).toHaveLength(1);
    }
    expect(descriptions.size).toBe(staticPublic.length);
  });

  it('keeps only the query parameters that make the page in the canonical URL', async () => {
    for (const [url, expected] of [
      ['/persons?q=Асан&utm_source=x', '/persons'],
      ['/Persons/', '/persons'],
      ['/search?person=12&utm_source=x', '/search?person=12'],
      ['/comparison?b=7&a=3&x=1', '/comparison?a=3&b=7'],
      ['/news?page=2&compose=1', '/news?page=2'],
      ['/news?page=1', '/news'],
      ['/person-articles?category=4&page=3', '/person-articles?page=3&category=4'],
      ['/about?"><script>x</script>', '/about'],
    ] as const) {
      const html = await page(url);
      expect(canonical(html), url).toBe(`http://bagysh.example${expected}`);
      expect(metaContent(html, 'og:url'), url).toBe(`http://bagysh.example${expected}`);
    }
    const html = await page('/search?person="><script>x</script>');
    expect(html).not.toContain('<script>x');
    expect(canonical(html)).toBe(
      'http://bagysh.example/search?person=%22%3E%3Cscript%3Ex%3C%2Fscript%3E',
    );
  });

  it('keeps members-only pages out of search results, with no canonical URL', async () => {
    const draft = await write('person-articles', { title: 'Жашыруун', status: 'draft' });
    for (const url of [
      '/polls',
      '/files',
      '/categories',
      '/users',
      '/profile',
      '/moderation',
      '/contributions',
      '/person-articles/add',
      `/person-articles/edit/${draft}`,
    ]) {
      const html = await page(url);
      expect(metaContent(html, 'robots'), url).toBe('noindex');
      expect(canonical(html), url).toBeUndefined();
      expect(metaContent(html, 'og:url'), url).toBeUndefined();
      expect(html, url).not.toContain('Жашыруун');
    }
    expect(metaContent(await page('/login'), 'robots')).toBeUndefined();
    expect(canonical(await page('/login'))).toBe('http://bagysh.example/login');
  });
});

describe('the head of a person page', () => {
  let photoId: number;
  let clanName: string;
  let founder: number;
  let dead: number;
  let living: number;

  beforeAll(async () => {
    photoId = await createTestFileRow(app, moderator.id);
    const [root, son] = await addLine(app, moderator, ['Багыш', 'Жакшылык']);
    founder = root?.id ?? 0;
    clanName = 'Жакшылык уругу';
    await app.db.insert(clans).values({ name: clanName, founderId: son?.id ?? 0 });
    dead = (
      await addPerson(app, moderator, {
        name: 'Өмүрбек',
        sex: 'M',
        father_id: son?.id,
        birth_year: 1850,
        death_year: 1910,
        biography: '<p>Белгилүү <b>манасчы</b> болгон.</p>',
        photo_file_id: photoId,
      })
    ).id;
    living = (
      await addPerson(app, moderator, {
        name: 'Азамат',
        sex: 'M',
        father_id: dead,
        birth_year: 1990,
        birth_place: 'Талас',
        biography: '<p>Мугалим.</p>',
        // A photo of their own: one shared with Өмүрбек would be members-only for him too.
        photo_file_id: await createTestFileRow(app, moderator.id),
      })
    ).id;
  });

  it('shows a person who is not living in full: father, generation, clan, years, biography, photo', async () => {
    const html = await page(`/persons/${dead}`);
    expect(html).toContain('<title>Өмүрбек - Багыш санжырасы</title>');
    const description =
      'Өмүрбек. Атасы: Жакшылык. 3-муун. Уруу / урук: Жакшылык уругу. Туулган жылы: 1850. ' +
      'Каза болгон жылы: 1910. Белгилүү манасчы болгон.';
    expect(metaContent(html, 'description')).toBe(description);
    expect(metaContent(html, 'og:description')).toBe(description);
    // The pre-rendered shell shows the same, before any script.
    expect(html).toContain(`<div class="ssr-h">Өмүрбек</div><p>${escapeHtml(description)}</p>`);
    expect(metaContent(html, 'og:title')).toBe('Өмүрбек');
    expect(metaContent(html, 'og:type')).toBe('profile');
    expect(metaContent(html, 'og:image')).toBe(
      `http://bagysh.example/api/files/${photoId}/download/`,
    );
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(canonical(html)).toBe(`http://bagysh.example/persons/${dead}`);
    expect(canonical(await page(`/persons/${dead}/?tab=tree`))).toBe(
      `http://bagysh.example/persons/${dead}`,
    );
    // The founder of the whole line: no father, no clan above him.
    expect(metaContent(await page(`/persons/${founder}`), 'description')).toBe('Багыш. 1-муун.');
  });

  it('shows of a living person only the name and father line, whatever else the row holds', async () => {
    const url = `/persons/${living}`;
    const before = await page(url);
    expect(metaContent(before, 'description')).toBe(
      'Азамат. Атасы: Өмүрбек. 4-муун. Уруу / урук: Жакшылык уругу.',
    );
    expect(metaContent(before, 'og:image')).toBeUndefined();
    expect(metaContent(before, 'twitter:card')).toBe('summary');
    expect(before).not.toContain('1990');
    expect(before).not.toContain('Талас');
    expect(before).not.toContain('Мугалим');

    // Everything the rule hides, changed: the page a guest (or a crawler) gets stays the same,
    // byte for byte.
    const other = await createTestFileRow(app, moderator.id);
    await app.db
      .update(persons)
      .set({
        birthYear: 1995,
        birthDate: '1995-03-08',
        birthPlace: 'Нарын',
        biography: '<p>Дарыгер.</p>',
        photoFileId: other,
        sex: 'F',
        birthOrder: 3,
        isLiving: true,
      })
      .where(eq(persons.id, living));
    expect(await page(url)).toBe(before);
  });

  it('titles the person’s charts by the name, and canonicalizes them on their own path', async () => {
    const pedigree = await page(`/persons/${dead}/pedigree`);
    expect(pedigree).toContain('<title>Өмүрбек: ата-теги - Багыш санжырасы</title>');
    expect(canonical(pedigree)).toBe(`http://bagysh.example/persons/${dead}/pedigree`);
    const descendants = await page(`/persons/${dead}/descendants/`);
    expect(metaContent(descendants, 'og:title')).toBe('Өмүрбек: урпактары');
    const fan = await page(`/persons/${dead}/fan`);
    expect(fan).toContain('<title>Өмүрбек: жети ата - Багыш санжырасы</title>');
    expect(canonical(fan)).toBe(`http://bagysh.example/persons/${dead}/fan`);
    expect(metaContent(await page(`/persons/${living}/pedigree`), 'description')).toBe(
      'Азамат. Атасы: Өмүрбек. 4-муун. Уруу / урук: Жакшылык уругу.',
    );
  });

  it('escapes a name with quotes and markup', async () => {
    const name = `"Айбек" 'Тест' </title><script>alert(1)</script>`;
    await app.db.update(persons).set({ name }).where(eq(persons.id, dead));
    const html = await page(`/persons/${dead}`);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain(`<title>${escapeHtml(name)} - Багыш санжырасы</title>`);
    expect(metaContent(html, 'og:title')).toBe(name);
    expect(metaContent(html, 'description')?.startsWith(`${name}. Атасы`)).toBe(true);
  });

  it('answers 404 with the not-found head for a missing person', async () => {
    for (const url of [
      '/persons/999999',
      '/persons/0',
      '/persons/99999999999',
      '/persons/999999/pedigree',
      '/persons/abc/descendants',
    ]) {
      const html = await page(url, 404);
      expect(metaContent(html, 'robots'), url).toBe('noindex');
      expect(canonical(html), url).toBeUndefined();
    }
  });
});

describe('the pre-rendered shell', () => {
  /** The text of the shell's heading and paragraph, or undefined when the page has no shell. */
  function shell(html: string): { h1: string; p: string } | undefined {
    const match =
      /<div id="root"><div class="ssr[^"]*" data-ssr-shell><style>[^<]*<\/style><div class="ssr-bar"><span>Багыш санжырасы<\/span><\/div>(?:<div class="ssr-hero">)?<div class="ssr-main"><div class="ssr-h">([^<]*)<\/div>(?:<div class="ssr-meta"><\/div>(?:<div class="ssr-about">.*?<\/div>)?(?:<img class="ssr-cover"[^>]*>)?)?<p>([^<]*)<\/p><\/div>(?:<\/div><div class="ssr-band"><\/div>)?<\/div><\/div>/.exec(
        html,
      );
    return match ? { h1: decode(match[1]) ?? '', p: decode(match[2]) ?? '' } : undefined;
  }

  it("shows the page's heading and description before any script, in the page's frame", async () => {
    const home = await page('/');
    // The hero's own lead (ky.ts `home.lead`), not the longer meta description: the app's
    // first render shows the same words.
    expect(shell(home)).toEqual({
      h1: 'Багыш санжырасы',
      p: 'Издөөгө боло турган жандуу санжыра дарагы, эки адамдын ортосундагы туугандык, белгилүү инсандар жана жаңылыктар.',
    });
    expect(metaContent(home, 'description')).toMatch(/^Багыш уруусунун санжырасы: /);
    expect(home).toContain('class="ssr ssr-landing"');
    // The landing's text in the hero's gradient, the figures band's colour under it.
    expect(home).toMatch(
      /<div class="ssr-hero"><div class="ssr-main">.*?<\/div><\/div><div class="ssr-band"><\/div>/,
    );
    const persons = await page('/persons');
    expect(shell(persons)).toEqual({ h1: 'Инсандар', p: metaContent(persons, 'description') });
    expect(persons).not.toContain('<div class="ssr-hero">');
    // The default layout (the side rail's space from md to lg) and the page's own column.
    expect(persons).toContain('class="ssr ssr-default"');
    expect(await page('/about')).toContain('class="ssr ssr-default ssr-page"');
    // The tree's intro line sits close under its heading, as wide as the list column.
    const search = await page('/search');
    expect(search).toContain('class="ssr ssr-default ssr-intro"');
    // Its own line, as the app's, not the page's description.
    expect(shell(search)).toEqual({ h1: 'Санжыра', p: SEARCH_INTRO });
    const id = await write('news', { title: 'Жыйын "2026" & той', lead: 'Жыйын <болот>.' });
    const news = await page(`/news/${id}`);
    expect(shell(news)).toEqual({ h1: 'Жыйын "2026" & той', p: 'Жыйын <болот>.' });
    expect(news).toContain(
      '<div class="ssr-h">Жыйын &quot;2026&quot; &amp; той</div><div class="ssr-meta"></div><p>Жыйын &lt;болот&gt;.</p>',
    );
    expect(news).toContain('class="ssr ssr-default ssr-article"');
  });

  it("reserves an article's person line and its cover's box above the lead, as the app draws them", async () => {
    const cover = await createTestFileRow(app, moderator.id, {
      pixels: { width: 1200, height: 675 },
    });
    const person = await addPerson(app, moderator, {
      name: 'Токтогул <акын>',
      birth_year: 1850,
      death_year: 1910,
    });
    const about = await write('person-articles', {
      title: 'Акын',
      lead: 'Акындын өмүрү.',
      person_id: person.id,
      cover_file_id: cover,
    });
    expect(await page(`/person-articles/${about}`)).toContain(
      `<div class="ssr-h">Акын</div><div class="ssr-meta"></div><div class="ssr-about"><i></i><span>Кимдин санжырасы:</span><b>Токтогул &lt;акын&gt;</b></div><img class="ssr-cover" src="/api/files/${cover}/download/" width="1200" height="675" alt=""><p>Акындын өмүрү.</p>`,
    );
    // A cover whose size is not known (the upload could not read it): the image, no box.
    const unsized = await createTestFileRow(app, moderator.id);
    const news = await write('news', { title: 'Той', lead: 'Той болот.', cover_file_id: unsized });
    expect(await page(`/news/${news}`)).toContain(
      `<div class="ssr-meta"></div><img class="ssr-cover" src="/api/files/${unsized}/download/" alt=""><p>Той болот.</p>`,
    );
  });

  it("shows a person's photo in the header's box by the app's URL, and never a living person's", async () => {
    const photo = await createTestFileRow(app, moderator.id);
    const image = (url: string) => `<img class="ssr-photo" src="${url}" alt="">`;
    const placeholder = '<div class="ssr-photo ssr-nophoto"><svg';
    const dead = { birth_year: 1850, death_year: 1910 };
    const media = [{ file_id: photo, title: 'Сүрөт' }];

    const chosen = await addPerson(app, moderator, { ...dead, photo_file_id: photo });
    expect(await page(`/persons/${chosen.id}`)).toContain(image(`/api/files/${photo}/download/`));
    // No chosen photo: the first public image linked to the person, by its thumbnail.
    const linked = await addPerson(app, moderator, { ...dead, media });
    const linkedHtml = await page(`/persons/${linked.id}`);
    expect(linkedHtml).toContain(image(`/api/files/${photo}/thumbnail/`));
    // A shared link's preview shows the same photo, whole.
    expect(metaContent(linkedHtml, 'og:image')).toBe(
      `http://bagysh.example/api/files/${photo}/download/`,
    );
    const none = await addPerson(app, moderator, dead);
    const noneHtml = await page(`/persons/${none.id}`);
    expect(noneHtml).toContain(placeholder);
    expect(noneHtml).not.toContain('/api/files/');
    // The photo's box is the person page's: a chart's heading spans its column.
    expect(await page(`/persons/${chosen.id}/pedigree`)).not.toContain('class="ssr-photo');

    // A living person's photo is hidden from a guest like the rest: the placeholder, no file.
    const living = await addPerson(app, moderator, {
      birth_year: 2000,
      photo_file_id: photo,
      media,
    });
    const livingHtml = await page(`/persons/${living.id}`);
    expect(livingHtml).toContain(placeholder);
    expect(livingHtml).not.toContain('/api/files/');

    // A chosen photo made members-only since: a guest could not load it.
    await app.db.update(files).set({ visibility: 'members' }).where(eq(files.id, photo));
    const hidden = await page(`/persons/${chosen.id}`);
    expect(hidden).toContain(placeholder);
    // Neither the shell nor a shared link's preview names it.
    expect(hidden).not.toContain('/api/files/');
  });

  it('leaves the app alone on members-only, login and not-found pages', async () => {
    for (const [url, status] of [
      ['/polls', 200],
      ['/login', 200],
      ['/no/such/page', 404],
      ['/news/999999', 404],
    ] as const) {
      const html = await page(url, status);
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).not.toContain('data-ssr-shell');
    }
  });
});
