import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '../../../test/render';
import { EverythingPanel } from './everything-results';

// Two letters: the results (and their query) are not drawn, only the URL is kept.
const QUERY = 'ab';

afterEach(() => window.history.replaceState(null, '', '/'));

/** The panel with QUERY, rendered while the browser's current entry is `key` at `url`. */
async function typedOn(key: string, url: string) {
  window.history.replaceState({ key }, '', url);
  const view = await render(
    <MemoryRouter>
      <EverythingPanel query={QUERY} />
    </MemoryRouter>,
  );
  await view.unmount();
  return window.location.search;
}

describe('EverythingPanel keeps the query in ?q=', () => {
  it('on the history entry it was typed on', async () => {
    // The router's first entry has the key 'default'.
    expect(await typedOn('default', '/search?person=12')).toBe(`?person=12&q=${QUERY}`);
  });

  it('not on the entry of a person chosen before its effect ran', async () => {
    // The router pushed the chosen person's entry between the query's render and its effect.
    expect(await typedOn('chosen', '/search?person=9')).toBe('?person=9');
  });
});
