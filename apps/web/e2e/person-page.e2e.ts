import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin, signInAs, type Auth } from './support/accounts';
import { postCreated } from './support/api';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { solidPng } from './support/images';
import { storeLanguage } from './support/shell';
import { screenshots } from './support/shots';

/**
 * The person page: a person made through the API with events, a citation of an
 * informant, two marriages, children and an adoptive family; the page shows each of them,
 * opens the source from its mark by keyboard, and fits a phone in both scripts.
 */

const shot = screenshots(process.env.E2E_SHOTS);

const tag = randomBytes(3).toString('hex');
let admin: Auth;
let baseUrl: string;

const post = <T>(path: string, body: unknown) => postCreated<T>(baseUrl, admin.access, path, body);

const person = (body: Record<string, unknown>) =>
  post<{ id: number; name: string }>('persons/', body);

async function uploadPublicImage(): Promise<number> {
  const form = new FormData();
  form.append('visibility', 'public');
  form.append(
    'file',
    new Blob([new Uint8Array(solidPng(1, 1, [200, 120, 40]))], { type: 'image/png' }),
    `surot-${tag}.png`,
  );
  const response = await fetch(`${baseUrl}/api/files/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin.access}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload: ${response.status}`);
  return ((await response.json()) as { id: number }).id;
}

describe('the person page', () => {
  const session = useBrowser();
  const names = {
    hero: `Бакыт ${tag}`,
    father: `Асан ${tag}`,
    adoptive: `Токтогул ${tag}`,
    firstWife: `Гүлбара ${tag}`,
    secondWife: `Салкын ${tag}`,
    son: `Кыдыр ${tag}`,
    daughter: `Бурул ${tag}`,
    brother: `Мырза ${tag}`,
    fostered: `Нурлан ${tag}`,
    adoptiveSon: `Темир ${tag}`,
  };
  const source = { title: `Санжыра айтуу ${tag}`, author: `Карыя Сатыбалды ${tag}` };
  let heroId = 0;
  let informantId = 0;
  let imageId = 0;

  beforeAll(async () => {
    baseUrl = session.baseUrl;
    admin = await loginAdmin();
    const informant = await post<{ id: number }>('sources/', {
      kind: 'informant',
      title: source.title,
      author: source.author,
      told_date: 'ABT 1965',
    });
    const image = await uploadPublicImage();
    informantId = informant.id;
    imageId = image;
    const father = await person({
      name: names.father,
      sex: 'M',
      birth_year: 1810,
      death_year: 1880,
    });
    const adoptive = await person({
      name: names.adoptive,
      sex: 'M',
      birth_year: 1805,
      death_year: 1875,
    });
    const firstWife = await person({
      name: names.firstWife,
      sex: 'F',
      birth_year: 1852,
      death_year: 1920,
    });
    const secondWife = await person({
      name: names.secondWife,
      sex: 'F',
      birth_year: 1860,
      death_year: 1930,
    });
    const hero = await person({
      name: names.hero,
      sex: 'M',
      father_id: father.id,
      names: [{ kind: 'aka', full_name: `Бакай ${tag}`, nickname: 'Бакен' }],
      events: [
        {
          type: 'birth',
          date: 'ABT 1850',
          place: `Талас ${tag}`,
          citations: [{ source_id: informant.id, page: '12-бет' }],
        },
        { type: 'occupation', value: 'манасчы', date: 'BET 1880 AND 1890' },
        { type: 'death', date: '1915' },
      ],
      parent_families: [{ father_id: adoptive.id, relation: 'adopted' }],
      spouse_ids: [firstWife.id, secondWife.id],
      unions: [
        {
          spouse_id: firstWife.id,
          position: 1,
          events: [{ type: 'marriage', date: '1870' }],
          citations: [{ source_id: informant.id, page: '30-бет' }],
        },
        { spouse_id: secondWife.id, position: 2, events: [{ type: 'marriage', date: '1885' }] },
      ],
      media: [{ file_id: image, title: `Сүрөт ${tag}` }],
    });
    heroId = hero.id;
    await person({
      name: names.son,
      sex: 'M',
      birth_year: 1872,
      death_year: 1940,
      father_id: hero.id,
      mother_id: firstWife.id,
    });
    await person({
      name: names.daughter,
      sex: 'F',
      birth_year: 1887,
      death_year: 1950,
      father_id: hero.id,
      mother_id: secondWife.id,
    });
    await person({
      name: names.brother,
      sex: 'M',
      birth_year: 1855,
      death_year: 1920,
      father_id: father.id,
    });
    await person({
      name: names.fostered,
      sex: 'M',
      birth_year: 1880,
      death_year: 1950,
      parent_families: [{ father_id: hero.id, mother_id: firstWife.id, relation: 'foster' }],
    });
    await person({
      name: names.adoptiveSon,
      sex: 'M',
      birth_year: 1840,
      death_year: 1900,
      father_id: adoptive.id,
    });
  });

  it('shows the timeline in Kyrgyz dates, the family, sources and gallery; a mark opens its source', async () => {
    const page = await session.newPage(DESKTOP);
    await page.goto(`/persons/${heroId}`);
    await page.locator('h1', { hasText: names.hero }).waitFor();
    expect(await page.getByTestId('person-nickname').textContent()).toContain('Бакен');
    expect(await page.getByTestId('person-other-names').textContent()).toContain(`Бакай ${tag}`);

    // The timeline: own events and the unions' in date order, dates in Kyrgyz words.
    const timeline = page.getByTestId('person-timeline');
    await timeline.locator('[data-timeline="child"]').first().waitFor();
    const text = (await timeline.textContent()) ?? '';
    expect(text).toContain('болжол менен 1850');
    expect(text).toContain('1880–1890-жылдар аралыгында');
    expect(text).toContain(`Талас ${tag}`);
    const order = await timeline
      .locator('li')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-timeline')));
    expect(order).toEqual([
      'birth',
      'marriage',
      'child',
      'occupation',
      'marriage',
      'child',
      'death',
    ]);

    // The family: birth and adoptive parents, both wives in order with their children, a brother.
    const family = page.getByTestId('person-family');
    await family
      .locator('[data-parents="birth"]')
      .getByRole('link', { name: names.father })
      .waitFor();
    expect(await family.locator('[data-parents="adopted"]').textContent()).toContain(
      names.adoptive,
    );
    expect(await family.locator('[data-parents="adopted"]').textContent()).toContain(
      'Асырап алган',
    );
    const unions = family.locator('[data-union]');
    expect(await unions.count()).toBe(2);
    expect(await unions.nth(0).textContent()).toMatch(
      new RegExp(`${names.firstWife}.*${names.son}`),
    );
    expect(await unions.nth(1).textContent()).toMatch(
      new RegExp(`${names.secondWife}.*${names.daughter}`),
    );
    expect(await unions.nth(0).textContent()).toContain('Нике: 1870');
    // The first marriage's own citation carries the same number as the birth's.
    await unions
      .nth(0)
      .getByRole('button', { name: `1-булак: ${source.title}` })
      .waitFor();
    expect(await family.getByTestId('family-siblings').textContent()).toContain(names.brother);
    // The child the two fostered, and the adoptive father's son, labelled; relatives by father.
    expect(await unions.nth(0).locator('[data-child="foster"]').textContent()).toContain(
      `${names.fostered} 1880–1950(тарбиялаган баласы)`,
    );
    expect(await family.locator('[data-sibling="adopted"]').textContent()).toBe(
      `${names.adoptiveSon} ${names.adoptive} уулу 1840–1900(асырап алуу аркылуу)`,
    );
    expect(await unions.nth(0).locator('[data-child="birth"]').textContent()).toContain(
      `${names.son} ${names.hero} уулу (${names.father})`,
    );

    // Sources and gallery.
    expect(await page.getByTestId('person-sources').textContent()).toContain(source.title);
    await page.getByTestId('person-notes').getByText('Эскертмелер жок.').waitFor();
    await shot(page, 'person-page-desktop-ky');

    // The citation mark opens the source with the keyboard, and Escape closes it.
    const mark = timeline.getByRole('button', { name: `1-булак: ${source.title}` });
    await mark.focus();
    await page.keyboard.press('Enter');
    const details = page.getByTestId('citation-source');
    await details.getByText(source.author).waitFor();
    const detailsText = (await details.textContent()) ?? '';
    expect(detailsText).toContain('Айтуучу');
    expect(detailsText).toContain('болжол менен 1965');
    expect(detailsText).toContain('12-бет');
    expect(await page.getByTestId('person-sources').textContent()).toContain('12-бет; 30-бет');
    await shot(page, 'person-page-citation-desktop');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    // The gallery opens the file preview.
    await page
      .getByTestId('person-gallery')
      .getByRole('button', { name: `Ачуу: Сүрөт ${tag}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('preview-image').waitFor();
    await dialog.getByRole('button', { name: 'Жабуу' }).first().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('fits a phone in ky and in runes, the family right after the timeline', async () => {
    const views = [
      { viewport: PHONE, language: 'ky', name: 'phone' },
      { viewport: PHONE, language: 'old_ky', name: 'phone' },
      { viewport: DESKTOP, language: 'old_ky', name: 'desktop' },
    ];
    for (const { viewport, language, name } of views) {
      const page = await session.newPage(viewport);
      await storeLanguage(page, language);
      await page.goto(`/persons/${heroId}`);
      const family = page.getByTestId('person-family');
      await family.locator('[data-union]').first().waitFor();
      await page
        .getByTestId('person-timeline')
        .locator('[data-timeline="child"]')
        .first()
        .waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, language).toBeLessThanOrEqual(0);
      if (viewport === PHONE) {
        const top = async (testId: string) =>
          (await page.getByTestId(testId).boundingBox())?.y ?? 0;
        expect(await top('person-family')).toBeGreaterThan(await top('person-timeline'));
        expect(await top('person-gallery')).toBeGreaterThan(await top('person-family'));
      }
      if (language === 'old_ky') {
        // Every heading of the page is in runes.
        const headings = await page.locator('h2').allTextContents();
        expect(
          headings.every((heading) => !/[а-яөүң]/i.test(heading)),
          headings.join('|'),
        ).toBe(true);
      }
      await shot(page, `person-page-${name}-${language}`);
    }
  });

  it('shows a revision of records as readable lines, persons as labelled links', async () => {
    const note = await post<{ id: number }>('notes/', {
      text: `Таластан көчүп келген ${tag}\nЭкинчи сап`,
    });
    const changed = await person({
      name: `Өзгөргөн ${tag}`,
      sex: 'M',
      birth_year: 1870,
      death_year: 1930,
    });
    const current = (await (await fetch(`${baseUrl}/api/persons/${changed.id}/`)).json()) as {
      version: number;
    };
    const patch = await fetch(`${baseUrl}/api/persons/${changed.id}/`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.access}` },
      body: JSON.stringify({
        version: current.version,
        parent_families: [{ father_id: heroId, relation: 'foster' }],
        events: [{ type: 'birth', date: 'ABT 1870', place: `Талас ${tag}` }],
        citations: [{ source_id: informantId, page: '5-бет' }],
        note_ids: [note.id],
        media: [{ file_id: imageId, title: null }],
      }),
    });
    expect(patch.status).toBe(200);
    for (const [viewport, language] of [
      [DESKTOP, 'ky'],
      [PHONE, 'ky'],
      [PHONE, 'old_ky'],
    ] as const) {
      const page = await session.newPage(viewport);
      await signInAs(page, admin);
      await storeLanguage(page, language);
      await page.goto(`/persons/${changed.id}`);
      const family = page.locator('[data-diff-lines="parent_families"]').first();
      await family.waitFor();
      const link = family.locator(`a[data-diff-person="${heroId}"]`);
      expect(await link.getAttribute('href')).toBe(`/persons/${heroId}`);
      if (language === 'ky') {
        expect(await family.textContent()).toBe(
          `Тарбиялаган ата-энеси: Атасы ${names.hero} ${names.father} уулу 1850–1915`,
        );
        expect(await page.locator('[data-diff-lines="events"]').first().textContent()).toBe(
          `Туулган: болжол менен 1870, Талас ${tag}`,
        );
        // Sources, notes and files by their titles, not their numbers.
        const lines = async (field: string) =>
          await page.locator(`[data-diff-lines="${field}"]`).first().textContent();
        expect(await lines('citations')).toBe(`${source.title}, барагы: 5-бет`);
        expect(await lines('note_ids')).toBe(`Таластан көчүп келген ${tag}`);
        expect(await lines('media')).toBe(`surot-${tag}.png`);
      } else {
        expect(await link.getAttribute('aria-label')).toContain(names.hero);
      }
      await page.getByTestId('history').scrollIntoViewIfNeeded();
      await shot(page, `person-revision-diff-${viewport.width}-${language}`);
      await page.context().close();
    }
  });

  it('shows a guest of a living person the father line only', async () => {
    const living = await person({
      name: `Тирүү ${tag}`,
      sex: 'F',
      is_living: true,
      father_id: heroId,
      birth_year: 1990,
    });
    const page = await session.newPage(PHONE);
    await page.goto(`/persons/${living.id}`);
    await page.getByTestId('restricted').waitFor();
    const family = page.getByTestId('person-family');
    await family
      .locator('[data-parents="birth"]')
      .getByRole('link', { name: names.hero })
      .waitFor();
    expect(await page.getByTestId('person-timeline').count()).toBe(0);
    expect(await page.getByTestId('person-gallery').count()).toBe(0);
    expect(await family.locator('[data-union]').count()).toBe(0);
    // Hidden, not missing: the family says so instead of "no children recorded".
    await family.getByTestId('family-restricted').waitFor();
    expect(await family.textContent()).not.toContain('жазылган эмес');
    // The notice says why once, not again in the family.
    expect(await page.getByText('коноктордон жашырылган').count()).toBe(1);
    await shot(page, 'person-page-restricted-phone');

    // On a wide screen the family takes the whole width, not a column beside an empty one.
    const wide = await session.newPage(DESKTOP);
    await wide.goto(`/persons/${living.id}`);
    await wide.getByTestId('person-family').getByTestId('family-restricted').waitFor();
    const [columns, familyBox] = await Promise.all([
      wide.getByTestId('person-columns').boundingBox(),
      wide.getByTestId('person-family').boundingBox(),
    ]);
    expect(Math.abs(familyBox!.x - columns!.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(familyBox!.width - columns!.width)).toBeLessThanOrEqual(1);
    await shot(wide, 'person-page-restricted-desktop');
  });
});
