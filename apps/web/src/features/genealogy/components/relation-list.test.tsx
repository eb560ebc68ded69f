import type { Relation, RelationStep, RelationsResponse } from '@bagysh/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../lib/app-store';
import '../../../lib/i18n/areas/genealogy';
import { render } from '../../../test/render';
import { RelationList } from './relation-list';

const person = (
  id: number,
  name: string,
  sex: 'M' | 'F',
  link: RelationStep['link'],
): RelationStep => ({
  id,
  name,
  sex,
  birth_year: 1900 + id,
  death_year: null,
  father_name: id === 4 ? 'Токтор' : null,
  grandfather_name: id === 4 ? 'Жору' : null,
  link,
});

const AIBEK = person(1, 'Айбек', 'M', null);
const BAKYT = person(4, 'Бакыт', 'M', 'son');

/** Бакыт is Айбек's cousin through his father's line … */
const cousin: Relation = {
  kind: 'blood',
  marriages: 0,
  generations_up: 2,
  generations_down: 2,
  path: [
    AIBEK,
    person(5, 'Асан', 'M', 'father'),
    person(7, 'Жору', 'M', 'father'),
    person(3, 'Токтор', 'M', 'son'),
    BAKYT,
  ],
  term: 'аталаш бир тууганы',
  term_reverse: 'аталаш бир тууганы',
  descriptive: 'атасынын агасынын уулу',
  sentence: 'Бакыт — Айбектин аталаш бир тууганы.',
  unverified: false,
  jeti_ata: true,
};

/** … and his wife's younger brother. */
const inLaw: Relation = {
  kind: 'marriage',
  marriages: 1,
  generations_up: 1,
  generations_down: 1,
  path: [AIBEK, person(2, 'Айгүл', 'F', 'wife'), person(3, 'Токтор', 'M', 'father'), BAKYT],
  term: 'кайни (кайын ини)',
  term_reverse: 'жезде',
  descriptive: 'аялынын иниси',
  sentence: 'Бакыт — Айбектин кайниси.',
  unverified: true,
  jeti_ata: null,
};

const cousinIds = cousin.path.map((step) => step.id);

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function respond(...bodies: [unknown, number?][]) {
  const fetchMock = vi.fn<(url: string) => Promise<Response>>(async () => {
    const [body, status] = bodies.length > 1 ? bodies.shift()! : bodies[0]!;
    return answer(body, status);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const response = (relations: Relation[], truncated = false): RelationsResponse => ({
  a: 1,
  b: 4,
  relations,
  truncated,
});

async function mount(shown: readonly number[] | null, first?: Relation[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RelationList a={1} b={4} shown={shown} first={first} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Lets React and the query settle until `ready` holds. */
async function until(ready: () => boolean) {
  for (let tries = 0; tries < 100 && !ready(); tries++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  expect(ready()).toBe(true);
}

const cards = () => [...document.querySelectorAll<HTMLElement>('[data-relation]')];
const byTestId = (id: string, root: ParentNode = document) =>
  [...root.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)].map((node) => node.textContent);

let view: Awaited<ReturnType<typeof mount>> | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
  useAppStore.setState({ language: 'ky' });
});

describe('RelationList', () => {
  it('lists the relations not drawn above: sentence, kind, terms both ways, the path', async () => {
    const fetchMock = respond([response([cousin, inLaw])]);
    view = await mount(cousinIds);
    await until(() => cards().length > 0);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/relations/?a=1&b=4&max=10');
    expect(document.querySelector('h2')?.textContent).toBe('Башка байланыштар');
    const [card, ...rest] = cards();
    expect(rest).toHaveLength(0);
    expect(card!.dataset.relation).toBe('marriage');
    expect(byTestId('relation-sentence', card)).toEqual(['Бакыт — Айбектин кайниси.']);
    expect(byTestId('relation-marriage', card)).toEqual(['Нике аркылуу']);
    expect(card!.querySelector('dl')?.textContent).toBe(
      'Бакыт — Айбек үчүнкайни (кайын ини)⚠Айбек — Бакыт үчүнжезде⚠Жолу боюнчааялынын иниси',
    );
    // The diagram and the phone's list both follow the path from A to B, links labelled.
    for (const id of ['relation-diagram', 'relation-steps']) {
      const drawing = card!.querySelector(`[data-testid="${id}"]`)!;
      const persons = [...drawing.querySelectorAll<HTMLAnchorElement>('[data-path-person]')];
      expect(persons.map((link) => link.textContent)).toEqual([
        'Айбек1901–',
        'Айгүл1902–',
        'Токтор1903–',
        'БакытТоктор уулу (Жору)1904–',
      ]);
      // The whole label, for the eye (title) and the screen reader.
      expect(persons[3]?.getAttribute('title')).toBe('Бакыт Токтор уулу (Жору) 1904–');
      expect(persons.map((link) => link.getAttribute('href'))).toEqual([
        '/persons/1',
        '/persons/2',
        '/persons/3',
        '/persons/4',
      ]);
      const labels = [...drawing.querySelectorAll('[data-link]')].map((label) => label.textContent);
      expect(labels).toEqual(['аял', 'ата', 'уул']);
    }
  });

  it('lists every relation, blood first, when nothing is drawn above', async () => {
    respond([response([cousin, inLaw])]);
    view = await mount(null);
    await until(() => cards().length === 2);
    expect(document.querySelector('h2')?.textContent).toBe('Табылган байланыштар');
    expect(cards().map((card) => card.dataset.relation)).toEqual(['blood', 'marriage']);
    expect(cards()[0]!.textContent).toContain('Кан тууган');
    expect(cards()[0]!.textContent).toContain('Жети атанын ичинде');
    // A verified term needs no ⚠ and no descriptive phrase beside it.
    expect(byTestId('relation-descriptive', cards()[0])).toEqual([]);
    expect(cards()[0]!.querySelector('[role="img"]')).toBeNull();
    expect(cards()[1]!.querySelector('[role="img"]')?.getAttribute('aria-label')).toMatch(
      /текшериле элек/,
    );
  });

  it('says so when there is no relation, or none but the one drawn above', async () => {
    respond([response([])]);
    view = await mount(null);
    await until(() => byTestId('relations-empty').length > 0);
    expect(byTestId('relations-empty')).toEqual(['Байланыш табылган жок.']);
    await view.unmount();

    respond([response([cousin])]);
    view = await mount(cousinIds);
    await until(() => byTestId('relations-empty').length > 0);
    expect(byTestId('relations-empty')).toEqual(['Башка байланыш табылган жок.']);
  });

  it("shows the API's message on an error, and tries again on request", async () => {
    const fetchMock = respond(
      [{ detail: 'Инсан табылган жок.' }, 404],
      [response([cousin, inLaw])],
    );
    view = await mount(cousinIds);
    await until(() => byTestId('relations-error').length > 0);
    const alert = document.querySelector('[data-testid="relations-error"]')!;
    expect(alert.textContent).toContain('Инсан табылган жок.');
    await act(async () => alert.querySelector('button')!.click());
    await until(() => cards().length === 1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows more when the list was cut, and moves the keyboard to the first new one', async () => {
    const fetchMock = respond([response([cousin], true)], [response([cousin, inLaw])]);
    view = await mount(null);
    await until(() => cards().length === 1);
    const more = document.querySelector<HTMLButtonElement>('[data-testid="relations-more"]')!;
    expect(more.textContent).toBe('Дагы көрсөтүү');
    await act(async () => more.click());
    await until(() => cards().length === 2);
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/relations/?a=1&b=4&max=20');
    expect(document.activeElement).toBe(cards()[1]);
    expect(document.querySelector('[data-testid="relations-more"]')).toBeNull();
  });

  it("shows the comparison's first few at once, then the list when it comes", async () => {
    let release: (value: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (release = resolve))),
    );
    view = await mount(cousinIds, [cousin]);
    // Only the drawn relation so far: nothing new to list yet, so it is still loading.
    expect(document.querySelector('[aria-label="Жүктөлүүдө…"]')).not.toBeNull();
    expect(byTestId('relations-empty')).toEqual([]);
    await view.unmount();

    view = await mount(null, [cousin]);
    expect(cards().map((card) => card.dataset.relation)).toEqual(['blood']);
    await act(async () => release(answer(response([cousin, inLaw]))));
    await until(() => cards().length === 2);
  });

  it('writes in runes in old_ky, keeping the Cyrillic names for screen readers', async () => {
    useAppStore.setState({ language: 'old_ky' });
    respond([response([inLaw])]);
    view = await mount(cousinIds);
    await until(() => cards().length === 1);
    const sentence = document.querySelector('[data-testid="relation-sentence"]')!;
    expect(sentence.querySelector('bdi[dir="rtl"]')).not.toBeNull();
    expect(sentence.textContent).not.toMatch(/[а-яөүң]/i);
    const first = document.querySelector('[data-path-person="1"]')!;
    expect(first.getAttribute('aria-label')).toBe('Айбек 1901–');
  });
});
