import { act, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../test/render';
import type { ChartSvgSource } from './export';
import { svgPhoto } from './svg-parts';
import { usePrintChart } from './use-print-chart';

const urls = ['/api/files/1/thumbnail/', '/api/files/2/thumbnail/'];
/** The photo of a branch opened later. */
const branchUrl = '/api/files/3/thumbnail/';
const slot = { x: 14, y: 10, size: 40 };

/** How often the chart's drawing code was asked for. */
let loads = 0;

/** A chart of two photos, drawn from `assets.images` as the tree and the charts draw theirs. */
const source: ChartSvgSource<{ svgPhoto: typeof svgPhoto }> = {
  load: () => {
    loads += 1;
    return Promise.resolve({ svgPhoto });
  },
  draw: (code, assets) => ({
    svg: `<svg xmlns="http://www.w3.org/2000/svg">${urls
      .map((url) => code.svgPhoto(slot, assets?.images?.get(url)))
      .join('')}</svg>`,
    width: 100,
    height: 60,
  }),
};

/** The print button first; a pan (a render that changes no photo) and a branch opened. */
function Chart() {
  const [photos, setPhotos] = useState<readonly string[]>(urls);
  const [, setFrame] = useState(0);
  const { printView, print } = usePrintChart(source, photos);
  return (
    <>
      <button type="button" onClick={print}>
        Басып чыгаруу
      </button>
      <button type="button" data-action="pan" onClick={() => setFrame((frame) => frame + 1)}>
        Жылдыруу
      </button>
      <button type="button" data-action="open" onClick={() => setPhotos([...urls, branchUrl])}>
        Бутакты ачуу
      </button>
      {printView}
    </>
  );
}

/** The print copy, put into the page's body while printing. */
const printedCopy = () => document.querySelector('body > .chart-print-root svg');

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
      const copy = printedCopy();
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
  loads = 0;
  await unmount?.();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, 'print');
  Reflect.deleteProperty(window, 'requestIdleCallback');
  Reflect.deleteProperty(window, 'cancelIdleCallback');
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

  it('loads the print copy’s code at the page’s first use, not with the page', async () => {
    const view = await render(<Chart />);
    unmount = () => view.unmount();
    expect(loads).toBe(0);
    await act(async () => window.dispatchEvent(new Event('pointerdown')));
    expect(loads).toBe(1);
    await act(async () => window.dispatchEvent(new Event('keydown')));
    expect(loads).toBe(1);
  });

  it('fetches the photos once the code is there and the page is idle, so that the browser’s own menu prints them', async () => {
    const fetched = stubPhotos();
    const view = await render(<Chart />);
    unmount = () => view.unmount();
    await act(async () => window.dispatchEvent(new Event('scroll')));
    await settle(() => fetched.length === urls.length);
    const printed = async () => {
      await act(async () => window.dispatchEvent(new Event('beforeprint')));
      const hrefs = [...(printedCopy()?.querySelectorAll('image') ?? [])].map((image) =>
        image.getAttribute('href'),
      );
      await act(async () => window.dispatchEvent(new Event('afterprint')));
      return hrefs;
    };
    // The fetched photo is inside; the one that failed is drawn as the placeholder.
    for (let i = 0; i < 40 && (await printed())[0] !== 'data:image/png;base64,iVBORw=='; i += 1) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 25)));
    }
    expect(await printed()).toEqual(['data:image/png;base64,iVBORw==']);
    // The print button finds nothing left to fetch.
    const shown = watchPrint();
    await act(async () => view.container.querySelector('button')?.click());
    await settle(() => shown.length > 0);
    expect(fetched).toEqual(urls);
  });

  it('gives the browser’s own print menu what it has: the thumbnails before any fetch', async () => {
    // The photos' fetches never end.
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    const view = await render(<Chart />);
    unmount = () => view.unmount();
    // The page was used: the copy's code came, ready for a print that cannot be waited for.
    await act(async () => window.dispatchEvent(new Event('scroll')));
    // The menu's print, once the code has arrived.
    await settle(() => {
      act(() => void window.dispatchEvent(new Event('beforeprint')));
      return printedCopy() !== null;
    });
    const hrefs = [...(printedCopy()?.querySelectorAll('image') ?? [])].map((image) =>
      image.getAttribute('href'),
    );
    expect(hrefs).toEqual(urls);
    await act(async () => window.dispatchEvent(new Event('afterprint')));
    expect(printedCopy()).toBeNull();
  });
  it('asks for the idle moment once per list of photos, not after every frame of a pan', async () => {
    const fetched = stubPhotos();
    // The idle moments the hook asked for, run by the test.
    const idle: (() => void)[] = [];
    Object.defineProperty(window, 'requestIdleCallback', {
      configurable: true,
      value: (run: () => void) => idle.push(run),
    });
    Object.defineProperty(window, 'cancelIdleCallback', { configurable: true, value: () => {} });
    const view = await render(<Chart />);
    unmount = () => view.unmount();
    const click = (action: string) =>
      act(async () =>
        view.container.querySelector<HTMLButtonElement>(`[data-action="${action}"]`)?.click(),
      );
    await act(async () => window.dispatchEvent(new Event('scroll')));
    await settle(() => idle.length > 0);
    expect(idle).toHaveLength(1);
    // Ten frames of a pan draw the chart ten times and change no photo: no more idle work.
    for (let frame = 0; frame < 10; frame += 1) await click('pan');
    expect(idle).toHaveLength(1);
    await act(async () => idle[0]?.());
    await settle(() => fetched.length === urls.length);
    // A branch opened: its photo at the next idle moment, the others not again.
    await click('open');
    expect(idle).toHaveLength(2);
    await act(async () => idle[1]?.());
    await settle(() => fetched.length === urls.length + 1);
    expect(fetched).toEqual([...urls, branchUrl]);
  });
});
