import type { Citation, FamilyChild, FamilyMember, NoteRef, PersonFamily } from '@bagysh/shared';
import { QueryClient, QueryClientProvider, type UseQueryResult } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../lib/app-store';
import { render } from '../../../test/render';
import { PersonFamilySection } from './person-family-section';

const member = (id: number, name: string, sex: 'M' | 'F' = 'M'): FamilyMember => ({
  id,
  name,
  sex,
  birth_year: 1850 + id,
  death_year: 1900 + id,
  living: false,
  restricted: false,
  father_name: null,
  grandfather_name: null,
});
const child = (id: number, name: string, relation: FamilyChild['relation'] = 'birth') => ({
  ...member(id, name),
  father_name: 'Бакыт',
  grandfather_name: 'Асан',
  relation,
});

const family: PersonFamily = {
  parents: [
    { relation: 'birth', father: member(1, 'Асан'), mother: member(2, 'Айша', 'F') },
    { relation: 'adopted', father: member(3, 'Токтогул'), mother: null },
  ],
  unions: [
    {
      union_id: 10,
      spouse: member(4, 'Гүлбара', 'F'),
      position: 1,
      events: [],
      children: [
        child(5, 'Кыдыр'),
        { ...child(11, 'Нурлан'), father_name: null, relation: 'foster' },
      ],
    },
    { union_id: null, spouse: null, position: null, events: [], children: [child(6, 'Жалгыз')] },
  ],
  siblings: [
    { ...member(7, 'Үсөн'), kind: 'full', relation: 'birth' },
    { ...member(8, 'Мырза'), kind: 'paternal', relation: 'birth' },
    { ...member(9, 'Зуура', 'F'), kind: 'maternal', relation: 'birth' },
    { ...member(12, 'Темир'), father_name: 'Токтогул', kind: 'unknown', relation: 'adopted' },
  ],
};

const loaded = (data: PersonFamily) =>
  ({ isPending: false, isError: false, data }) as unknown as UseQueryResult<PersonFamily>;

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  await act(async () => useAppStore.setState({ language: 'ky' }));
});

const citation: Citation = {
  id: 50,
  source: { id: 60, kind: 'informant', title: 'Карыянын айтуусу' },
  page: null,
  quality: null,
  note: null,
  recording: null,
};
const note: NoteRef = { id: 70, text: 'Никеси Таласта кыйылган.', is_private: false };
const marks = {
  unionCitations: new Map([[10, [citation]]]),
  unionNotes: new Map([[10, [note]]]),
  numbers: new Map([[60, 2]]),
};

async function show(data: PersonFamily, restricted = false) {
  const view = await render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <PersonFamilySection family={loaded(data)} marks={marks} restricted={restricted} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  cleanup = () => view.unmount();
  return view.container;
}

describe('PersonFamilySection', () => {
  it('labels adoptive parents, numbers the marriages and names half-siblings', async () => {
    const container = await show(family);
    const adopted = container.querySelector('[data-parents="adopted"]');
    expect(adopted?.textContent).toContain('Асырап алган ата-энеси');
    expect(adopted?.textContent).toContain('Токтогул');
    const union = container.querySelector('[data-union="4"]');
    expect(union?.textContent).toContain('Аялы (1-никеси):');
    expect(union?.textContent).toContain('Кыдыр');
    expect(container.textContent).toContain('Экинчи ата-энеси белгисиз балдары');
    expect(container.querySelector('[data-sibling="paternal"]')?.textContent).toContain(
      'атасы бир, энеси бөлөк',
    );
    expect(container.querySelector('[data-sibling="maternal"]')?.textContent).toContain(
      'энеси бир, атасы бөлөк',
    );
    expect(container.querySelector('a[href="/persons/5"]')?.textContent).toBe(
      'Кыдыр Бакыт уулу (Асан) 1855–1905',
    );
    // The union's own citation: a mark numbered as the page's sources are.
    const mark = union?.querySelector('button[data-citation]');
    expect(mark?.textContent).toBe('2');
    expect(mark?.getAttribute('aria-label')).toBe('2-булак: Карыянын айтуусу');
  });

  it('labels the children fostered and the siblings by adoption, and shows the union notes', async () => {
    const container = await show(family);
    const fostered = container.querySelector('[data-child="foster"]');
    expect(fostered?.textContent).toBe('Нурлан 1861–1911(тарбиялаган баласы)');
    expect(container.querySelector('[data-sibling="adopted"]')?.textContent).toBe(
      'Темир Токтогул уулу 1862–1912(асырап алуу аркылуу)',
    );
    expect(container.querySelector('[data-union="4"] [data-union-note="70"]')?.textContent).toBe(
      'Никеси Таласта кыйылган.',
    );
  });

  it('says of a person hidden from the viewer that the family is hidden, not missing', async () => {
    const empty = await show({ parents: [], unions: [], siblings: [] }, true);
    expect(empty.textContent).not.toContain('жазылган эмес');
    expect(empty.textContent).not.toContain('жазыла элек');
    // The page's notice says why; the section only that the rest is hidden.
    expect(empty.querySelector('[data-testid="family-restricted"]')?.textContent).toBe(
      'Үй-бүлөсү тууралуу калган маалымат жашырылган.',
    );
    await cleanup?.();
    const withFather = await show(
      {
        parents: [{ relation: 'birth', father: member(1, 'Асан'), mother: null }],
        unions: [],
        siblings: [],
      },
      true,
    );
    expect(withFather.textContent).toContain('Асан');
    expect(withFather.textContent).not.toContain('Балдары жазылган эмес.');
    expect(withFather.querySelector('[data-testid="family-restricted"]')).not.toBeNull();
  });

  it('says so in Kyrgyz when nothing is known', async () => {
    const container = await show({ parents: [], unions: [], siblings: [] });
    expect(container.textContent).toContain('Үй-бүлөсү азырынча жазыла элек.');
  });

  it('writes every text in runes, links keeping their Cyrillic names', async () => {
    await act(async () => useAppStore.setState({ language: 'old_ky' }));
    const container = await show(family);
    expect(container.textContent).not.toMatch(/[а-яөүң]/i);
    expect(container.querySelector('a[href="/persons/5"]')?.getAttribute('aria-label')).toBe(
      'Кыдыр Бакыт уулу (Асан) 1855–1905',
    );
  });
});
