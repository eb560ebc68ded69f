import { toRunes } from '@bagysh/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { registerUser, signInAs, type Auth } from './support/accounts';
import { postCreated } from './support/api';
import { seriousViolations } from './support/axe';
import { DESKTOP, FLOW_COMBOS, SCREEN_COMBOS, useBrowser, whereOf } from './support/browser';
import { screenshots } from './support/shots';
import { open, storeLanguage } from './support/shell';

/**
 * "Жазып алуу" end to end: a member opens an informant's page, records about three seconds from
 * Chromium's fake microphone, stops, saves (the upload goes in parts), and finds the recording
 * listed and playable there and counted on /informants; axe clean on both pages and the
 * recorder, desktop in Cyrillic and the phone in runes.
 */

/** Set VOICES_SHOTS=1 to keep screenshots under /tmp/voices-shots (then in all four pairings). */
const shot = screenshots(process.env.VOICES_SHOTS ? '/tmp/voices-shots' : null);

const session = useBrowser({
  args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
});
const tag = Date.now().toString(36).slice(-5);

let moderator: Auth;
let member: Auth;
let person = 0;

const post = <T>(path: string, body: unknown) =>
  postCreated<T>(inject('baseUrl'), moderator.access, path, body);

async function axeClean(page: Page, runes: boolean, where: string) {
  expect(await seriousViolations(page, runes), where).toEqual([]);
}

beforeAll(async () => {
  moderator = await registerUser({ name: 'voices_mod', role: 'moderator' });
  member = await registerUser({ name: 'voices_member' });
  person = (
    await post<{ id: number }>('persons/', { name: `Карыя ${tag}`, sex: 'M', birth_year: 1900 })
  ).id;
});

describe('recording an informant', () => {
  for (const [viewport, lang] of process.env.VOICES_SHOTS ? SCREEN_COMBOS : FLOW_COMBOS) {
    const where = whereOf(viewport, lang);
    const runes = lang === 'old_ky';

    it(`records, uploads and plays it on the informant's page (${where})`, async () => {
      const title = `Айтуучу ${tag} ${where}`;
      const informant = await post<{ id: number }>('sources/', {
        kind: 'informant',
        title,
        author: 'Токтогул ата',
        told_date: '1998',
      });
      const page = await session.newPage(viewport);
      await page.context().grantPermissions(['microphone']);
      await storeLanguage(page, lang);
      await signInAs(page, member);
      await open(page, `/informants/${informant.id}`);
      const heading = page.locator('h1');
      await expect.poll(() => heading.textContent()).toContain(runes ? toRunes(title) : title);
      await page
        .getByTestId('recordings')
        .or(page.locator('#informant-recordings'))
        .first()
        .waitFor();
      await axeClean(page, runes, `${where} informant page`);

      await page.getByTestId('record-open').click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const started = Date.now();
      await page.getByTestId('recorder-start').click();
      await page.getByTestId('recorder-stop').waitFor();
      await shot(page, `${where}-recording`);
      await page.waitForTimeout(3000);
      await page.getByTestId('recorder-stop').click();
      const wall = (Date.now() - started) / 1000;
      // About three seconds (a busy machine clicks late), the informant of the page chosen already.
      await dialog.locator('audio').waitFor();
      const [minutes, seconds] = ((await page.getByTestId('recorder-elapsed').textContent()) ?? '')
        .split(':')
        .map(Number);
      const elapsed = minutes! * 60 + seconds!;
      expect(elapsed).toBeGreaterThanOrEqual(3);
      expect(elapsed).toBeLessThanOrEqual(Math.ceil(wall) + 1);
      await shot(page, `${where}-stopped`);
      await axeClean(page, runes, `${where} recorder`);
      const save = page.getByTestId('recorder-save');
      await expect.poll(() => save.isEnabled()).toBe(true);
      await save.click();
      await dialog.waitFor({ state: 'detached', timeout: 20_000 });

      // Listed and playable: its metadata loads from the server (a signed link: members-only).
      const audio = page.getByTestId('recording-audio');
      await audio.waitFor();
      expect(await audio.getAttribute('preload')).toBe('metadata');
      await expect
        .poll(() => audio.evaluate((node) => (node as HTMLAudioElement).readyState), {
          timeout: 10_000,
        })
        .toBeGreaterThanOrEqual(1);
      expect(await audio.evaluate((node) => (node as HTMLAudioElement).error)).toBeNull();
      // Its length is known (MediaRecorder leaves it out; the recorder writes it in).
      const length = await audio.evaluate((node) => (node as HTMLAudioElement).duration);
      expect(length).toBeGreaterThan(2.5);
      expect(length).toBeLessThanOrEqual(Math.ceil(wall) + 1);
      const link = page.getByTestId('recordings').locator('a[href^="/recordings/"]');
      expect(await link.count()).toBe(1);
      await shot(page, `${where}-informant`);
      await axeClean(page, runes, `${where} informant page with a recording`);

      // The recording is a stored file whose bytes are what was uploaded.
      const api = await fetch(`${inject('baseUrl')}/api/recordings/?source_id=${informant.id}`, {
        headers: { Authorization: `Bearer ${member.access}` },
      });
      const { results } = (await api.json()) as {
        results: { file: { kind: string; size: number }; duration_seconds: number }[];
      };
      expect(results).toHaveLength(1);
      expect(results[0]!.file.size).toBeGreaterThan(1000);
      expect(results[0]!.duration_seconds).toBeGreaterThanOrEqual(3);

      await open(page, '/informants');
      const item = page.locator(`[data-testid="informants"] li[data-id="${informant.id}"]`);
      await item.waitFor();
      expect(await item.getAttribute('data-recordings')).toBe('1');
      await shot(page, `${where}-informants`);
      await axeClean(page, runes, `${where} informants`);
      if (viewport !== DESKTOP) {
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        ).toBe(true);
      }
    });
  }

  it('offers the recorder on a person page to members only', async () => {
    const guest = await session.newPage(DESKTOP);
    await open(guest, `/persons/${person}`);
    await guest.getByTestId('print-open').waitFor();
    expect(await guest.getByTestId('record-open').count()).toBe(0);
    const page = await session.newPage(DESKTOP);
    await signInAs(page, member);
    await open(page, `/persons/${person}`);
    await page.getByTestId('record-open').waitFor();
  });
});
