import type { PersonList, Revision, SearchResponse } from '@bagysh/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../lib/app-store';
import '../../../lib/i18n/areas/genealogy';
import { render } from '../../../test/render';
import { PersonLabel } from '../../../components/person-label';
import { PersonSearch } from './person-search';
import { PersonsList } from './persons-list';
import { RevisionDiff } from './revision-diff';

/** Namesakes told apart by the father's and grandfather's names. */

const hit = (
  id: number,
  father: string | null,
  grandfather: string | null,
  lineage: string[] = [father, grandfather].filter((name): name is string => name !== null),
): SearchResponse['results'][number] => ({
  id,
  name: 'Айбек',
  sex: 'M',
  father_name: father,
  grandfather_name: grandfather,
  birth_year: 1800 + id,
  death_year: id === 3 ? null : 1870 + id,
  lineage,
  generation: 3,
});

const summary = (id: number, father: string | null, grandfather: string | null) => ({
  ...hit(id, father, grandfather),
  father_id: father ? 100 + id : null,
  mother_id: null,
  is_living: false,
  living: false,
  restricted: false,
  birth_order: null,
  child_count: 0,
  descendant_count: 0,
});

function answer(body: unknown) {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

async function mount(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

async function until(ready: () => boolean) {
  for (let tries = 0; tries < 300 && !ready(); tries++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  expect(ready()).toBe(true);
}

const labels = (root: ParentNode = document) =>
  [...root.querySelectorAll<HTMLElement>('[data-person-label]')].map((node) => node.textContent);

let view: Awaited<ReturnType<typeof mount>> | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  useAppStore.setState({ language: 'ky' });
});

describe('PersonLabel', () => {
  it('writes name, patronymic, grandfather and years, the whole label as the title', async () => {
    view = await mount(<PersonLabel person={hit(27, 'Чоткара', 'Мырзабек')} />);
    const label = view.container.querySelector<HTMLElement>('[data-person-label]')!;
    expect(label.textContent).toBe('Айбек Чоткара уулу (Мырзабек) 1827–1897');
    expect(label.title).toBe('Айбек Чоткара уулу (Мырзабек) 1827–1897');
  });

  it('shows each part in runes in old_ky, the Cyrillic staying in the title', async () => {
    useAppStore.setState({ language: 'old_ky' });
    view = await mount(<PersonLabel person={{ ...hit(27, 'Чоткара', null), sex: 'F' }} />);
    const label = view.container.querySelector<HTMLElement>('[data-person-label]')!;
    const runs = [...label.querySelectorAll('bdi')].map((node) => node.textContent);
    expect(runs).toHaveLength(2);
    expect(runs.join('')).not.toMatch(/[а-яөүң]/u);
    expect(label.textContent).toContain('1827–1897');
    expect(label.title).toBe('Айбек Чоткара кызы 1827–1897');
  });
});

describe('namesakes in the lists', () => {
  it('keeps the chosen person told apart in the picker’s box', async () => {
    view = await mount(
      <PersonSearch label="Издөө" onSelect={() => {}} value={hit(27, 'Чоткара', 'Мырзабек')} />,
    );
    expect(view.container.querySelector('input')?.value).toBe(
      'Айбек Чоткара уулу (Мырзабек) 1827–1897',
    );
  });

  it('tells the suggestions apart, forefathers above the grandfather below', async () => {
    const results = [
      hit(1, 'Чоткара', 'Мырзабек', ['Чоткара', 'Мырзабек', 'Бапа', 'Тагай']),
      hit(2, 'Асан', null),
      hit(3, null, null),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer({ results })),
    );
    view = await mount(<PersonSearch label="Издөө" onSelect={() => {}} />);
    const input = view.container.querySelector('input')!;
    // React tracks the value property: set it through the prototype so the change is seen.
    const descriptor = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
    await act(async () => {
      input.focus();
      descriptor?.set?.call(input, 'Айбек');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await until(() => document.querySelectorAll('[data-person-id]').length === 3);
    expect(labels()).toEqual([
      'Айбек Чоткара уулу (Мырзабек) 1801–1871',
      'Айбек Асан уулу 1802–1872',
      'Айбек 1803–',
    ]);
    const first = document.querySelector('[data-person-id="1"]')!;
    expect(first.textContent).toContain(' ← Бапа ← Тагай');
  });

  it('labels every row of the persons list, the link named by the label', async () => {
    const list: PersonList = {
      count: 2,
      next: null,
      previous: null,
      results: [summary(1, 'Чоткара', 'Мырзабек'), summary(2, 'Асан', 'Күмүш')],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        answer(String(url).includes('/clans/') ? { results: [] } : list),
      ),
    );
    view = await mount(
      <PersonsList
        params={{ q: 'Айбек', clan: '', generation: '', living: '', sex: '', ordering: 'name' }}
        onChange={() => {}}
      />,
    );
    await until(() => labels().length === 2);
    expect(labels()).toEqual([
      'Айбек Чоткара уулу (Мырзабек) 1801–1871',
      'Айбек Асан уулу (Күмүш) 1802–1872',
    ]);
  });
});

describe('RevisionDiff', () => {
  it('shows a father change as the two persons’ labels, linked', async () => {
    const revision = {
      before: { father_id: 5 },
      after: { father_id: 6 },
      linked_persons: [
        {
          id: 5,
          name: 'Чоткара',
          sex: 'M',
          father_name: 'Мырзабек',
          grandfather_name: null,
          birth_year: null,
          death_year: null,
        },
        {
          id: 6,
          name: 'Асан',
          sex: 'M',
          father_name: 'Күмүш',
          grandfather_name: 'Бапа',
          birth_year: 1790,
          death_year: null,
        },
      ],
    } as unknown as Revision;
    view = await mount(<RevisionDiff revision={revision} />);
    const links = [...document.querySelectorAll<HTMLAnchorElement>('[data-diff-person]')];
    expect(links.map((link) => [link.getAttribute('href'), link.textContent])).toEqual([
      ['/persons/5', 'Чоткара Мырзабек уулу'],
      ['/persons/6', 'Асан Күмүш уулу (Бапа) 1790–'],
    ]);
    expect(document.body.textContent).not.toMatch(/\b5\b|\b6\b/);
  });

  it('links the persons inside record lists and writes each event as a line', async () => {
    const revision = {
      before: { parent_families: [], events: [], birth_date: null },
      after: {
        birth_date: 'ABT 1850',
        parent_families: [{ father_id: 6, mother_id: null, relation: 'adopted' }],
        events: [{ type: 'birth', date: 'ABT 1850', place: 'Талас', place_id: null }],
      },
      linked_persons: [
        {
          id: 6,
          name: 'Асан',
          sex: 'M',
          father_name: 'Күмүш',
          grandfather_name: 'Бапа',
          birth_year: 1790,
          death_year: null,
        },
      ],
    } as unknown as Revision;
    view = await mount(<RevisionDiff revision={revision} />);
    const family = document.querySelector('[data-diff-lines="parent_families"]');
    expect(family?.textContent).toBe('Асырап алган ата-энеси: Атасы Асан Күмүш уулу (Бапа) 1790–');
    expect(family?.querySelector('a')?.getAttribute('href')).toBe('/persons/6');
    expect(document.querySelector('[data-diff-lines="events"]')?.textContent).toBe(
      'Туулган: болжол менен 1850, Талас',
    );
    expect(document.body.textContent).toContain('Башка ата-энелери');
    expect(document.body.textContent).not.toContain('ABT');
    expect(document.body.textContent).not.toContain('{');
  });
});
