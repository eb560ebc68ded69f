import { toRunes } from '@bagysh/shared';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { loginAdmin, registerUser, signInAs, type Auth } from './support/accounts';
import { PHONE, useBrowser } from './support/browser';
import { open, SITE_NAME } from './support/shell';

/** Issue "Trust and polish of today's pages", items 4, 5 and 12. */

describe('the home page (item 12)', () => {
  const session = useBrowser();

  it('draws a card without a cover as a rune pattern of its title, not an empty gradient', async () => {
    const page = await session.newPage();
    await open(page, '/');
    const cards = page.getByTestId('home-latest-news').getByTestId('post-card');
    await cards.first().waitFor();
    // A cover writes its title once it is seen (the rune font comes with the first runes).
    for (const card of await cards.all()) await card.scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('[data-testid="cover-fallback"]:empty').count()).toBe(0);
    const covers = await cards.evaluateAll((items) =>
      items.map((card) => ({
        title: card.querySelector('h3')?.textContent ?? '',
        image: Boolean(card.querySelector('img')),
        fallback: card.querySelector('[data-testid="cover-fallback"]')?.textContent ?? null,
      })),
    );
    const bare = covers.filter((cover) => !cover.image);
    expect(bare.length).toBeGreaterThan(0);
    for (const cover of bare) expect(cover.fallback).toBe(toRunes(cover.title));
  });

  it('has the person search, which opens the person chosen', async () => {
    const response = await fetch(`${inject('baseUrl')}/api/search/?q=Бермет&limit=10`);
    const [best] = ((await response.json()) as { results: { id: number }[] }).results;
    const page = await session.newPage(PHONE);
    await open(page, '/');
    const input = page.locator('#home-search');
    await input.click();
    await page.keyboard.type('Бермет', { delay: 10 });
    await page.locator(`li[data-person-id="${best?.id}"]`).click();
    await page.waitForURL(`${session.baseUrl}/persons/${best?.id}`);
  });

  it('ends with the same footer as the other pages', async () => {
    const page = await session.newPage();
    await open(page, '/');
    expect(await page.locator('footer').textContent()).toBe(`Маалымдама${SITE_NAME} © 2024`);
  });
});

/** Boxes of the drawn persons, left and right edges on screen, and the tree frame's edges. */
async function boxes(page: Page) {
  const frame = await page.locator('svg[role="tree"]').evaluate((svg) => {
    const box = svg.getBoundingClientRect();
    return { left: box.left, right: box.right };
  });
  const nodes = await page.locator('[data-node]').evaluateAll((items) =>
    items.map((item) => {
      const box = item.getBoundingClientRect();
      return { id: Number(item.getAttribute('data-node')), left: box.left, right: box.right };
    }),
  );
  return { frame, nodes };
}

/** A one-finger drag across the tree (touch events, as on a phone). */
async function swipe(page: Page, dx: number) {
  const svg = await page.locator('svg[role="tree"]').boundingBox();
  if (!svg) throw new Error('no tree');
  const cdp = await page.context().newCDPSession(page);
  const y = svg.y + svg.height * 0.85;
  const x0 = svg.x + svg.width / 2 - dx / 2;
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
    });
  await touch('touchStart', x0);
  for (let step = 1; step <= 10; step++) {
    await touch('touchMove', x0 + (dx * step) / 10);
    await page.waitForTimeout(20);
  }
  await touch('touchEnd', x0 + dx);
  await page.waitForTimeout(100);
}

describe('the tree on a phone (item 4)', () => {
  const session = useBrowser();

  it('shows the whole generation, and the reset button brings it back after a pan', async () => {
    const page = await session.newPage(PHONE);
    await page.goto('/search');
    await page.locator('[data-node="4"]').waitFor();
    const inFrame = async () => {
      const { frame, nodes } = await boxes(page);
      return nodes
        .filter((node) => node.left < frame.left - 0.5 || node.right > frame.right + 0.5)
        .map((node) => node.id);
    };
    await expect.poll(inFrame).toEqual([]);
    await swipe(page, -160);
    expect((await inFrame()).length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Баштапкы көрүнүш' }).click();
    await expect.poll(inFrame).toEqual([]);
  });

  it('lets a swipe bring the far ends of a zoomed-in tree into view', async () => {
    const page = await session.newPage(PHONE);
    await page.goto('/search');
    await page.locator('[data-node="4"]').waitFor();
    // The far ends as drawn before the zoom: which persons they are depends on what the other
    // files added (a living child hides a dateless father from guests).
    const { nodes: drawn } = await boxes(page);
    const leftmost = drawn.reduce((a, b) => (b.left < a.left ? b : a));
    const rightmost = drawn.reduce((a, b) => (b.right > a.right ? b : a));
    const zoomIn = page.getByRole('button', { name: 'Чоңойтуу' });
    await zoomIn.click();
    await zoomIn.click();
    for (const [id, dx] of [
      [leftmost.id, 140],
      [rightmost.id, -140],
    ] as const) {
      // Swipe until the person's box is wholly inside the frame.
      for (let tries = 0; tries < 8; tries++) {
        const { frame, nodes } = await boxes(page);
        const node = nodes.find((item) => item.id === id);
        if (node && node.left >= frame.left && node.right <= frame.right) break;
        await swipe(page, dx);
      }
      const { frame, nodes } = await boxes(page);
      const node = nodes.find((item) => item.id === id);
      expect(node && node.left >= frame.left && node.right <= frame.right, `person ${id}`).toBe(
        true,
      );
    }
  });
});

describe('one moderation queue (item 5)', () => {
  const session = useBrowser();

  async function send(auth: Auth, path: string, body: object) {
    const response = await fetch(`${inject('baseUrl')}/api/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${auth.access}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { id: number } };
  }

  async function waiting(auth: Auth) {
    const response = await fetch(`${inject('baseUrl')}/api/moderation/counts/`, {
      headers: { Authorization: `Bearer ${auth.access}` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { total: number }).total;
  }

  it('shows a member’s waiting article on the moderation page, counted in the header', async () => {
    const member = await registerUser({ name: 'writer' });
    const title = `Күтүп турган макала ${Math.random().toString(36).slice(2, 7)}`;
    const written = await send(member, 'person-articles/', { title, lead: 'Кыскача' });
    expect(written.status).toBe(201);
    const moderator = await registerUser({ name: 'moder', role: 'moderator' });
    const total = await waiting(await loginAdmin());
    expect(total).toBeGreaterThan(0);

    const page = await session.newPage();
    await signInAs(page, moderator);
    await open(page, '/moderation');
    const articles = page.getByTestId('moderation-articles');
    const card = articles.getByTestId('post-card').filter({ hasText: title });
    await card.waitFor();
    const badge = page.locator('header').getByTestId('moderation-badge');
    // No badge at all once nothing waits.
    const shown = async () => ((await badge.count()) > 0 ? await badge.textContent() : '0');
    await expect.poll(shown).toBe(String(total));

    await card.getByRole('button', { name: 'Жарыялоо' }).click();
    await card.waitFor({ state: 'detached' });
    await expect.poll(shown).toBe(String(total - 1));
  });

  it('puts the count on the phone’s menu button and in the drawer', async () => {
    const member = await registerUser({ name: 'writer2' });
    await send(member, 'person-articles/', { title: 'Дагы бир макала', lead: 'Кыскача' });
    const moderator = await registerUser({ name: 'moder2', role: 'moderator' });
    const total = await waiting(moderator);
    const page = await session.newPage(PHONE);
    await signInAs(page, moderator);
    await open(page, '/news');
    const menu = page.getByRole('button', { name: `Меню, текшерүүнү күткөндөр: ${total}` });
    await menu.click();
    const link = page.getByTestId('nav-drawer').getByRole('link', { name: /Модерация/ });
    expect(await link.getByTestId('moderation-badge').textContent()).toBe(String(total));
    await link.click();
    await page.waitForURL(`${session.baseUrl}/moderation`);
  });

  it('asks nothing for a member and shows no badge', async () => {
    const page = await session.newPage();
    await signInAs(page, await registerUser({ name: 'plain' }));
    await open(page, '/news');
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('moderation-badge').count()).toBe(0);
  });
});
