import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { loginAdmin, registerUser, signInAs, type Auth } from './support/accounts';
import { postCreated } from './support/api';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { solidPng } from './support/images';
import { storeLanguage } from './support/shell';
import { screenshots } from './support/shots';

/**
 * Editing a person's records on the person page: a member proposes an event with a
 * GEDCOM date and a citation, a moderator accepts it in the queue and the timeline shows it in
 * Kyrgyz with its mark; a moderator adds and removes another name and a note at once; a bad
 * date is refused beside the field with the API's message. Phone and runes fit.
 */

const shot = screenshots(process.env.E2E_SHOTS);

const tag = randomBytes(3).toString('hex');
let admin: Auth;
let baseUrl: string;

const post = <T>(path: string, body: unknown) => postCreated<T>(baseUrl, admin.access, path, body);

/** Opens an Autocomplete, types into it and picks the row holding `row`. */
async function pick(page: Page, input: string, typed: string, row: string) {
  await page.locator(input).fill(typed);
  await page.getByRole('option', { name: new RegExp(row) }).click();
}

/**
 * Clicks a header action: a button on a desktop, an item of the "Башка аракеттер" menu on a
 * phone.
 */
async function openHeaderAction(page: Page, testId: string) {
  await page.locator('h1').waitFor();
  const more = page.getByRole('button', { name: 'Башка аракеттер' });
  if (await more.isVisible()) await more.click();
  await page.getByTestId(testId).click();
}

/** Waits for the open dialog's (or menu's) fade-in: axe reads colours as painted. */
async function settled(page: Page, role: 'dialog' | 'menu') {
  await page
    .getByRole(role)
    .evaluate((element) =>
      Promise.all(
        (element.closest('.MuiModal-root') ?? element)
          .getAnimations({ subtree: true })
          .map((animation) => animation.finished),
      ),
    );
}

describe('editing a person’s records', () => {
  const session = useBrowser();
  const heroName = `Жаныш ${tag}`;
  const source = { title: `Эл оозунан ${tag}`, author: `Карыя Токон ${tag}` };
  const adoptiveName = `Тарбиячы${tag}`;
  let heroId = 0;

  beforeAll(async () => {
    baseUrl = session.baseUrl;
    admin = await loginAdmin();
    await post('sources/', { kind: 'informant', title: source.title, author: source.author });
    await post('places/', { name: `Кочкор ${tag}` });
    const hero = await post<{ id: number }>('persons/', {
      name: heroName,
      sex: 'M',
      events: [{ type: 'death', date: '1920' }],
    });
    heroId = hero.id;
    await post('persons/', { name: adoptiveName, sex: 'M', birth_year: 1820, death_year: 1890 });
  });

  it('a member proposes an event with a citation; accepted, the timeline shows it with its mark', async () => {
    const member = await registerUser({ name: 'records_member' });
    const page = await session.newPage(DESKTOP);
    await signInAs(page, member);
    await page.goto(`/persons/${heroId}`);
    await page.locator('h1', { hasText: heroName }).waitFor();

    await page.getByTestId('add-event').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Окуя кошуу').first().waitFor();
    // The type select: "Туулган" is the default; the date is read back as it is typed.
    await dialog.locator('#event-date').fill('ABT 1850');
    await expect
      .poll(() => dialog.locator('#event-date-help').textContent())
      .toContain('болжол менен 1850');
    await pick(page, '#event-place', `Кочкор ${tag}`, `Кочкор ${tag}`);
    await dialog.getByTestId('add-citation').click();
    await pick(page, '#event-citation-source-0', source.title, source.title);
    await dialog.locator('#event-citation-page-0').fill('7-бет');
    // A select's menu opens above the dialog.
    await dialog.locator('#event-citation-quality-0').click();
    await page.getByRole('option', { name: '3 — түз далил' }).click();
    await shot(page, 'records-event-dialog-desktop');
    await dialog.getByRole('button', { name: 'Сунуш жөнөтүү' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Сунушуңуз жөнөтүлдү').waitFor();
    // Nothing changes before a moderator accepts it.
    expect(await page.getByTestId('person-timeline').textContent()).not.toContain('1850');
    await page.context().close();

    const moderator = await registerUser({ name: 'records_mod', role: 'moderator' });
    const review = await session.newPage(DESKTOP);
    await signInAs(review, moderator);
    await review.goto('/moderation');
    const card = review.locator('[data-revision]', { hasText: heroName });
    await card.first().waitFor();
    await card.first().getByRole('button', { name: 'Кабыл алуу' }).click();
    await card.first().waitFor({ state: 'detached' });

    await review.goto(`/persons/${heroId}`);
    const birth = review.getByTestId('person-timeline').locator('[data-timeline="birth"]');
    await birth.waitFor();
    const text = (await birth.textContent()) ?? '';
    expect(text).toContain('болжол менен 1850');
    expect(text).toContain(`Кочкор ${tag}`);
    await birth.getByRole('button', { name: `1-булак: ${source.title}` }).waitFor();
    expect(await review.getByTestId('person-sources').textContent()).toContain('7-бет');
    await shot(review, 'records-event-accepted-desktop');
  });

  it("a member's new note is a proposal of its own, to be linked once accepted", async () => {
    const member = await registerUser({ name: 'records_member2' });
    const page = await session.newPage(PHONE);
    await signInAs(page, member);
    await page.goto(`/persons/${heroId}`);
    await page.getByTestId('add-note').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Жаңы эскертме' }).click();
    await dialog.locator('#note-text').fill(`Мүчөнүн эскертмеси ${tag}`);
    await dialog.getByRole('button', { name: 'Сунуш жөнөтүү' }).click();
    await dialog.getByTestId('note-proposed').waitFor();
    await dialog.getByRole('button', { name: 'Жокко чыгаруу' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('person-notes').getByText('Эскертмелер жок.').waitFor();
  });

  it('refuses a bad date beside the field with the API message, and sends nothing', async () => {
    const moderator = await registerUser({ name: 'records_mod2', role: 'moderator' });
    const page = await session.newPage(PHONE);
    await signInAs(page, moderator);
    await page.goto(`/persons/${heroId}`);
    // By keyboard only: the button, the type (focused first), Tab to the date, Enter sends.
    await page.getByTestId('add-event').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby')))
      .toContain('event-type');
    await page.keyboard.press('Tab');
    await page.keyboard.type('31 FOO 1900');
    const help = dialog.locator('#event-date-help');
    await expect.poll(() => help.textContent()).toContain('Датаны окуй алган жокпуз');
    await page.keyboard.press('Enter');
    // Still open, with the message beside the field; the page kept its events.
    expect(await dialog.locator('#event-date').getAttribute('aria-invalid')).toBe('true');
    await shot(page, 'records-bad-date-phone');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('a moderator adds and removes another name and a note at once', async () => {
    const moderator = await registerUser({ name: 'records_mod3', role: 'moderator' });
    const page = await session.newPage(DESKTOP);
    await signInAs(page, moderator);
    await page.goto(`/persons/${heroId}`);
    await page.locator('h1', { hasText: heroName }).waitFor();

    // A name: kind, given name, nickname; the header shows it at once.
    await page.getByTestId('edit-names').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Ат кошуу' }).click();
    await dialog.locator('#name-given').fill(`Жаке ${tag}`);
    await dialog.locator('#name-nickname').fill('Жакен');
    await dialog.getByRole('button', { name: 'Сактоо' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByTestId('person-other-names').textContent())
      .toContain(`Жаке ${tag}`);
    expect(await page.getByTestId('person-nickname').textContent()).toContain('Жакен');

    // A new note, written here.
    const noteText = `Эл арасында аты чыккан ${tag}`;
    await page.getByTestId('add-note').click();
    await dialog.getByRole('button', { name: 'Жаңы эскертме' }).click();
    await dialog.locator('#note-text').fill(noteText);
    await dialog.getByRole('button', { name: 'Сактоо' }).click();
    await dialog.waitFor({ state: 'detached' });
    const notes = page.getByTestId('person-notes');
    await notes.getByText(noteText).waitFor();
    await shot(page, 'records-name-note-desktop');

    // Both taken away again, each after a question.
    await notes.getByRole('button', { name: 'Эскертмени алып салуу' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Алып салуу' }).click();
    await notes.getByText('Эскертмелер жок.').waitFor();

    await page.getByTestId('edit-names').click();
    await dialog.getByRole('button', { name: `Өчүрүү: Жаке ${tag}` }).click();
    await dialog.getByRole('button', { name: 'Алып салуу' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('person-other-names').waitFor({ state: 'detached' });
  });

  it('a moderator cites a source for the person and adds an uploaded image to the gallery, then takes it out', async () => {
    const moderator = await registerUser({ name: 'records_mod5', role: 'moderator' });
    const page = await session.newPage(DESKTOP);
    await signInAs(page, moderator);
    await page.goto(`/persons/${heroId}`);
    await page.locator('h1', { hasText: heroName }).waitFor();

    // The person's own citation: a source row, its page.
    await page.getByTestId('edit-citations').click();
    const dialog = page.getByRole('dialog');
    await pick(page, '#person-citation-source-0', source.title, source.title);
    await dialog.locator('#person-citation-page-0').fill('99-бет');
    await dialog.getByRole('button', { name: 'Сактоо' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('person-sources').textContent()).toContain('99-бет');

    // A new file uploaded from the dialog, with a title.
    await page.getByTestId('add-media').click();
    await dialog.getByRole('button', { name: 'Жаңы файл жүктөө' }).click();
    await dialog.getByTestId('media-file-input').setInputFiles({
      name: 'jaynysh.png',
      mimeType: 'image/png',
      buffer: solidPng(1, 1, [200, 120, 40]),
    });
    await dialog.locator('#media-title').fill(`Сүрөт ${tag}`);
    await dialog.getByRole('button', { name: 'Сактоо' }).click();
    await dialog.waitFor({ state: 'detached' });
    const gallery = page.getByTestId('person-gallery');
    await gallery.getByRole('button', { name: `Ачуу: Сүрөт ${tag}` }).waitFor();
    await shot(page, 'records-gallery-desktop');

    await gallery.getByRole('button', { name: `Галереядан алып салуу: Сүрөт ${tag}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Алып салуу' }).click();
    await gallery.getByText('Сүрөттөр же документтер тиркеле элек.').waitFor();
  });

  it('a moderator adds an adoptive father found by name, and takes the family away', async () => {
    const moderator = await registerUser({ name: 'records_mod6', role: 'moderator' });
    const page = await session.newPage(PHONE);
    await signInAs(page, moderator);
    await page.goto(`/persons/${heroId}`);
    await openHeaderAction(page, 'edit-parents');
    const dialog = page.getByRole('dialog');
    await dialog.locator('#parents-father').fill(adoptiveName);
    await page.getByRole('option', { name: new RegExp(adoptiveName) }).click();
    await shot(page, 'records-parents-phone');
    await dialog.getByRole('button', { name: 'Кошуу' }).click();
    await dialog.waitFor({ state: 'detached' });
    const adopted = page.getByTestId('person-family').locator('[data-parents="adopted"]');
    await adopted.getByRole('link', { name: adoptiveName }).waitFor();

    await openHeaderAction(page, 'edit-parents');
    await dialog.getByRole('button', { name: `Алып салуу: ${adoptiveName}` }).click();
    await dialog.getByRole('button', { name: 'Алып салуу', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await adopted.waitFor({ state: 'detached' });
  });

  it('fits a phone and the runes with the editors open, and passes axe-core', async () => {
    const moderator = await registerUser({ name: 'records_mod4', role: 'moderator' });
    for (const { viewport, language, name } of [
      { viewport: PHONE, language: 'ky', name: 'phone-ky' },
      { viewport: PHONE, language: 'old_ky', name: 'phone-runes' },
      { viewport: DESKTOP, language: 'old_ky', name: 'desktop-runes' },
    ]) {
      const page = await session.newPage(viewport);
      await storeLanguage(page, language);
      await signInAs(page, moderator);
      await page.goto(`/persons/${heroId}`);
      await page.getByTestId('person-timeline').locator('[data-timeline="birth"]').waitFor();
      await shot(page, `records-page-${name}`);
      // The editing buttons and the dialog pass axe-core, as every page does.
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page, language === 'old_ky'), name).toEqual([]);
      await page
        .getByTestId('person-timeline')
        .locator('[data-timeline="birth"]')
        .getByRole('button', { name: /^Окуяны түзөтүү/ })
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('#event-date').waitFor();
      expect(await dialog.locator('#event-date').inputValue()).toBe('ABT 1850');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, name).toBeLessThanOrEqual(0);
      // axe reads colours as painted: the dialog's fade-in must be over.
      await dialog.evaluate((element) =>
        Promise.all(
          (element.closest('.MuiModal-root') ?? element)
            .getAnimations({ subtree: true })
            .map((animation) => animation.finished),
        ),
      );
      await shot(page, `records-event-dialog-${name}`);
      expect(await seriousViolations(page, language === 'old_ky'), name).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
  });

  describe('marriages and parent families', () => {
    const husbandName = `Эрназар ${tag}`;
    const firstWife = `Бурул ${tag}`;
    const secondWife = `Зуура ${tag}`;
    const fosterName = `Багуучу ${tag}`;
    let husbandId = 0;

    beforeAll(async () => {
      const first = await post<{ id: number }>('persons/', {
        name: firstWife,
        sex: 'F',
        birth_year: 1862,
      });
      await post('persons/', { name: secondWife, sex: 'F', birth_year: 1870 });
      const foster = await post<{ id: number }>('persons/', {
        name: fosterName,
        sex: 'M',
        birth_year: 1830,
        death_year: 1900,
      });
      const husband = await post<{ id: number }>('persons/', {
        name: husbandName,
        sex: 'M',
        events: [{ type: 'birth', date: '1858' }],
        spouse_ids: [first.id],
        unions: [
          { spouse_id: first.id, position: 1, events: [{ type: 'marriage', date: '1880' }] },
        ],
        parent_families: [{ father_id: foster.id, relation: 'adopted' }],
      });
      husbandId = husband.id;
    });

    it('a moderator adds a second marriage with its event; the family and the timeline show it in order', async () => {
      const moderator = await registerUser({ name: 'unions_mod', role: 'moderator' });
      const page = await session.newPage(DESKTOP);
      await signInAs(page, moderator);
      await page.goto(`/persons/${husbandId}`);
      await page.locator('h1', { hasText: husbandName }).waitFor();

      await page.getByTestId('add-union').click();
      const dialog = page.getByRole('dialog', { name: 'Нике кошуу' });
      await dialog.waitFor();
      // Saved without a spouse: the message stands by the search, nothing is sent.
      await dialog.getByRole('button', { name: 'Сактоо' }).click();
      await dialog.getByText('Жубайын тандаңыз.').waitFor();
      await pick(page, '#union-spouse', secondWife, secondWife);
      await dialog.locator('#union-position').fill('2');
      await dialog.getByTestId('add-union-event').click();
      // A new union event is a marriage; the date is read back in Kyrgyz.
      expect(await dialog.locator('#union-event-0-type').textContent()).toContain('Нике');
      await dialog.locator('#union-event-0-date').fill('ABT 1890');
      await expect
        .poll(() => dialog.locator('#union-event-0-date-help').textContent())
        .toContain('болжол менен 1890');
      await pick(page, '#union-event-0-place', `Кочкор ${tag}`, `Кочкор ${tag}`);
      await shot(page, 'records-union-dialog-desktop');
      await dialog.getByRole('button', { name: 'Сактоо' }).click();
      await dialog.waitFor({ state: 'detached' });

      const family = page.getByTestId('person-family');
      const unions = family.locator('[data-union]');
      await expect.poll(() => unions.count()).toBe(2);
      expect(await unions.nth(0).textContent()).toContain(firstWife);
      expect(await unions.nth(0).textContent()).toContain('1-никеси');
      const second = (await unions.nth(1).textContent()) ?? '';
      expect(second).toContain(secondWife);
      expect(second).toContain('2-никеси');
      expect(second).toContain('Нике: болжол менен 1890');
      expect(second).toContain(`Кочкор ${tag}`);
      // The timeline: birth, then the first marriage, then the second.
      const timeline = page.getByTestId('person-timeline');
      const marriages = timeline.locator('[data-timeline="marriage"]');
      await expect.poll(() => marriages.count()).toBe(2);
      expect(await marriages.nth(0).textContent()).toContain('1880');
      expect(await marriages.nth(1).textContent()).toContain('болжол менен 1890');
      expect(await marriages.nth(1).textContent()).toContain(secondWife);
      const kinds = await timeline
        .locator('[data-timeline]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-timeline')));
      expect(kinds.slice(0, 3)).toEqual(['birth', 'marriage', 'marriage']);
      await shot(page, 'records-union-added-desktop');

      // The first marriage edited: a divorce added to it, read back in the family section.
      await family
        .getByRole('button', { name: new RegExp(`^Никени түзөтүү: ${firstWife}`) })
        .click();
      const edit = page.getByRole('dialog', { name: 'Никени түзөтүү' });
      expect(await edit.locator('#union-event-0-date').inputValue()).toBe('1880');
      await edit.getByTestId('add-union-event').click();
      await edit.locator('#union-event-1-type').click();
      await page.getByRole('option', { name: 'Ажырашкан' }).click();
      await edit.locator('#union-event-1-date').fill('1885');
      await edit.getByRole('button', { name: 'Сактоо' }).click();
      await edit.waitFor({ state: 'detached' });
      await expect
        .poll(() => unions.nth(0).locator('[data-union-event="divorce"]').textContent())
        .toContain('Ажырашкан: 1885');

      // A note of the marriage, written in its dialog with the person's note fields: the family
      // section shows it under the marriage, and the dialog lists it to take away.
      const marriageNote = `Той Кочкордо өткөн ${tag}`;
      await family
        .getByRole('button', { name: new RegExp(`^Никени түзөтүү: ${firstWife}`) })
        .click();
      await edit.getByTestId('add-union-note').click();
      await edit.getByRole('button', { name: 'Жаңы эскертме' }).click();
      await edit.locator('#union-note-text').fill(marriageNote);
      await shot(page, 'records-union-note-desktop');
      await edit.getByRole('button', { name: 'Сактоо' }).click();
      await edit.waitFor({ state: 'detached' });
      await unions.nth(0).locator('[data-union-note]', { hasText: marriageNote }).waitFor();
      expect(await unions.nth(1).locator('[data-union-note]').count()).toBe(0);
      await family
        .getByRole('button', { name: new RegExp(`^Никени түзөтүү: ${firstWife}`) })
        .click();
      await edit
        .getByRole('button', { name: `Эскертмени никеден алып салуу: ${marriageNote}` })
        .waitFor();
      // The events are sent back as they were with the note.
      expect(await edit.locator('#union-event-1-date').inputValue()).toBe('1885');
      await page.keyboard.press('Escape');
      await edit.waitFor({ state: 'detached' });
    });

    it("a member's change to a marriage is a proposal: the page keeps the marriage as it was", async () => {
      const member = await registerUser({ name: 'unions_member' });
      const page = await session.newPage(DESKTOP);
      await signInAs(page, member);
      await page.goto(`/persons/${husbandId}`);
      const family = page.getByTestId('person-family');
      await family
        .getByRole('button', { name: new RegExp(`^Никени түзөтүү: ${secondWife}`) })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Никени түзөтүү' });
      await dialog.getByText('модератор').first().waitFor();
      await dialog.locator('#union-position').fill('5');
      await dialog.locator('#union-event-0-date').fill('1891');
      await dialog.getByRole('button', { name: 'Сунуш жөнөтүү' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Сунушуңуз жөнөтүлдү').waitFor();
      const second = family.locator('[data-union]').nth(1);
      expect(await second.textContent()).toContain('2-никеси');
      expect(await second.textContent()).toContain('болжол менен 1890');
      // Nor does the API's answer change before a moderator accepts it.
      const answer = (await (await fetch(`${baseUrl}/api/persons/${husbandId}/`)).json()) as {
        unions: { spouse: { name: string }; position: number | null }[];
      };
      expect(answer.unions.find((union) => union.spouse.name === secondWife)?.position).toBe(2);
      // The removal of a marriage by a member is a proposal as well.
      await family
        .getByRole('button', { name: new RegExp(`^Никени алып салуу: ${secondWife}`) })
        .click();
      const confirm = page.getByRole('dialog', { name: 'Никени алып салуу керекпи?' });
      expect(await confirm.textContent()).toContain('сунушу жөнөтүлөт');
      await confirm.getByRole('button', { name: 'Сунуш жөнөтүү' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await family.locator('[data-union]').count()).toBe(2);
    });

    it('a moderator opens the phone header menu by keyboard and changes a parent family’s relation in place', async () => {
      const moderator = await registerUser({ name: 'unions_mod2', role: 'moderator' });
      const page = await session.newPage(PHONE);
      await signInAs(page, moderator);
      await page.goto(`/persons/${husbandId}`);
      await page.locator('h1', { hasText: husbandName }).waitFor();
      // On a phone the header keeps two buttons and the menu; it does not wrap into rows.
      const header = page.locator('header', { has: page.locator('h1') });
      expect(await header.getByRole('button', { name: 'Аттарды түзөтүү' }).count()).toBe(0);
      const more = page.getByRole('button', { name: 'Башка аракеттер' });
      await more.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await menu.waitFor();
      await settled(page, 'menu');
      await shot(page, 'records-header-menu-phone');
      expect(await seriousViolations(page, false), 'menu').toEqual([]);
      // Back closes the menu, as it closes every overlay, and stays on the person page.
      await page.goBack();
      await menu.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe(`/persons/${husbandId}`);
      await more.focus();
      await page.keyboard.press('Enter');
      await menu.waitFor();
      await settled(page, 'menu');
      // Arrow keys move through the items; Enter opens the parents' dialog.
      for (let step = 0; step < 12; step += 1) {
        const focused = await page.evaluate(() =>
          document.activeElement?.getAttribute('data-testid'),
        );
        if (focused === 'edit-parents') break;
        await page.keyboard.press('ArrowDown');
      }
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Башка ата-энелери' }).waitFor();
      await menu.waitFor({ state: 'detached' });
      const dialog = page.getByRole('dialog');

      await dialog.getByRole('button', { name: `Түзөтүү: ${fosterName}` }).click();
      await page.getByRole('dialog', { name: 'Үй-бүлөнү түзөтүү' }).waitFor();
      expect(await dialog.locator('#parents-father').inputValue()).toContain(fosterName);
      await dialog.locator('#parents-relation').click();
      await page.getByRole('option', { name: 'Тарбиялаган ата-энеси' }).click();
      await shot(page, 'records-parents-edit-phone');
      await dialog.getByRole('button', { name: 'Сактоо' }).click();
      await dialog.waitFor({ state: 'detached' });
      const family = page.getByTestId('person-family');
      await family
        .locator('[data-parents="foster"]')
        .getByRole('link', { name: fosterName })
        .waitFor();
      expect(await family.locator('[data-parents="adopted"]').count()).toBe(0);

      // Escape closes the menu and gives the focus back to its button.
      await more.click();
      await menu.waitFor();
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Башка аракеттер');
    });

    it('the marriage dialog fits a phone and a desktop and passes axe-core', async () => {
      const moderator = await registerUser({ name: 'unions_mod3', role: 'moderator' });
      for (const [viewport, name] of [
        [PHONE, 'phone'],
        [DESKTOP, 'desktop'],
      ] as const) {
        const page = await session.newPage(viewport);
        await signInAs(page, moderator);
        await page.goto(`/persons/${husbandId}`);
        const family = page.getByTestId('person-family');
        await family.locator('[data-union]').nth(1).waitFor();
        await page.waitForLoadState('networkidle');
        await shot(page, `records-unions-page-${name}`);
        expect(await seriousViolations(page, false), name).toEqual([]);
        await family
          .getByRole('button', { name: new RegExp(`^Никени түзөтүү: ${secondWife}`) })
          .click();
        const dialog = page.getByRole('dialog', { name: 'Никени түзөтүү' });
        await dialog.locator('#union-event-0-date').waitFor();
        await settled(page, 'dialog');
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, name).toBeLessThanOrEqual(0);
        await shot(page, `records-union-dialog-${name}`);
        expect(await seriousViolations(page, false), name).toEqual([]);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await page.context().close();
      }
    });
  });
});
