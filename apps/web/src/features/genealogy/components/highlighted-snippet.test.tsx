import type { SearchEverythingResponse } from '@bagysh/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../lib/app-store';
import { render } from '../../../test/render';
import { EverythingResults } from './everything-results';
import { HighlightedSnippet } from './highlighted-snippet';

const segments = [
  { text: 'Ал ', match: false },
  { text: 'Көкөмерендин', match: true },
  { text: ' боюнда <b>жашаган</b>', match: false },
];

afterEach(() => {
  useAppStore.setState({ language: 'ky' });
  vi.unstubAllGlobals();
});

describe('HighlightedSnippet', () => {
  it('marks the found words and renders every segment as text, never as HTML', async () => {
    const view = await render(<HighlightedSnippet segments={segments} />);
    const marks = [...view.container.querySelectorAll('mark')];
    expect(marks.map((mark) => mark.textContent)).toEqual(['Көкөмерендин']);
    expect(view.container.textContent).toBe('Ал Көкөмерендин боюнда <b>жашаган</b>');
    expect(view.container.querySelector('b')).toBeNull();
    await view.unmount();
  });

  it('writes each segment in runes in old_ky, the mark kept', async () => {
    useAppStore.setState({ language: 'old_ky' });
    const view = await render(<HighlightedSnippet segments={segments} />);
    const mark = view.container.querySelector('mark');
    expect(mark?.querySelector('bdi')).not.toBeNull();
    expect(mark?.textContent).not.toContain('Көкөмерен');
    await view.unmount();
  });
});

describe('EverythingResults', () => {
  it('shows one section per kind with hits, each hit linking to its page', async () => {
    const body: SearchEverythingResponse = {
      groups: [
        { kind: 'person', count: 0, capped: false, page: 1, pages: 0, results: [] },
        {
          kind: 'note',
          count: 1,
          capped: false,
          page: 1,
          pages: 1,
          results: [
            {
              kind: 'note',
              id: 5,
              title: 'Төлөгөн',
              snippet: segments,
              link: { route: 'person', id: 7 },
            },
          ],
        },
        {
          kind: 'news',
          count: 1,
          capped: false,
          page: 1,
          pages: 1,
          results: [{ kind: 'news', id: 3, title: 'Жыйын', snippet: segments, link: null }],
        },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = await render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <EverythingResults q="көкөмерен" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await act(async () => {
      await vi.waitFor(() => {
        expect(view.container.querySelectorAll('section')).toHaveLength(2);
      });
    });
    const sections = [...view.container.querySelectorAll('section')];
    expect(sections.map((section) => section.querySelector('h2')?.textContent)).toEqual([
      'Эскертмелер (1)',
      'Жаңылыктар (1)',
    ]);
    expect(sections[0]?.querySelector('a')?.getAttribute('href')).toBe('/persons/7');
    expect(sections[1]?.querySelector('a')).toBeNull();
    expect(sections[0]?.querySelector('mark')?.textContent).toBe('Көкөмерендин');
    await view.unmount();
  });
});
