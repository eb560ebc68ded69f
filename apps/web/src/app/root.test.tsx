import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../lib/i18n';
import { render } from '../test/render';
import { ShellFallback } from './root';

describe('the first page’s fallback (ShellFallback)', () => {
  let unmount: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await unmount?.();
    unmount = undefined;
  });

  // The router renders the root's HydrateFallback with the loaded page as its outlet when the
  // page arrives before it leaves hydration: the frame must not draw that outlet, or the page's
  // own layout (header, main, footer) appears inside the frame's main.
  it('draws the layout’s frame only, not the outlet the router gives it', async () => {
    const router = createMemoryRouter(
      [
        {
          element: <ShellFallback />,
          children: [{ path: '/', element: <p data-testid="page">the page</p> }],
        },
      ],
      { initialEntries: ['/'] },
    );
    const view = await render(<RouterProvider router={router} />);
    unmount = () => view.unmount();
    // Lazy parts of the header (the menu, the rail) may resolve: the frame stays one.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(view.container.querySelectorAll('header')).toHaveLength(1);
    expect(view.container.querySelectorAll('footer')).toHaveLength(1);
    expect(view.container.querySelectorAll('main')).toHaveLength(1);
    expect(view.container.querySelector('[data-testid="page"]')).toBeNull();
  });
});
