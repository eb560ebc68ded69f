import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { toRunes } from '@bagysh/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser, signInAs, type Auth } from './support/accounts';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { solidPng } from './support/images';
import { open, storeLanguage } from './support/shell';

/**
 * The GEDCOM import / export page, end to end: a moderator previews the fixture (events,
 * sources, an informant, an adoption, two marriages; CRLF; an unknown tag, a bad date and a
 * dangling citation), imports it, follows the job across a reload, downloads the report, and
 * exports GEDCOM 7.0 that previews with the same records. Members are refused.
 */

/** Set GEDCOM_SHOTS=1 to keep screenshots under /tmp/shots-p3. */
const SHOTS = process.env.GEDCOM_SHOTS ? '/tmp/shots-p3' : null;
const FIXTURE = join(import.meta.dirname, 'fixtures', 'bagysh-e2e.ged');
const COUNTED = ['individuals', 'families', 'events', 'sources'] as const;
type Counts = Record<(typeof COUNTED)[number], number>;

let moderator: Auth;
let member: Auth;

beforeAll(async () => {
  [moderator, member] = await Promise.all([
    registerUser({ name: 'gedcom_moder', role: 'moderator' }),
    registerUser({ name: 'gedcom_member' }),
  ]);
});

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Picks a file in the upload panel and waits for its preview. */
async function previewFile(page: Page, file: { name: string; buffer: Buffer }) {
  await page.getByTestId('gedcom-file-input').setInputFiles({
    name: file.name,
    mimeType: 'application/octet-stream',
    buffer: file.buffer,
  });
  await page.getByTestId('gedcom-preview').waitFor();
  await page.waitForURL(/\/gedcom\?preview=/);
}

async function previewCounts(page: Page): Promise<Counts> {
  const grid = page.getByTestId('gedcom-counts');
  const entries = await Promise.all(
    COUNTED.map(
      async (key) =>
        [
          key,
          Number(await grid.locator(`[data-count="${key}"] [data-value]`).textContent()),
        ] as const,
    ),
  );
  return Object.fromEntries(entries) as Counts;
}

/** A zip archive with stored (uncompressed) entries: a GEDZip file as a program writes one. */
function storedZip(entries: { name: string; content: Buffer }[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, content } of entries) {
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(content), 14);
    local.writeUInt32LE(content.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt32LE(crc32(content), 16);
    entry.writeUInt32LE(content.length, 20);
    entry.writeUInt32LE(content.length, 24);
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    parts.push(local, fileName, content);
    central.push(entry, fileName);
    offset += local.length + fileName.length + content.length;
  }
  const size = central.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...central, end]);
}

/**
 * Clicks an export button and answers the downloaded file: the browser's own download of the
 * signed export link (streamed to disk), not a blob the page built in memory.
 */
async function exportFile(page: Page, choice: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(`[data-export="${choice}"]`).click(),
  ]);
  const from = new URL(download.url());
  expect(from.origin).toBe(new URL(page.url()).origin);
  expect(from.pathname).toBe('/api/gedcom/export/');
  expect(from.searchParams.get('signature')).toMatch(/^[\w-]{43}$/);
  return {
    name: download.suggestedFilename(),
    buffer: readFileSync((await download.path()) ?? ''),
  };
}

/** Previews the tree's 7.0 export and drops the preview again: its record counts. */
async function exportedCounts(page: Page): Promise<Counts> {
  const exported = await exportFile(page, '7.0-include');
  expect(exported.name).toBe('bagysh-sanjyra-7.0.ged');
  expect(exported.buffer.toString('utf8')).toMatch(/^0 HEAD\r?\n[\s\S]*2 VERS 7\.0/);
  await previewFile(page, exported);
  const counts = await previewCounts(page);
  await page.getByRole('button', { name: 'Жокко чыгаруу' }).click();
  await page.getByTestId('gedcom-upload').waitFor();
  expect(new URL(page.url()).search).toBe('');
  return counts;
}

describe('/gedcom: import with preview, job and report; export', () => {
  const session = useBrowser();

  it('refuses a member: no nav item, and /gedcom shows the 403 page', async () => {
    const page = await session.newPage(DESKTOP);
    await signInAs(page, member);
    await open(page, '/search');
    const nav = page.getByTestId('header-nav');
    await nav.getByRole('link', { name: 'Колдонуучулар' }).waitFor();
    expect(await nav.getByRole('link', { name: 'GEDCOM' }).count()).toBe(0);
    await open(page, '/gedcom');
    expect(await page.locator('h1').textContent()).toBe('Кирүүгө уруксат жок');
    expect(await page.getByTestId('gedcom-upload').count()).toBe(0);
    // The API refuses too.
    const { status } = await fetch(`${session.baseUrl}/api/gedcom/jobs/`, {
      headers: { Authorization: `Bearer ${member.access}` },
    });
    expect(status).toBe(403);
  });

  it('previews, imports, follows the job across a reload, reports, and round-trips 7.0', async () => {
    const page = await session.newPage(DESKTOP);
    await signInAs(page, moderator);
    await open(page, '/search');
    // Staff's management pages are in the header's 'Башкаруу' menu.
    await page.getByTestId('header-nav').getByRole('button', { name: 'Башкаруу' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'GEDCOM' }).click();
    await page.waitForURL(/\/gedcom$/);
    await page.getByTestId('gedcom-upload').waitFor();
    expect(await page.locator('h1').textContent()).toBe('GEDCOM: импорт жана экспорт');

    const before = await exportedCounts(page);

    // The preview: counts, encoding, warnings with their lines; nothing written yet.
    const fixture = { name: 'bagysh-e2e.ged', buffer: readFileSync(FIXTURE) };
    expect(fixture.buffer.toString('utf8')).toContain('\r\n');
    await previewFile(page, fixture);
    const preview = page.getByTestId('gedcom-preview');
    expect(await preview.locator('h2').textContent()).toBe('Алдын ала көрүү: bagysh-e2e.ged');
    const fileCounts = await previewCounts(page);
    expect(fileCounts).toEqual({ individuals: 7, families: 3, events: 19, sources: 2 });
    expect(await page.getByTestId('gedcom-file-facts').textContent()).toMatch(
      /GEDCOM версиясы: 5\.5\.1 · Коддоо: UTF-8/,
    );
    const warnings = page.getByTestId('gedcom-warning');
    expect(await warnings.allTextContents()).toEqual([
      expect.stringMatching(/^Сап 46.*Белгисиз тег TOTEM/),
      expect.stringMatching(/^Сап 63 · @I3@«бир кышта» GEDCOM датасы катары окулган жок/),
      expect.stringMatching(/^Сап 81 · @I5@@S9@ табылган жок/),
    ]);
    await shot(page, 'preview-desktop-ky');

    // Commit (add): the URL carries the job, which polls to the end.
    await page.getByRole('radio', { name: /Санжырага кошуу/ }).check();
    expect(await page.getByRole('radio', { name: /Бүт санжыраны алмаштыруу/ }).isDisabled()).toBe(
      true,
    );
    await page.getByRole('button', { name: 'Импорттоо' }).click();
    await page.waitForURL(/\/gedcom\?job=/);
    const job = page.getByTestId('gedcom-job');
    await job.waitFor();
    await page.getByTestId('gedcom-job-done').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('gedcom-job-done').textContent()).toBe(
      'Импорт аяктады: 7 инсан кошулду.',
    );
    const jobUrl = page.url();

    // After a reload the job and its full report are still there, warnings filterable.
    await page.reload();
    await page.getByTestId('gedcom-job-done').waitFor();
    expect(page.url()).toBe(jobUrl);
    expect(await warnings.count()).toBe(3);
    await page.getByRole('button', { name: 'Өзгөртүлгөн же калтырылган' }).click();
    expect(await warnings.allTextContents()).toEqual([
      expect.stringMatching(/^Сап 81 · @I5@@S9@ табылган жок/),
    ]);
    await page.getByRole('button', { name: 'Маалымат үчүн' }).click();
    expect(await warnings.count()).toBe(2);
    await shot(page, 'job-desktop-ky');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Отчетту жүктөп алуу' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('bagysh-e2e-report.txt');
    const report = readFileSync((await download.path()) ?? '', 'utf8');
    expect(report).toContain('Файл: bagysh-e2e.ged');
    expect(report).toContain('Кошулган инсандар: 7');
    expect(report).toContain('Эскертүүлөр: 3');
    expect(report).toMatch(/46-сап: Белгисиз тег TOTEM/);
    expect(report).toContain('63-сап, @I3@: «бир кышта» GEDCOM датасы');
    expect(report).toContain('81-сап, @I5@: @S9@ табылган жок');

    // The history lists the import with who, the file and the persons.
    const row = page.getByTestId('gedcom-history').locator(`[data-job="${jobUrl.split('=')[1]}"]`);
    expect(await row.textContent()).toMatch(
      new RegExp(`${moderator.user.username}bagysh-e2e\\.ged7 / 7Аяктады`),
    );

    // Round trip: the 7.0 export now holds exactly the imported records more.
    await page.getByRole('button', { name: 'Башка файл импорттоо' }).click();
    await page.getByTestId('gedcom-upload').waitFor();
    const after = await exportedCounts(page);
    for (const key of COUNTED) expect(after[key] - before[key], key).toBe(fileCounts[key]);

    // 5.5.1 without living persons: another file, another header.
    const plain = await exportFile(page, '5.5.1-exclude');
    expect(plain.name).toBe('bagysh-sanjyra-5.5.1-no-living.ged');
    expect(plain.buffer.toString('utf8')).toMatch(/^0 HEAD\r?\n[\s\S]*2 VERS 5\.5\.1/);
    expect(plain.buffer.toString('utf8')).toContain('1 NAME Кайыпназар /Сарыбаев/');
  });

  it('shows the imported records on the person page and both parents’ lines in the pedigree', async () => {
    // Runs after the import above: the fixture's persons are in the tree.
    const idOf = async (name: string) => {
      const url = `${session.baseUrl}/api/persons/?q=${encodeURIComponent(name)}`;
      const response = await fetch(url, {
        headers: { Authorization: `Bearer ${moderator.access}` },
      });
      const { results } = (await response.json()) as { results: { id: number; name: string }[] };
      const found = results.filter((person) => person.name === name);
      expect(found, name).toHaveLength(1);
      return found[0]!.id;
    };
    const [kayypnazar, toktonazar, bektemir] = await Promise.all([
      idOf('Кайыпназар Сарыбаев'),
      idOf('Токтоназар Кайыпназаров'),
      idOf('Бектемир Асылбеков'),
    ]);
    const page = await session.newPage(DESKTOP);
    await page.goto(`/persons/${kayypnazar}`);
    await page.locator('h1', { hasText: 'Кайыпназар Сарыбаев' }).waitFor();
    expect(await page.getByTestId('person-nickname').textContent()).toContain('Калыс');

    // Events with Kyrgyz dates and places, and the unions' marriages and children.
    const timeline = page.getByTestId('person-timeline');
    await timeline.locator('[data-timeline="child"]').first().waitFor();
    const order = await timeline
      .locator('li')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-timeline')));
    expect(order).toEqual([
      'birth',
      'residence',
      'marriage',
      'child',
      'marriage',
      'child',
      'death',
      'occupation',
      'burial',
    ]);
    const text = (await timeline.textContent()) ?? '';
    expect(text).toContain('болжол менен 1830');
    expect(text).toContain('Кочкор, Нарын, Кыргызстан');
    expect(text).toContain('Жумгал, Нарын, Кыргызстан');
    expect(text).toContain('малчы');

    // The birth's citation opens the book with its page.
    await timeline.getByRole('button', { name: /^1-булак: Багыш санжырасы \(колжазма\)$/ }).click();
    const details = page.getByTestId('citation-source');
    await details.getByText('Осмонкул Бөкөнбаев').waitFor();
    expect(await details.textContent()).toContain('45-бет');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    // Two marriages in order, each with its child; both sources; the shared note.
    const unions = page.getByTestId('person-family').locator('[data-union]');
    expect(await unions.count()).toBe(2);
    expect(await unions.nth(0).textContent()).toMatch(/Бурулкан.*Токтоназар Кайыпназаров/);
    expect(await unions.nth(1).textContent()).toMatch(/Сайракан.*Эшназар Кайыпназаров/);
    const sources = (await page.getByTestId('person-sources').textContent()) ?? '';
    expect(sources).toContain('Багыш санжырасы (колжазма)');
    expect(sources).toContain('Кайыпназардын тукуму жөнүндө аңгеме');
    expect(await page.getByTestId('person-notes').textContent()).toContain(
      'Кайыпназар эл арасында калыс катары белгилүү болгон.',
    );
    await shot(page, 'imported-person-desktop-ky');

    // The adopted son: his birth father, and Кайыпназар as the adoptive family.
    await page.goto(`/persons/${bektemir}`);
    await page.locator('h1', { hasText: 'Бектемир Асылбеков' }).waitFor();
    const family = page.getByTestId('person-family');
    await family
      .getByRole('link', { name: /Асылбек/ })
      .first()
      .waitFor();
    const adoptive = (await family.locator('[data-parents="adopted"]').textContent()) ?? '';
    expect(adoptive).toContain('Асырап алган');
    expect(adoptive).toContain('Кайыпназар Сарыбаев');

    // The pedigree chart of the first wife's son: his father's and his mother's lines.
    await page.goto(`/persons/${toktonazar}/pedigree`);
    await page.locator('h1', { hasText: 'Токтоназар Кайыпназаров: ата-теги' }).waitFor();
    const chart = page.locator('svg[role="group"]');
    await chart.locator(`a[data-person="${kayypnazar}"]`).waitFor();
    expect(await chart.textContent()).toContain('Бурулкан');
    await shot(page, 'imported-pedigree-desktop-ky');
  });

  it('shows Kyrgyz messages for a wrong file, and the upload progress on a slow line', async () => {
    const page = await session.newPage(DESKTOP);
    await signInAs(page, moderator);
    await open(page, '/gedcom');
    await page.getByTestId('gedcom-file-input').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture'),
    });
    expect(await page.getByTestId('gedcom-upload-error').textContent()).toBe(
      'GEDCOM (.ged) же GEDZip (.zip, .gdz) файлын тандаңыз.',
    );
    await previewFile(page, { name: 'page.ged', buffer: Buffer.from('<!doctype html><p>x</p>') });
    expect(await page.getByTestId('gedcom-refusal').textContent()).toMatch(/GEDCOM файлы эмес/);
    expect(await page.getByRole('button', { name: 'Импорттоо' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Жокко чыгаруу' }).click();
    await page.getByTestId('gedcom-upload').waitFor();

    // On a slow line the upload's bar moves before the preview comes.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 100 * 1024,
    });
    const padded = [
      '0 HEAD',
      '1 GEDC',
      '2 VERS 5.5.1',
      '1 CHAR UTF-8',
      '0 @I1@ INDI',
      '1 NAME Узун /Файлов/',
      ...Array.from({ length: 3000 }, (_, i) => `1 _PAD ${String(i).padStart(60, '-')}`),
      '0 TRLR',
      '',
    ].join('\r\n');
    await page.getByTestId('gedcom-file-input').setInputFiles({
      name: 'padded.ged',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(padded),
    });
    const bar = page.getByTestId('gedcom-upload-progress').getByRole('progressbar');
    const seen = new Set<number>();
    await expect
      .poll(async () => {
        const value = Number(await bar.getAttribute('aria-valuenow').catch(() => null));
        if (value > 0 && value < 100) seen.add(value);
        return seen.size;
      })
      .toBeGreaterThan(0);
    await page.getByTestId('gedcom-preview').waitFor();
    expect(await previewCounts(page)).toEqual({
      individuals: 1,
      families: 0,
      events: 0,
      sources: 0,
    });
    await page.getByRole('button', { name: 'Жокко чыгаруу' }).click();
    await page.getByTestId('gedcom-upload').waitFor();
  });

  it('previews a GEDZip archive: the media files it will import, the missing one warned', async () => {
    const gedcom = [
      '0 HEAD',
      '1 GEDC',
      '2 VERS 5.5.1',
      '1 CHAR UTF-8',
      '0 @I1@ INDI',
      '1 NAME Сүрөттүү /Бабаев/',
      '1 DEAT Y',
      '1 OBJE',
      '2 FILE photos/baba.png',
      '2 _PRIM Y',
      '1 OBJE',
      '2 FILE photos/lost.jpg',
      '0 TRLR',
      '',
    ].join('\n');
    const archive = storedZip([
      { name: 'gedcom.ged', content: Buffer.from(gedcom) },
      { name: 'photos/baba.png', content: solidPng(24, 24, [40, 90, 160]) },
    ]);
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await session.newPage(viewport);
      await signInAs(page, moderator);
      await open(page, '/gedcom');
      await previewFile(page, { name: 'baba.gdz', buffer: archive });
      const tile = page.getByTestId('gedcom-counts').locator('[data-count="media_files"]');
      expect(await tile.locator('dt').textContent()).toBe('Кошула турган файлдар');
      expect(await tile.locator('[data-value]').textContent()).toBe('1');
      await expect
        .poll(() => page.getByTestId('gedcom-preview').textContent())
        .toContain('«photos/lost.jpg» медиа файлы GEDZip архивинде жок');
      await shot(page, `gedzip-preview-${name}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.getByRole('button', { name: 'Жокко чыгаруу' }).click();
      await page.getByTestId('gedcom-upload').waitFor();
      await page.context().close();
    }
  });

  it('imports a GEDZip marriage: its photo in the timeline, its inline note in the marriage dialog, both kept on save', async () => {
    const tag = Math.random().toString(36).slice(2, 7);
    const husband = `Тойчу ${tag}`;
    const note = `Той Кочкордо болгон ${tag}.`;
    const gedcom = [
      '0 HEAD',
      '1 GEDC',
      '2 VERS 5.5.1',
      '1 CHAR UTF-8',
      '0 @I1@ INDI',
      `1 NAME ${husband}`,
      '1 SEX M',
      '1 DEAT Y',
      '1 FAMS @F1@',
      '0 @I2@ INDI',
      `1 NAME Келин ${tag}`,
      '1 SEX F',
      '1 DEAT Y',
      '1 FAMS @F1@',
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 WIFE @I2@',
      '1 MARR',
      '2 DATE 1870',
      '2 OBJE',
      '3 FILE photos/toi.png',
      `1 NOTE ${note.slice(0, 10)}`,
      `2 CONC ${note.slice(10)}`,
      '0 TRLR',
      '',
    ].join('\n');
    const archive = storedZip([
      { name: 'gedcom.ged', content: Buffer.from(gedcom) },
      { name: 'photos/toi.png', content: solidPng(32, 24, [160, 90, 40]) },
    ]);
    const page = await session.newPage(DESKTOP);
    await signInAs(page, moderator);
    await open(page, '/gedcom');
    await previewFile(page, { name: 'toi.gdz', buffer: archive });
    await page.getByRole('radio', { name: /Санжырага кошуу/ }).check();
    await page.getByRole('button', { name: 'Импорттоо' }).click();
    await page.getByTestId('gedcom-job-done').waitFor({ timeout: 30_000 });
    const found = await fetch(`${session.baseUrl}/api/persons/?q=${encodeURIComponent(husband)}`, {
      headers: { Authorization: `Bearer ${moderator.access}` },
    });
    const { results } = (await found.json()) as { results: { id: number }[] };
    expect(results).toHaveLength(1);
    await open(page, `/persons/${results[0]?.id}`);

    // The members-only photo (as GEDZip files are) loads through the reader's token.
    const marriage = page.getByTestId('person-timeline').locator('[data-timeline="marriage"]');
    const photo = marriage.locator('[data-event-media] img');
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    await page.getByRole('button', { name: new RegExp(`^Никени түзөтүү: Келин ${tag}`) }).click();
    const dialog = page.getByRole('dialog', { name: 'Никени түзөтүү' });
    await dialog.waitFor();
    expect(await dialog.locator('[data-union-note-row]').textContent()).toBe(note);
    expect(await dialog.locator('[data-union-event-media="0"]').textContent()).toContain(
      'Бул окуяга 1 файл тиркелген',
    );
    await dialog.locator('#union-event-0-date').fill('ABT 1870');
    await dialog.getByRole('button', { name: 'Сактоо' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => marriage.textContent()).toContain('болжол менен 1870');
    expect(await marriage.locator('[data-event-media]').count()).toBe(1);
    await page.context().close();
  });

  it('works on a phone and in runes, without sideways scrolling', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      for (const lang of ['ky', 'old_ky']) {
        const page = await session.newPage(viewport);
        await signInAs(page, moderator);
        await storeLanguage(page, lang);
        await open(page, '/gedcom');
        if (lang === 'old_ky') {
          await expect
            .poll(() => page.title())
            .toBe(toRunes('GEDCOM: импорт жана экспорт - Багыш санжырасы'));
        }
        await page.getByTestId('gedcom-history').waitFor();
        await shot(page, `upload-${name}-${lang}`);
        await page.getByTestId('gedcom-history').getByRole('button').first().click();
        await page.getByTestId('gedcom-job').waitFor();
        await shot(page, `job-${name}-${lang}`);
        await page.getByRole('button', { name: 'Башка файл импорттоо' }).click();
        await previewFile(page, { name: 'bagysh-e2e.ged', buffer: readFileSync(FIXTURE) });
        await shot(page, `preview-${name}-${lang}`);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${name} ${lang}`,
        ).toBeLessThanOrEqual(viewport.width);
        await page.getByRole('button', { name: 'Жокко чыгаруу' }).click();
        await page.getByTestId('gedcom-upload').waitFor();
        await page.context().close();
      }
    }
  });
});
