import type { SearchResponse } from '@bagysh/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../../test/render';
import { PersonPicker, type PersonRef } from './person-picker';

const namesakes: SearchResponse = {
  results: [
    {
      id: 11,
      name: 'Айбек',
      sex: 'M',
      father_name: 'Асан',
      grandfather_name: null,
      birth_year: 1950,
      death_year: null,
      lineage: ['Асан'],
      generation: 1,
    },
    {
      id: 12,
      name: 'Айбек',
      sex: 'M',
      father_name: 'Үсөн',
      grandfather_name: null,
      birth_year: 1961,
      death_year: null,
      lineage: ['Үсөн'],
      generation: 1,
    },
    {
      id: 13,
      name: 'Айбек',
      sex: 'M',
      father_name: 'Бакыт',
      grandfather_name: null,
      birth_year: null,
      death_year: null,
      lineage: ['Бакыт'],
      generation: 1,
    },
  ],
};

let view: Awaited<ReturnType<typeof render>> | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
});

async function type(input: HTMLInputElement, text: string) {
  // React tracks the value property: set it through the prototype so the change is seen.
  const descriptor = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
  await act(async () => {
    input.focus();
    descriptor?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('PersonPicker', () => {
  it('offers every namesake once and picks the one clicked, by id', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(namesakes))),
    );
    const chosen: (PersonRef | null)[] = [];
    view = await render(
      <QueryClientProvider client={new QueryClient()}>
        <PersonPicker value={null} onChange={(person) => chosen.push(person)} label="Инсан" />
      </QueryClientProvider>,
    );
    const input = view.container.querySelector('input')!;
    await type(input, 'Айбек');
    // The answer arrives after the fetch: let React settle inside act until the rows show.
    for (let tries = 0; tries < 50 && !document.querySelector('[role="option"]'); tries++) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    }
    const rows = [...document.querySelectorAll<HTMLElement>('[role="option"]')];
    expect(rows.map((row) => row.textContent)).toEqual([
      'Айбек Асан уулу 1950–',
      'Айбек Үсөн уулу 1961–',
      'Айбек Бакыт уулу',
    ]);
    await act(async () => rows[1]!.click());
    expect(chosen).toEqual([{ id: 12, name: 'Айбек' }]);
  });
});
