import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser';

describe('the built site through the API server', () => {
  const session = useBrowser();

  it('renders the home page, and the server answers the API beside it', async () => {
    const page = await session.newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Багыш санжырасы');
    expect(await page.title()).toBe('Башкы бет - Багыш санжырасы');
    const health: unknown = await page.evaluate(
      async () => (await fetch('/api/health/')).json() as Promise<unknown>,
    );
    expect(health).toMatchObject({
      status: 'ok',
      database: { status: 'ok', kind: inject('databaseKind') },
    });
  });

  it('serves a deep link to the single-page app', async () => {
    const page = await session.newPage();
    // A nested client route that no test changes: the demo tree's person 1.
    const person = (await (await fetch(`${session.baseUrl}/api/persons/1/`)).json()) as {
      name: string;
    };
    const response = await page.goto('/persons/1');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-cache');
    await expect.poll(() => page.locator('h1').textContent()).toBe(person.name);
  });
});
