import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '../../../test/render';
import { EverythingPanel } from './everything-results';

// Two letters: the results (and their query) are not drawn, only the URL is kept.
const QUERY = 'ab';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('EverythingPanel keeps the query in ?q=', () => {
  it('on the history entry it was typed on', async () => {
    window.history.replaceState({ key: 'default' }, '', '/search?person=12');
    const view = await render(
      <MemoryRouter>
        <EverythingPanel query={QUERY} />
      </MemoryRouter>,
    );
    expect(window.location.search).toBe(`?person=12&q=${QUERY}`);
    await view.unmount();
  });

  it('not on the entry of a person chosen before its effect ran', async () => {
    // The router pushed the chosen person's entry between the query's render and its effect.
    window.history.replaceState({ key: 'chosen' }, '', '/search?person=9');
    const view = await render(
      <MemoryRouter>
        <EverythingPanel query={QUERY} />
      </MemoryRouter>,
    );
    expect(window.location.search).toBe('?person=9');
    await view.unmount();
  });
});
