import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { useAppStore } from '../../lib/app-store';
import { useSnackbarStore } from '../../lib/snackbar-store';
import { loadProviders } from '../../lib/providers';
import { render } from '../../test/render';
import { LoadingIndicator } from './loading-indicator';
import SnackbarView from './snackbar-view';

/** Lets lazy chunks (dynamic imports) resolve and render. */
async function settle() {
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

describe('the global loading indicator', () => {
  afterEach(() => useAppStore.setState({ isLoading: false }));

  it('shows a progress bar exactly while isLoading is set', async () => {
    // The bar is a lazy chunk (with MUI's theme and the query cache). Loaded beforehand, it resolves inside act() however busy the
    // machine is, as a chunk in the browser's cache would; loaded by the test, it could finish
    // between two act() calls.
    await Promise.all([import('./loading-bar'), loadProviders()]);
    const view = await render(<LoadingIndicator />);
    expect(view.container.querySelector('[role="progressbar"]')).toBeNull();
    await act(async () => useAppStore.getState().setLoading(true));
    await settle();
    const bar = view.container.querySelector('[role="progressbar"]');
    expect(bar?.getAttribute('aria-label')).toBe('Жүктөлүүдө…');
    await act(async () => useAppStore.getState().setLoading(false));
    expect(view.container.querySelector('[role="progressbar"]')).toBeNull();
    await view.unmount();
  });
});

describe('the displayed snackbar (docs/product.md, Snackbar)', () => {
  const initial = useSnackbarStore.getState();
  beforeEach(() => {
    useSnackbarStore.setState(initial, true);
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => vi.useRealTimers());

  const snackbarText = () => document.querySelector('[data-testid="snackbar"]')?.textContent;

  it('translates a catalogue key and hides after its default 5000 ms', async () => {
    useSnackbarStore.getState().show('notices.success');
    const view = await render(<SnackbarView />);
    expect(snackbarText()).toBe('Ийгиликтүү');
    await act(async () => vi.advanceTimersByTime(4900));
    expect(useSnackbarStore.getState().isVisible).toBe(true);
    await act(async () => vi.advanceTimersByTime(200));
    expect(useSnackbarStore.getState().isVisible).toBe(false);
    await view.unmount();
  });

  it('keeps the timeout it was shown with, and shows other texts as they are', async () => {
    useSnackbarStore.getState().show('Сервер жооп бербеди.', 3000);
    const view = await render(<SnackbarView />);
    expect(snackbarText()).toBe('Сервер жооп бербеди.');
    await act(async () => vi.advanceTimersByTime(3100));
    expect(useSnackbarStore.getState().isVisible).toBe(false);
    await view.unmount();
  });
});
