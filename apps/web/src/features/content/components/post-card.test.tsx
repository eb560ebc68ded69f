import type { NewsSummary } from '@bagysh/shared';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import { render } from '../../../test/render';
import { PostCard } from './post-card';

const news = (status: NewsSummary['status']): NewsSummary => ({
  id: 1,
  title: 'Курултай',
  lead: 'Уруунун жыйыны.',
  status,
  published_at: status === 'published' ? '2026-11-01T10:00:00Z' : null,
  category_id: null,
  category: null,
  cover_file_id: null,
  cover_url: null,
  cover_width: null,
  cover_height: null,
  author: null,
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-01T09:00:00Z',
});

/** Lets the lazily loaded status chip resolve and render. */
async function settle() {
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

describe('a post card', () => {
  let view: Awaited<ReturnType<typeof render>> | undefined;
  afterEach(async () => {
    await view?.unmount();
    view = undefined;
  });

  it('shows the status of a post under moderation, its chip loaded when needed', async () => {
    // The chip is a lazy module. Loaded beforehand, it resolves inside act() however busy the
    // machine is, as a module in the browser's cache would; loaded by the render, it could
    // finish between two act() calls (React's "not wrapped in act" error, one run in five).
    await import('./status-chip');
    view = await render(
      <MemoryRouter>
        <PostCard post={news('pending')} to="/news/1" />
      </MemoryRouter>,
    );
    await settle();
    expect(view.container.textContent).toContain('Текшерүүдө');
  });

  it('shows no status on a published post', async () => {
    view = await render(
      <MemoryRouter>
        <PostCard post={news('published')} to="/news/1" />
      </MemoryRouter>,
    );
    await settle();
    expect(view.container.textContent).toContain('Курултай');
    expect(view.container.textContent).not.toContain('Жарыяланды');
  });
});
