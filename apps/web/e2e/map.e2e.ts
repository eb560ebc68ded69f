import { toRunes, type Place } from '@bagysh/shared';
import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerUser, signInAs, type Auth } from './support/accounts';
import { postCreated } from './support/api';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, SCREEN_COMBOS, useBrowser, whereOf } from './support/browser';
import { screenshots } from './support/shots';
import { open, storeLanguage } from './support/shell';

/**
 * The tribe on a map, end to end: markers where the places are, a person's life as a line in
 * time order, a branch whose slider hides later generations, a place's page, coordinates by a
 * click; tiles from the stub at MAP_TILES_URL, and the markers still there when tiles fail;
 * axe clean at 1440 and 390 px in both scripts.
 */

/** Set MAP_SHOTS=1 to keep screenshots under /tmp/map-shots. */
const shot = screenshots(process.env.MAP_SHOTS ? '/tmp/map-shots' : null);

const session = useBrowser();
const tag = Date.now().toString(36).slice(-5);

/** A 1×1 grey PNG: every tile of the stub. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP89x8AAuMB8DtXNJsAAAAASUVORK5CYII=',
  'base64',
);
let tiles: Server;
let tileRequests = 0;

let moderator: Auth;
const at = { region: 0, village: 0, town: 0, city: 0, bare: 0 };
const coords = {
  region: [41.4, 75.9],
  village: [41.17, 75.8],
  town: [41.43, 76],
  city: [42.87, 74.59],
} as const;
let grandfather = 0;
let father = 0;

const post = <T>(path: string, body: unknown) =>
  postCreated<T>(inject('baseUrl'), moderator.access, path, body);

async function markers(page: Page) {
  await page.getByTestId('map-marker').first().waitFor();
  return page.getByTestId('map-marker').evaluateAll((nodes) =>
    nodes.map((node) => {
      const data = (node as HTMLElement).dataset;
      return { id: Number(data.id), lat: Number(data.lat), lng: Number(data.lng) };
    }),
  );
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
}

beforeAll(async () => {
  tiles = createServer((_request, response) => {
    tileRequests++;
    response.writeHead(200, { 'content-type': 'image/png' }).end(TILE);
  });
  await new Promise<void>((resolve) => tiles.listen(inject('tilePort'), '127.0.0.1', resolve));

  moderator = await registerUser({ name: 'map_mod', role: 'moderator' });
  at.region = (
    await post<Place>('places/', {
      name: `Нарын ${tag}`,
      latitude: coords.region[0],
      longitude: coords.region[1],
    })
  ).id;
  for (const key of ['village', 'town', 'city'] as const) {
    at[key] = (
      await post<Place>('places/', {
        name: `${{ village: 'Ат-Башы', town: 'Нарын шаары', city: 'Бишкек' }[key]} ${tag}`,
        parent_id: key === 'city' ? null : at.region,
        latitude: coords[key][0],
        longitude: coords[key][1],
      })
    ).id;
  }
  at.bare = (await post<Place>('places/', { name: `Белгисиз ${tag}` })).id;

  grandfather = (
    await post<{ id: number }>('persons/', {
      name: `Токтогул ${tag}`,
      sex: 'M',
      events: [{ type: 'birth', date: '1850', place_id: at.village }],
    })
  ).id;
  const wife = await post<{ id: number }>('persons/', {
    name: `Бурул ${tag}`,
    sex: 'F',
    birth_year: 1885,
  });
  // Given out of order: the line follows the life, not the input.
  father = (
    await post<{ id: number }>('persons/', {
      name: `Асан ${tag}`,
      sex: 'M',
      father_id: grandfather,
      events: [
        { type: 'burial', date: '1950', place_id: at.village },
        { type: 'death', date: '1949', place_id: at.town },
        { type: 'birth', date: '1880', place_id: at.village },
      ],
      spouse_ids: [wife.id],
      unions: [
        {
          spouse_id: wife.id,
          position: 1,
          events: [{ type: 'marriage', date: '1905', place_id: at.city }],
        },
      ],
    })
  ).id;
  const son = await post<{ id: number }>('persons/', {
    name: `Үсөн ${tag}`,
    sex: 'M',
    father_id: father,
    events: [{ type: 'birth', date: '1910', place_id: at.town }],
  });
  await post('persons/', {
    name: `Бакыт ${tag}`,
    sex: 'M',
    father_id: son.id,
    is_living: true,
    events: [{ type: 'birth', date: '1995', place_id: at.city }],
  });
});

afterAll(async () => {
  await new Promise((resolve) => tiles.close(resolve));
});

describe('the map', () => {
  for (const [viewport, lang] of SCREEN_COMBOS) {
    const where = whereOf(viewport, lang);
    it(`shows every place at its coordinates with its counts (${where})`, async () => {
      const page = await session.newPage(viewport);
      await storeLanguage(page, lang);
      await open(page, '/map');
      const heading = await page.locator('h1').textContent();
      expect(heading).toBe(lang === 'ky' ? 'Карта' : toRunes('Карта'));
      const shown = await markers(page);
      for (const key of ['region', 'village', 'town', 'city'] as const) {
        expect(shown).toContainEqual({ id: at[key], lat: coords[key][0], lng: coords[key][1] });
      }
      expect(shown.some((marker) => marker.id === at.bare)).toBe(false);
      // A marker is a named button; the list beside names the place and its counts.
      const village = page.locator(`[data-testid="map-marker"][data-id="${at.village}"]`);
      expect(await village.getAttribute('role')).toBe('button');
      expect(await village.getAttribute('aria-label')).toContain(
        'туулган 2, үйлөнгөн 0, каза болгон 0, коюлган 1',
      );
      const item = page.locator(`[data-testid="map-list-item"][data-id="${at.village}"]`);
      // The region's events are in its villages: its marker is a dot without a number.
      const region = page.locator(`[data-testid="map-marker"][data-id="${at.region}"]`);
      expect(await region.textContent()).toBe('');
      expect(await region.getAttribute('aria-label')).toContain('бул жерде өзүндө окуя жок');
      // The living great-grandson's birth in the city is not counted for a guest.
      const city = page.locator(`[data-testid="map-list-item"][data-id="${at.city}"]`);
      if (lang === 'ky') {
        expect(await city.getByTestId('map-place-counts').textContent()).toBe(
          'туулган 0, үйлөнгөн 1, каза болгон 0, коюлган 0',
        );
      }
      // A marker chosen from the keyboard marks its place in the list.
      await village.focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => item.getByRole('button').first().getAttribute('aria-pressed'))
        .toBe('true');
      // Tiles come from the stub of MAP_TILES_URL, credited as it says.
      await page.locator('img.leaflet-tile-loaded').first().waitFor();
      const tile = await page.locator('img.leaflet-tile').first().getAttribute('src');
      expect(tile?.startsWith(`http://127.0.0.1:${inject('tilePort')}/`)).toBe(true);
      expect(await page.locator('.leaflet-control-attribution').textContent()).toContain(
        '© e2e tiles',
      );
      expect(tileRequests).toBeGreaterThan(0);
      await noSidewaysScroll(page);
      expect(await seriousViolations(page, lang === 'old_ky')).toEqual([]);
      await shot(page, `map-${where}`);
    });
  }

  it('keeps its markers on a plain background when the tiles fail', async () => {
    const page = await session.newPage(DESKTOP);
    await page.route(`http://127.0.0.1:${inject('tilePort')}/**`, (route) => route.abort());
    await open(page, '/map');
    await page.getByTestId('map-tiles-failed').waitFor();
    expect((await markers(page)).length).toBeGreaterThanOrEqual(4);
    await shot(page, 'map-tiles-failed');
    // The failed tiles are what this test is about, not errors of the page.
    const kept = session.consoleErrors.filter((text) => !/Failed to load resource/.test(text));
    session.consoleErrors.splice(0, session.consoleErrors.length, ...kept);
  });

  it("draws a person's life from the person page, joined in time order", async () => {
    const page = await session.newPage(PHONE);
    await page.goto(`/persons/${father}`);
    await page.locator('h1').waitFor();
    const more = page.getByTestId('person-actions-more');
    if (await more.isVisible()) await more.click();
    await page.getByTestId('person-map').click();
    await page.waitForURL(new RegExp(`/map\\?person=${father}$`));
    const line = page.getByTestId('map-line');
    await line.waitFor();
    expect(JSON.parse((await line.getAttribute('data-points')) ?? '[]')).toEqual([
      coords.village,
      coords.city,
      coords.town,
      coords.village,
    ]);
    // Numbered markers: birth and burial in the village, the marriage, the death.
    const texts = await page
      .getByTestId('map-marker')
      .evaluateAll((nodes) => nodes.map((node) => node.textContent));
    expect(texts.sort()).toEqual(['1,4', '2', '3']);
    const list = page.getByTestId('map-list-item');
    expect(await list.count()).toBe(4);
    expect(await list.first().textContent()).toContain('1. Туулган: 1880');
    await noSidewaysScroll(page);
    expect(await seriousViolations(page, false)).toEqual([]);
    await shot(page, 'map-person-phone-ky');
  });

  it('hides later generations of a branch with the slider', async () => {
    const page = await session.newPage(DESKTOP);
    await storeLanguage(page, 'old_ky');
    await open(page, `/map?branch=${grandfather}`);
    const ids = async () => (await markers(page)).map((marker) => marker.id).sort();
    // A guest: the living great-grandson's birth is left out.
    expect(await ids()).toEqual([at.village, at.town, at.city].sort());
    const thumb = page.getByTestId('map-generation-slider').locator('input');
    await thumb.focus();
    await page.keyboard.press('Home');
    await expect.poll(ids).toEqual([at.village]);
    await page.keyboard.press('ArrowRight');
    await expect.poll(ids).toEqual([at.village, at.town, at.city].sort());
    expect(await page.getByTestId('map-list-item').count()).toBe(5);
    await page.keyboard.press('End');
    expect(await page.getByTestId('map-list-item').count()).toBe(6);
    expect(await seriousViolations(page, true)).toEqual([]);
    await shot(page, 'map-branch-desktop-old_ky');
  });

  it("shows a place's page with the places inside it and who was born there", async () => {
    const page = await session.newPage(PHONE);
    await open(page, `/places/${at.region}`);
    expect(await page.locator('h1').textContent()).toBe(`Нарын ${tag}`);
    const inside = page.getByTestId('place-inside');
    expect(await inside.textContent()).toContain(`Ат-Башы ${tag}`);
    const events = page.getByTestId('place-events');
    await events.waitFor();
    // Events inside the region, oldest first: the grandfather's birth in the village.
    expect(await events.locator('li').first().textContent()).toContain(`Токтогул ${tag}`);
    expect(await events.locator('li').count()).toBe(5);
    await page.getByRole('button', { name: 'Каза болгондор' }).click();
    await expect.poll(() => events.locator('li').count()).toBe(1);
    await noSidewaysScroll(page);
    expect(await seriousViolations(page, false)).toEqual([]);
    await shot(page, 'place-phone-ky');
  });

  it('gives a place without coordinates its point by a click on a small map', async () => {
    const page = await session.newPage(DESKTOP);
    await signInAs(page, moderator);
    await open(page, `/places/${at.bare}`);
    await page.getByTestId('place-pick-open').click();
    const map = page.getByTestId('place-picker').getByTestId('leaflet-map');
    await map.waitFor();
    await map.click({ position: { x: 200, y: 140 } });
    await page.getByTestId('place-picked').waitFor();
    await page.getByTestId('place-pick-save').click();
    await page.locator(`[data-testid="map-marker"][data-id="${at.bare}"]`).waitFor();
    const saved = (await (
      await fetch(`${inject('baseUrl')}/api/places/${at.bare}/`)
    ).json()) as Place;
    expect(saved.latitude).not.toBeNull();
    expect(saved.longitude).not.toBeNull();
    await shot(page, 'place-picked-desktop-ky');
  });
});
