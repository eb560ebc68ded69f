import { toRunes } from '@bagysh/shared';
import { describe, expect, inject, it } from 'vitest';
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
    expect(await page.locator('footer').textContent()).toBe(`${SITE_NAME} © 2024`);
  });
});
