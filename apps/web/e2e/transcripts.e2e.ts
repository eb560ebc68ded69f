import { createHash, randomBytes } from 'node:crypto';
import { toRunes, UPLOAD_LIMITS } from '@bagysh/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { loginAdmin, registerUser, signInAs, type Auth } from './support/accounts';
import { postCreated } from './support/api';
import { DESKTOP, FLOW_COMBOS, PHONE, useBrowser, whereOf } from './support/browser';
import { minuteToneWav, toneWav } from '../../../scripts/test-wav';
import { recorderWebm } from '../../../scripts/test-webm';
import { open, storeLanguage } from './support/shell';
import { screenshots } from './support/shots';

/**
 * A recording's transcript (/recordings/{id}): a member writes it while the recording plays
 * (Alt+Enter starts a segment where the recording is) and sends it as a proposal; a moderator
 * accepts it on /moderation; then a click on a segment's time plays the recording from there,
 * `?t=` opens it at a second, and the search of everything finds its words at that second. A
 * fact cited from the informant's recording opens it at the second cited. A 60-minute recording
 * (WAV, and Opus in WebM as the recorder uploads it), uploaded in parts, opens at `?t=3590` and
 * plays on (desktop only: it is the bytes, not the layout).
 * Desktop in Cyrillic, the phone in runes; axe clean.
 */

const shot = screenshots(process.env.E2E_SHOTS);
const tag = randomBytes(3).toString('hex');
const WORD = `Кочкорбай${tag}`;

let admin: Auth;
let member: Auth;
let fileId = 0;

/**
 * Uploads `bytes` in the web's parts (POST /api/uploads/, a PUT a part, finish) as `auth`; the
 * file's id.
 */
async function uploadInParts(baseUrl: string, auth: Auth, name: string, bytes: Buffer) {
  const headers = { Authorization: `Bearer ${auth.access}` };
  const opened = await fetch(`${baseUrl}/api/uploads/`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name,
      mime_type: name.endsWith('.webm') ? 'audio/webm' : 'audio/wav',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    }),
  });
  expect(opened.status).toBe(201);
  const { id } = (await opened.json()) as { id: string };
  for (let start = 0; start < bytes.length; start += UPLOAD_LIMITS.partBytes) {
    const part = bytes.subarray(start, start + UPLOAD_LIMITS.partBytes);
    const sent = await fetch(`${baseUrl}/api/uploads/${id}/`, {
      method: 'PUT',
      headers: {
        ...headers,
        'Content-Type': 'application/octet-stream',
        'Content-Range': `bytes ${start}-${start + part.length - 1}/${bytes.length}`,
      },
      body: new Uint8Array(part),
    });
    expect(sent.status).toBe(200);
  }
  const finished = await fetch(`${baseUrl}/api/uploads/${id}/finish/`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ visibility: 'public' }),
  });
  expect(finished.status).toBe(201);
  return ((await finished.json()) as { id: number }).id;
}

const currentTime = (page: Page) =>
  page
    .getByTestId('recording-player')
    .evaluate((element) => (element as HTMLAudioElement).currentTime);

describe('a recording and its transcript', () => {
  const session = useBrowser();

  beforeAll(async () => {
    admin = await loginAdmin();
    member = await registerUser({ name: 'transcriber' });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(toneWav(30))]), `ayttuu-${tag}.wav`);
    form.append('visibility', 'public');
    const uploaded = await fetch(`${session.baseUrl}/api/files/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${member.access}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    fileId = ((await uploaded.json()) as { id: number }).id;
  });

  it('a member writes it as the recording plays, a moderator accepts it', async () => {
    const page = await session.newPage(DESKTOP);
    await signInAs(page, member);
    await open(page, `/recordings/${fileId}`);
    await page.getByTestId('transcript-none').waitFor();
    await page.getByTestId('transcript-edit').click();
    const editor = page.getByTestId('transcript-editor');
    await editor.getByTestId('draft-speaker').first().fill('Асан ата');
    await editor.getByTestId('draft-text').first().fill('Багыш уруусунун башаты.');
    // The recording reaches 0:12, and Alt+Enter starts a segment there, in the same voice.
    await page.getByTestId('recording-player').evaluate((element) => {
      (element as HTMLAudioElement).currentTime = 12;
    });
    await editor.getByTestId('draft-text').first().press('Alt+Enter');
    await expect.poll(() => editor.getByTestId('transcript-draft').count()).toBe(2);
    expect(await editor.getByTestId('draft-time').nth(1).inputValue()).toBe('0:12');
    expect(await editor.getByTestId('draft-speaker').nth(1).inputValue()).toBe('Асан ата');
    // The new segment's words field has the focus: the member types on.
    await page.keyboard.type(`${WORD} Көкөмерендин боюнда жашаган.`);
    // An empty time is refused beside the field, nothing sent.
    await editor.getByTestId('draft-time').first().fill('');
    await editor.getByTestId('transcript-save').click();
    await editor.locator('.Mui-error').first().waitFor();
    await editor.getByTestId('draft-time').first().fill('0:00');
    await shot(page, 'transcript-editor-desktop-ky');
    expect(await seriousViolations(page, false)).toEqual([]);
    await editor.getByTestId('transcript-save').click();
    await editor.waitFor({ state: 'detached' });
    // A member's transcript waits for a moderator: still none to read.
    await page.getByTestId('transcript-none').waitFor();
    await page.context().close();

    const moderator = await session.newPage(DESKTOP);
    await signInAs(moderator, admin);
    await open(moderator, '/moderation');
    // A new transcript's card names no record yet: it is found by its words, and links the
    // recording.
    const card = moderator.locator('[data-record-revision]').filter({ hasText: WORD });
    await card.waitFor();
    await card.locator(`a[href="/recordings/${fileId}"]`).waitFor();
    await shot(moderator, 'transcript-moderation-desktop-ky');
    await card.getByRole('button', { name: 'Кабыл алуу' }).click();
    await card.waitFor({ state: 'detached' });
    await moderator.context().close();
  });

  for (const [viewport, language] of FLOW_COMBOS) {
    const where = whereOf(viewport, language);
    it(`a segment's time plays the recording from there; ?t= opens it at a second (${where})`, async () => {
      const page = await session.newPage(viewport);
      await storeLanguage(page, language);
      await open(page, `/recordings/${fileId}`);
      const segments = page.getByTestId('transcript-segment');
      await expect.poll(() => segments.count()).toBe(2);
      if (language === 'ky') expect(await segments.nth(1).textContent()).toContain(WORD);
      else expect(await segments.nth(1).textContent()).toContain(toRunes('Асан ата'));
      await page.getByTestId('transcript-seek').nth(1).click();
      await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(12);
      await expect.poll(() => segments.nth(1).getAttribute('aria-current')).toBe('true');
      await page.getByTestId('recording-player').evaluate((element) => {
        (element as HTMLAudioElement).pause();
      });
      await shot(page, `transcript-${where}`);
      expect(await seriousViolations(page, language === 'old_ky')).toEqual([]);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);

      await open(page, `/recordings/${fileId}?t=12`);
      await expect.poll(() => currentTime(page)).toBe(12);
      await page.context().close();
    });
  }

  it('the search of everything finds the words and opens the recording at their second', async () => {
    const page = await session.newPage(DESKTOP);
    await page.goto('/search');
    // Folded: lower case, and о for ө in "Кокомерен".
    await page.locator('#sanjyra-search').fill(`${WORD.toLowerCase()} кокомерен`);
    const section = page.locator(
      '[data-testid="search-everything"] section[data-kind="transcript"]',
    );
    const hit = section.locator(`a[href="/recordings/${fileId}?t=12"]`);
    await hit.waitFor();
    await hit.click();
    await page.getByTestId('transcript-segments').waitFor();
    await expect.poll(() => currentTime(page)).toBe(12);
    await page.context().close();
  });

  it('a fact cited from the recording opens it at the second heard', async () => {
    const post = <T>(path: string, body: unknown) =>
      postCreated<T>(session.baseUrl, admin.access, path, body);
    const informant = await post<{ id: number }>('sources/', {
      kind: 'informant',
      title: `Асан ата ${tag}`,
      author: 'Асан ата',
    });
    await post('recordings/', { file_id: fileId, source_id: informant.id });
    const hero = await post<{ id: number }>('persons/', {
      name: `Көкөмерен ${tag}`,
      sex: 'M',
      events: [{ type: 'death', date: '1890' }],
    });

    const page = await session.newPage(DESKTOP);
    await signInAs(page, admin);
    await open(page, `/persons/${hero.id}`);
    await page.getByTestId('edit-citations').click();
    const dialog = page.getByRole('dialog');
    await page.locator('#person-citation-source-0').fill(`Асан ата ${tag}`);
    await page.getByRole('option', { name: new RegExp(`Асан ата ${tag}`) }).click();
    await dialog.locator('#person-citation-recording-0').click();
    await page.getByRole('option', { name: `ayttuu-${tag}.wav` }).click();
    // An unreadable time is refused beside the field.
    await dialog.locator('#person-citation-at-0').fill('0:75');
    await dialog.getByRole('button', { name: 'Сактоо' }).click();
    await dialog.getByText('Убакытты мүнөт:секунд түрүндө жазыңыз, мисалы 12:05.').waitFor();
    await dialog.locator('#person-citation-at-0').fill('0:12');
    await shot(page, 'citation-recording-desktop-ky');
    await dialog.getByRole('button', { name: 'Сактоо' }).click();
    await dialog.waitFor({ state: 'detached' });

    // A guest opens the citation's source and listens from the second cited.
    const guest = await session.newPage(DESKTOP);
    await open(guest, `/persons/${hero.id}`);
    await guest.locator('[data-citation="1"]').first().click();
    const listen = guest.getByTestId('citation-recording');
    expect(await listen.textContent()).toBe('Угуу: 0:12');
    await listen.click();
    await guest.waitForURL(`**/recordings/${fileId}?t=12`);
    await expect.poll(() => currentTime(guest)).toBe(12);
    await guest.context().close();

    // On a phone in runes, the Sources list links the second heard as well.
    const phone = await session.newPage(PHONE);
    await storeLanguage(phone, 'old_ky');
    await open(phone, `/persons/${hero.id}`);
    const listed = phone.getByTestId('source-recording');
    expect(await listed.textContent()).toBe(toRunes('Угуу: 0:12'));
    await listed.scrollIntoViewIfNeeded();
    await shot(phone, 'citation-recording-phone-old_ky');
    expect(await seriousViolations(phone, true)).toEqual([]);
    await listed.click();
    await phone.waitForURL(`**/recordings/${fileId}?t=12`);
    await phone.context().close();
    await page.context().close();
  });
  it.each([
    ['WAV', `bir-saat-${tag}.wav`, () => minuteToneWav(3600)],
    // As the site's recorder uploads it: Opus in WebM with its length but no index of times.
    ['recorder WebM', `bir-saat-${tag}.webm`, () => recorderWebm(3600, { duration: true })],
  ])(
    'a 60-minute recording (%s) opens at ?t=3590 and plays on past it (desktop)',
    async (_kind, name, bytes) => {
      const hour = await uploadInParts(session.baseUrl, member, name, bytes());
      const informant = await postCreated<{ id: number }>(
        session.baseUrl,
        admin.access,
        'sources/',
        {
          kind: 'informant',
          title: `Бир саат ${tag}`,
        },
      );
      await postCreated(session.baseUrl, member.access, 'recordings/', {
        file_id: hour,
        source_id: informant.id,
        duration_seconds: 3600,
      });
      const page = await session.newPage(DESKTOP);
      await open(page, `/recordings/${hour}?t=3590`);
      const player = page.getByTestId('recording-player');
      const duration = () => player.evaluate((element) => (element as HTMLAudioElement).duration);
      await expect.poll(duration, { timeout: 10_000 }).toBeGreaterThan(3599);
      expect(await duration()).toBeLessThan(3601);
      await expect.poll(() => currentTime(page)).toBe(3590);
      // A click on the page first: a browser plays only a page that has been used.
      await page.locator('h2').first().click();
      await player.evaluate((element) => (element as HTMLAudioElement).play());
      await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(3590.5);
      expect(await player.evaluate((element) => (element as HTMLAudioElement).error)).toBeNull();
      await page.context().close();
    },
  );
});
