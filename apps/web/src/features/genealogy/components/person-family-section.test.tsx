import type { Citation, FamilyMember, PersonFamily } from '@bagysh/shared';
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
      children: [member(5, 'Кыдыр')],
    },
    { union_id: null, spouse: null, position: null, events: [], children: [member(6, 'Жалгыз')] },
  ],
  siblings: [
    { ...member(7, 'Үсөн'), kind: 'full' },
    { ...member(8, 'Мырза'), kind: 'paternal' },
    { ...member(9, 'Зуура', 'F'), kind: 'maternal' },
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
};
const marks = { unionCitations: new Map([[10, [citation]]]), numbers: new Map([[60, 2]]) };

async function show(data: PersonFamily) {
  const view = await render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <PersonFamilySection family={loaded(data)} marks={marks} />
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
    expect(container.querySelector('a[href="/persons/5"]')?.textContent).toBe('Кыдыр');
    // The union's own citation: a mark numbered as the page's sources are.
    const mark = union?.querySelector('button[data-citation]');
    expect(mark?.textContent).toBe('2');
    expect(mark?.getAttribute('aria-label')).toBe('2-булак: Карыянын айтуусу');
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
      'Кыдыр',
    );
  });
});
