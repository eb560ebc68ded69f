import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../test/render';
import type { BuildChartSvg } from './export';
import { svgPhoto } from './svg-parts';
import { usePrintChart } from './use-print-chart';

const urls = ['/api/files/1/thumbnail/', '/api/files/2/thumbnail/'];
const slot = { x: 14, y: 10, size: 40 };

/** A chart of two photos, drawn from `assets.images` as the tree and the charts draw theirs. */
const build: BuildChartSvg = (assets) => ({
  svg: `<svg xmlns="http://www.w3.org/2000/svg">${urls
    .map((url) => svgPhoto(slot, assets?.images?.get(url)))
    .join('')}</svg>`,
  width: 100,
  height: 60,
});

function Chart() {
  const { printed, print } = usePrintChart(build, () => urls);
  return (
    <>
      <button type="button" onClick={print}>
        Басып чыгаруу
      </button>
      {printed && <div data-testid="printed" dangerouslySetInnerHTML={{ __html: printed.svg }} />}
    </>
  );
}

/** Photo 1 is served; photo 2 cannot be fetched. */
function stubPhotos() {
  const fetched: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    if (url !== urls[0]) throw new TypeError('Failed to fetch');
    return new Response(new Uint8Array([137, 80, 78, 71]), {
      headers: { 'Content-Type': 'image/png' },
    });
  });
  return fetched;
}

/** What the print copy showed when the browser was asked to print. */
function watchPrint() {
  const shown: (string | null)[][] = [];
  // happy-dom has no print(): the test's stands in for the browser's.
  Object.defineProperty(window, 'print', {
    configurable: true,
    value: () => {
      const copy = document.querySelector('[data-testid="printed"]');
      shown.push(
        copy ? [...copy.querySelectorAll('image, rect')].map((el) => el.getAttribute('href')) : [],
      );
    },
  });
  return shown;
}

const settle = async (done: () => boolean) => {
  for (let i = 0; i < 40 && !done(); i += 1) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 25)));
  }
};

let unmount: (() => Promise<void>) | undefined;
afterEach(async () => {
  await unmount?.();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, 'print');
});

describe('usePrintChart', () => {
  it('prints the photos embedded as data: URLs, a placeholder for one that failed', async () => {
    const fetched = stubPhotos();
    const shown = watchPrint();
    const view = await render(<Chart />);
    unmount = () => view.unmount();
    await act(async () => view.container.querySelector('button')?.click());
    await settle(() => shown.length > 0);
    expect(fetched).toEqual(urls);
    // The image is inside the page before the browser lays the print out: nothing to wait for.
    expect(shown).toEqual([['data:image/png;base64,iVBORw==', null]]);
  });

  it('fetches the photos on Ctrl+P too, and only once', async () => {
    const fetched = stubPhotos();
    const shown = watchPrint();
    const view = await render(<Chart />);
    unmount = () => view.unmount();
    const key = new KeyboardEvent('keydown', {
      code: 'KeyP',
      key: 'з',
      ctrlKey: true,
      cancelable: true,
    });
    await act(async () => window.dispatchEvent(key));
    expect(key.defaultPrevented).toBe(true);
    await settle(() => shown.length > 0);
    expect(shown[0]?.[0]).toMatch(/^data:image\/png;base64,/);
    await act(async () => view.container.querySelector('button')?.click());
    await settle(() => shown.length > 1);
    expect(shown[1]).toEqual(shown[0]);
    expect(fetched).toEqual(urls);
  });

  it('gives the browser’s own print menu what it has: the thumbnails before any fetch', async () => {
    stubPhotos();
    const view = await render(<Chart />);
    unmount = () => view.unmount();
    await act(async () => window.dispatchEvent(new Event('beforeprint')));
    const hrefs = [...view.container.querySelectorAll('[data-testid="printed"] image')].map(
      (image) => image.getAttribute('href'),
    );
    expect(hrefs).toEqual(urls);
    await act(async () => window.dispatchEvent(new Event('afterprint')));
    expect(view.container.querySelector('[data-testid="printed"]')).toBeNull();
  });
});
