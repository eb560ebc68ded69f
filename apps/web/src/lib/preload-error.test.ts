import { afterEach, describe, expect, it } from 'vitest';
import { installPreloadErrorHandler, loadPage, useStaleDeployStore } from './preload-error';

afterEach(() => useStaleDeployStore.setState({ stale: false }));

describe('page script load failures (docs/product.md, Error messages)', () => {
  it('handles the preload-error event (so Vite does not rethrow) and offers a reload', () => {
    const uninstall = installPreloadErrorHandler(window);
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(useStaleDeployStore.getState().stale).toBe(true);
    uninstall();
  });

  it('offline, leaves the failure to the load itself: no "site updated" dialog', () => {
    const uninstall = installPreloadErrorHandler(window);
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      const event = new Event('vite:preloadError', { cancelable: true });
      window.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(false);
      expect(useStaleDeployStore.getState().stale).toBe(false);
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      if (onLine) Object.defineProperty(Navigator.prototype, 'onLine', onLine);
      uninstall();
    }
  });

  it('leaves the event unhandled once uninstalled, so Vite rethrows it', () => {
    installPreloadErrorHandler(window)();
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(useStaleDeployStore.getState().stale).toBe(false);
  });

  it('passes a loaded page module through', async () => {
    const module = { Component: () => null };
    await expect(loadPage(async () => module)).resolves.toBe(module);
  });

  it('keeps the navigation pending when the handler swallowed the failure', async () => {
    const outcome = await Promise.race([
      loadPage(async () => undefined).then(() => 'resolved'),
      new Promise((resolve) => setTimeout(() => resolve('pending'), 20)),
    ]);
    expect(outcome).toBe('pending');
  });
});
