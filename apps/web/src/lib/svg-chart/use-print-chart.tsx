import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { onFirstUse } from '../first-use';
import type { ChartPrint } from './chart-print';
import type { ChartSvg, ChartSvgSource } from './export';

/** The print copy's code comes when the page is first used, or after this long. */
const LOAD_AFTER_MS = 5000;

const NO_IMAGES: readonly string[] = [];

interface PrintKit<M> {
  ChartPrint: typeof ChartPrint;
  code: M;
}

/**
 * Puts the whole chart, as one static SVG, into the document while the browser prints (the
 * print button or Ctrl+P; "save as PDF" there). A live chart holds only the nodes in view and
 * its controls, so it does not print itself; the print view shows the copy and hides the rest.
 *
 * The copy's code (the chart's SVG drawer, `source.load`, and the print view) is no part of the
 * page's first load: it comes when the page is first used or after a few seconds, so it is
 * there before the browser's own menu prints, which cannot be waited for.
 *
 * The copy carries its photos inside as data: URLs, as the SVG/PNG files do (`imageUrls` lists
 * the photos the copy draws; a new list only when the chart's layout changes, memoized by the
 * caller): a thumbnail the page has not loaded yet would print blank, since the print layout
 * does not wait for images. The print button and Ctrl+P fetch them first; the browser's own
 * menu cannot be waited for, so once the code is there the photos of each new list are fetched
 * when the page is next idle, and that print gets the thumbnails' URLs only for those not
 * fetched yet.
 */
export function usePrintChart<M>(
  source: ChartSvgSource<M>,
  imageUrls: readonly string[] = NO_IMAGES,
): { printView: ReactNode; print: () => void } {
  const [printed, setPrinted] = useState<ChartSvg | null>(null);
  const [kit, setKit] = useState<PrintKit<M> | null>(null);
  const sourceRef = useRef(source);
  const imageUrlsRef = useRef(imageUrls);
  const kitRef = useRef<PrintKit<M> | null>(null);
  const loading = useRef<Promise<PrintKit<M>> | null>(null);
  // Photo URL → data: URL, or null when it could not be fetched (drawn as the placeholder).
  const embedded = useRef(new Map<string, string | null>());
  // The fetches one after another, each for what the ones before left missing.
  const fetching = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    sourceRef.current = source;
    imageUrlsRef.current = imageUrls;
  }, [source, imageUrls]);

  const loadKit = useCallback(() => {
    loading.current ??= Promise.all([import('./chart-print'), sourceRef.current.load()]).then(
      ([{ ChartPrint }, code]) => {
        kitRef.current = { ChartPrint, code };
        setKit(kitRef.current);
        return kitRef.current;
      },
      (error: unknown) => {
        loading.current = null; // offline: the next print tries again
        throw error;
      },
    );
    return loading.current;
  }, []);

  /** Shows the copy (with the photos embedded so far) at once, as printing needs it. */
  const showCopy = useCallback((loaded: PrintKit<M>) => {
    const images = new Map<string, string>();
    for (const url of imageUrlsRef.current) {
      const image = embedded.current.has(url) ? embedded.current.get(url) : url;
      if (image) images.set(url, image);
    }
    const copy = sourceRef.current.draw(loaded.code, { images });
    flushSync(() => {
      setKit(loaded);
      setPrinted(copy);
    });
  }, []);

  const embedPhotos = useCallback(() => {
    fetching.current = fetching.current.then(async () => {
      const missing = imageUrlsRef.current.filter((url) => !embedded.current.has(url));
      if (missing.length === 0) return;
      try {
        const { imagesAsDataUrls } = await import('./export');
        const images = await imagesAsDataUrls(missing);
        for (const url of missing) embedded.current.set(url, images.get(url) ?? null);
      } catch {
        // The code could not load (offline): print with the thumbnails' URLs.
      }
    });
    return fetching.current;
  }, []);

  const print = useCallback(async () => {
    let loaded: PrintKit<M>;
    try {
      loaded = await loadKit();
    } catch {
      // The code could not load (offline): the browser prints the page as it is.
      window.print();
      return;
    }
    await embedPhotos();
    showCopy(loaded);
    window.print();
  }, [loadKit, embedPhotos, showCopy]);

  useEffect(() => onFirstUse(() => void loadKit().catch(() => {}), LOAD_AFTER_MS), [loadKit]);

  // Once the code is there, and again when the chart's photos change (a branch opened), at the
  // page's next idle moment: the photos not fetched yet, for a print from the browser's menu.
  // Not after every render: a pan or a zoom draws a frame each time and changes no photo.
  useEffect(() => {
    if (!kit || imageUrls.length === 0) return;
    const run = () => void embedPhotos();
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(run);
      return () => window.cancelIdleCallback(id);
    }
    // Without requestIdleCallback (Safari): soon after the last render.
    const id = setTimeout(run, 200);
    return () => clearTimeout(id);
  }, [kit, imageUrls, embedPhotos]);

  useEffect(() => {
    // The print layout is computed right after beforeprint: the SVG must be in the DOM by then.
    const handleBefore = () => {
      if (kitRef.current) showCopy(kitRef.current);
    };
    const handleAfter = () => setPrinted(null);
    // Ctrl+P (⌘P) prints as the button does, after the photos are in.
    const handleKey = (event: KeyboardEvent) => {
      // By the key's place, not its letter: on a Kyrgyz layout the P key types "з".
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.code === 'KeyP') {
        event.preventDefault();
        void print();
      }
    };
    window.addEventListener('beforeprint', handleBefore);
    window.addEventListener('afterprint', handleAfter);
    window.addEventListener('keydown', handleKey);
    return () => {
      window.removeEventListener('beforeprint', handleBefore);
      window.removeEventListener('afterprint', handleAfter);
      window.removeEventListener('keydown', handleKey);
    };
  }, [print, showCopy]);

  const printView = kit ? <kit.ChartPrint printed={printed} /> : null;
  return { printView, print: () => void print() };
}
