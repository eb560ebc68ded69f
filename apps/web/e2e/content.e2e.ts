import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAdmin, registerUser, signInAs, type Auth } from './support/accounts';
import { DESKTOP, PHONE, forgetRefusals, useBrowser } from './support/browser';
import { solidPng } from './support/images';
import { screenshots } from './support/shots';
import { open } from './support/shell';

/** Set CONTENT_SHOTS=1 to keep screenshots under /tmp/shots-content. */
const SHOTS = process.env.CONTENT_SHOTS ? '/tmp/shots-content' : null;

async function call<T>(
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A new member, or a moderator, with a full name to show as the author. */
function newUser(role?: 'moderator'): Promise<Auth> {
  return registerUser({
    name: 'content',
    fullName: `Автор ${randomBytes(2).toString('hex')}`,
    role,
  });
}

const shot = screenshots(SHOTS);

async function typeInEditor(page: Page, text: string, index = 0) {
  const editor = page.locator('[data-testid="rich-editor"] .tiptap').nth(index);
  await editor.waitFor();
  await editor.click();
  await page.keyboard.type(text);
}

describe('content: articles, news, categories, pages, contacts', () => {
  const session = useBrowser();

  it('a member writes an article with an image, a moderator publishes it, a guest reads it', async () => {
    const tag = randomBytes(3).toString('hex');
    const title = `Макала ${tag}`;
    const member = await newUser();
    const page = await session.newPage(DESKTOP);
    await signInAs(page, member);

    await open(page, '/person-articles/add');
    expect(await page.locator('h1').textContent()).toBe('Макала кошуу');
    // Validation before anything is sent: the title is required.
    await page.getByRole('button', { name: 'Текшерүүгө жөнөтүү' }).click();
    await page.locator('.Mui-error').first().waitFor();

    await page.getByLabel('Аталышы').fill(title);
    await page.getByLabel('Кыскача мазмуну').fill(`Кыскача ${tag}`);
    await page.getByTestId('cover-input').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: solidPng(320, 180, [230, 81, 0]),
    });
    await page.locator('img[src^="/api/files/"]').first().waitFor();
    await typeInEditor(page, `Бул макаланын тексти ${tag}.`);
    // Bold is on before the words are typed, and they are bold in the editor before it is sent.
    const bold = page.getByRole('button', { name: 'Жоон' });
    await bold.click();
    await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type(' жоон сөз');
    await page
      .locator('[data-testid="rich-editor"] .tiptap strong', { hasText: 'жоон сөз' })
      .waitFor();
    await page.getByTestId('editor-image-input').setInputFiles({
      name: 'body.png',
      mimeType: 'image/png',
      buffer: solidPng(200, 120, [62, 39, 35]),
    });
    await page.locator('[data-testid="rich-editor"] img[src^="/api/files/"]').waitFor();
    await shot(page, 'article-form-desktop');
    await page.getByRole('button', { name: 'Текшерүүгө жөнөтүү' }).click();
    await page.getByText('Макала текшерүүгө жөнөтүлдү').waitFor();
    await shot(page, 'article-sent-desktop');

    // Pending: the member sees it among their own; a guest cannot see it.
    const mine = await call<{ results: { id: number; title: string; status: string }[] }>(
      session.baseUrl,
      'person-articles/?mine=1',
      { token: member.access },
    );
    const created = mine.body.results.find((item) => item.title === title);
    expect(created?.status).toBe('pending');
    const id = created!.id;
    expect((await call(session.baseUrl, `person-articles/${id}/`)).status).toBe(404);

    // The moderator finds it in the pending list and publishes it from the article view.
    const moderator = await newUser('moderator');
    const modPage = await session.newPage(DESKTOP);
    await signInAs(modPage, moderator);
    await open(modPage, '/person-articles?view=pending');
    await modPage.getByRole('link', { name: title }).waitFor();
    await shot(modPage, 'articles-pending-desktop');
    await modPage.getByRole('link', { name: title }).click();
    // The list's cards have publish buttons of their own: wait for the article view.
    await modPage.locator('h1', { hasText: title }).waitFor();
    await modPage.getByRole('button', { name: 'Жарыялоо' }).click();
    await modPage.getByRole('button', { name: 'Жарыялоо' }).waitFor({ state: 'detached' });

    // A guest reads it: the list card, the view with its body image, the tab title.
    const guest = await session.newPage(PHONE);
    await open(guest, `/person-articles?q=${tag}`);
    await guest.getByRole('link', { name: title }).waitFor();
    await shot(guest, 'articles-list-phone');
    await guest.getByRole('link', { name: title }).click();
    await guest.locator('h1', { hasText: title }).waitFor();
    await expect.poll(() => guest.title()).toContain(title);
    const image = guest.locator('.rich-text img');
    expect(await image.getAttribute('src')).toMatch(/^\/api\/files\/\d+\/download\/$/);
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(await guest.locator('.rich-text strong').textContent()).toContain('жоон сөз');
    await shot(guest, 'article-view-phone');
  });

  it('lists news and opens one; a moderator writes news in the form', async () => {
    const tag = randomBytes(3).toString('hex');
    const moderator = await newUser('moderator');
    const category = await call<{ id: number }>(session.baseUrl, 'categories/', {
      method: 'POST',
      token: moderator.access,
      body: { name: `Той ${tag}`, kind: 'news' },
    });
    expect(category.status).toBe(201);
    const created = await call<{ id: number }>(session.baseUrl, 'news/', {
      method: 'POST',
      token: moderator.access,
      body: {
        title: `Жаңылык ${tag}`,
        lead: `Жаңылыктын кыскача ${tag}`,
        body: `<p>Текст ${tag}</p>`,
        category_id: category.body.id,
      },
    });
    expect(created.status).toBe(201);
    const other = await call(session.baseUrl, 'news/', {
      method: 'POST',
      token: moderator.access,
      body: { title: `Категориясыз ${tag}` },
    });
    expect(other.status).toBe(201);

    // A guest filters the news by category.
    const guest = await session.newPage(DESKTOP);
    await open(guest, `/news?q=${tag}`);
    await guest.getByRole('link', { name: `Категориясыз ${tag}` }).waitFor();
    await guest.getByRole('combobox', { name: 'Категория' }).click();
    await guest.getByRole('option', { name: `Той ${tag}` }).click();
    await expect
      .poll(() => new URL(guest.url()).searchParams.get('category'))
      .toBe(String(category.body.id));
    await expect
      .poll(() => guest.getByRole('link', { name: `Категориясыз ${tag}` }).count())
      .toBe(0);
    await guest.getByRole('link', { name: `Жаңылык ${tag}` }).waitFor();
    await shot(guest, 'news-list-desktop');
    await guest.getByRole('link', { name: `Жаңылык ${tag}` }).click();
    await guest.locator('h1', { hasText: `Жаңылык ${tag}` }).waitFor();
    expect(await guest.locator('.rich-text').textContent()).toContain(`Текст ${tag}`);
    await expect.poll(() => guest.title()).toContain(`Жаңылык ${tag}`);

    const page = await session.newPage(DESKTOP);
    await signInAs(page, moderator);
    await open(page, '/news');
    await page.getByRole('link', { name: 'Жаңылык кошуу' }).click();
    await page.getByLabel('Аталышы').fill(`Экинчи ${tag}`);
    await typeInEditor(page, `Модератордун жаңылыгы ${tag}`);
    await page.getByRole('button', { name: 'Сактоо' }).click();
    await page.locator('h1', { hasText: `Экинчи ${tag}` }).waitFor();

    // The home page shows the latest news.
    const home = await session.newPage(PHONE);
    await home.goto('/');
    await home
      .getByTestId('home-latest-news')
      .getByRole('link', { name: `Экинчи ${tag}` })
      .waitFor();
    await shot(home, 'home-phone');
  });

  it('lets a moderator add, edit and delete categories (in use: move items to none)', async () => {
    const tag = randomBytes(3).toString('hex');
    const moderator = await newUser('moderator');
    const page = await session.newPage(DESKTOP);
    await signInAs(page, moderator);
    await open(page, '/categories');

    await page.getByRole('button', { name: 'Категория кошуу' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Сактоо' }).click();
    await dialog.locator('.Mui-error').first().waitFor(); // the name is required
    await dialog.getByLabel('Аталышы').fill(`Тарых ${tag}`);
    await dialog.getByLabel('Слаг (латынча)').fill(`tarykh-${tag}`);
    await dialog.getByRole('button', { name: 'Сактоо' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Тарых ${tag}`).waitFor();

    await page.getByRole('button', { name: `Түзөтүү: Тарых ${tag}` }).click();
    await page.getByRole('dialog').getByLabel('Аталышы').fill(`Тарыхчы ${tag}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Сактоо' }).click();
    await page.getByText(`Тарыхчы ${tag}`).waitFor();
    await shot(page, 'categories-desktop');

    // In use by an article: the API refuses, the dialog offers to move the items to none.
    const list = await call<{ results: { id: number; slug: string }[] }>(
      session.baseUrl,
      'categories/?page_size=100',
      { token: moderator.access },
    );
    const category = list.body.results.find((item) => item.slug === `tarykh-${tag}`)!;
    const article = await call(session.baseUrl, 'person-articles/', {
      method: 'POST',
      token: moderator.access,
      body: { title: `Категориялуу ${tag}`, category_id: category.id },
    });
    expect(article.status).toBe(201);
    await page.getByRole('button', { name: `Өчүрүү: Тарыхчы ${tag}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Өчүрүү' }).click();
    const moveButton = page.getByRole('button', { name: 'Категориясыз калтырып өчүрүү' });
    await moveButton.waitFor();
    await shot(page, 'category-in-use-desktop');
    await moveButton.click();
    await page
      .getByTestId('category')
      .filter({ hasText: `Тарыхчы ${tag}` })
      .waitFor({ state: 'detached' });
    // The refused DELETE (409) is the expected answer the dialog shows, not a page error.
    forgetRefusals(session, 409);

    // A member reads them and cannot change them.
    const member = await newUser();
    const memberPage = await session.newPage(PHONE);
    await signInAs(memberPage, member);
    await open(memberPage, '/categories');
    await memberPage
      .getByTestId('categories')
      .or(memberPage.getByText('Категория жок.'))
      .first()
      .waitFor();
    expect(await memberPage.getByRole('button', { name: 'Категория кошуу' }).count()).toBe(0);
  });

  it('lets the admin edit the about page, which a guest then reads', async () => {
    const tag = randomBytes(3).toString('hex');
    const admin = await loginAdmin();
    const page = await session.newPage(DESKTOP);
    await signInAs(page, admin);
    await open(page, '/about');
    await page.getByRole('button', { name: 'Түзөтүү' }).click();
    const editor = page.locator('[data-testid="rich-editor"] .tiptap');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type(`Уруунун тарыхы ${tag}`);
    await shot(page, 'about-edit-desktop');
    await page.getByRole('button', { name: 'Сактоо' }).click();
    await page.getByRole('button', { name: 'Түзөтүү' }).waitFor();

    const guest = await session.newPage(PHONE);
    await open(guest, '/about');
    await guest.getByText(`Уруунун тарыхы ${tag}`).waitFor();
    await shot(guest, 'about-phone');
  });

  it('lets the admin add, reorder and remove founders with a photo', async () => {
    const tag = randomBytes(3).toString('hex');
    const admin = await loginAdmin();
    const page = await session.newPage(DESKTOP);
    await signInAs(page, admin);
    await open(page, '/founders');
    await page.getByRole('button', { name: 'Түзөтүү' }).click();
    await page.getByRole('button', { name: 'Негиздөөчү кошуу' }).click();
    // The editor holds the saved founders, then the new one: its index is how many there were.
    const before = (await page.getByTestId('founder-editor').count()) - 1;
    const last = page.getByTestId('founder-editor').last();
    await last.getByLabel('Аты-жөнү').fill(`Негиздөөчү ${tag}`);
    await last.getByLabel('Ролу').fill('Ак сакал');
    await page.getByTestId(`founder-photo-${before}`).setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: solidPng(120, 120, [141, 42, 11]),
    });
    await last.locator('img[src^="/api/files/"]').waitFor();
    if (before > 0) await last.getByRole('button', { name: 'Жогору' }).click();
    await shot(page, 'founders-edit-desktop');
    await page.getByRole('button', { name: 'Сактоо' }).click();
    await page.getByRole('button', { name: 'Түзөтүү' }).waitFor();

    const guest = await session.newPage(PHONE);
    await open(guest, '/founders');
    const cards = guest.getByTestId('founder');
    await cards.filter({ hasText: `Негиздөөчү ${tag}` }).waitFor();
    expect(await cards.count()).toBe(before + 1);
    if (before > 0)
      expect(await cards.nth(before - 1).textContent()).toContain(`Негиздөөчү ${tag}`);
    expect(
      await cards
        .filter({ hasText: `Негиздөөчү ${tag}` })
        .locator('img')
        .getAttribute('src'),
    ).toMatch(/^\/api\/files\/\d+\/download\/$/);
    await shot(guest, 'founders-phone');

    // Removed again: the list is back as it was.
    await page.getByRole('button', { name: 'Түзөтүү' }).click();
    const added = page
      .getByTestId('founder-editor')
      .filter({ has: page.locator(`input[value="Негиздөөчү ${tag}"]`) });
    await added.getByRole('button', { name: 'Алып салуу' }).first().click();
    await page.getByRole('button', { name: 'Сактоо' }).click();
    await page.getByRole('button', { name: 'Түзөтүү' }).waitFor();
    expect(await page.getByTestId('founder').count()).toBe(before);
  });

  it('takes a guest’s contact message, which the admin sees and marks handled', async () => {
    const tag = randomBytes(3).toString('hex');
    const guest = await session.newPage(PHONE);
    await open(guest, '/contacts');
    await guest.getByRole('button', { name: 'Жөнөтүү' }).click();
    await guest.locator('.Mui-error').first().waitFor();
    await guest.getByLabel('Атыңыз').fill(`Конок ${tag}`);
    await guest.getByLabel('Электрондук почта').fill(`guest-${tag}@example.com`);
    await guest.getByLabel('Кабарыңыз').fill(`Салам! Бул сыноо кабары ${tag}.`);
    await guest.getByRole('button', { name: 'Жөнөтүү' }).click();
    await guest.getByText('Кабарыңыз жөнөтүлдү. Рахмат!').waitFor();
    await shot(guest, 'contacts-phone');

    const admin = await loginAdmin();
    const page = await session.newPage(DESKTOP);
    await signInAs(page, admin);
    await open(page, '/contacts');
    const message = page.getByTestId('contact-message').filter({ hasText: `Конок ${tag}` });
    await message.waitFor();
    await shot(page, 'contacts-admin-desktop');
    await message.getByRole('button', { name: 'Каралды деп белгилөө' }).click();
    await message.getByRole('button', { name: 'Каралган жок деп белгилөө' }).waitFor();
  });
});
