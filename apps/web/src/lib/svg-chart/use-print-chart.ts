import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { BuildChartSvg, ChartSvg } from './export';

/**
 * Puts the whole chart, as one static SVG, into the document while the browser prints (the
 * print button or Ctrl+P; "save as PDF" there). A live chart holds only the nodes in view and
 * its controls, so it does not print itself; {@link ChartPrint} shows the copy and hides the rest.
 *
 * The copy carries its photos inside as data: URLs, as the SVG/PNG files do (`imageUrls` lists
 * the chart's photos): a thumbnail the page has not loaded yet would print blank, since the
 * print layout does not wait for images. The print button and Ctrl+P fetch them first; the
 * browser's own menu cannot be waited for, so it gets the photos fetched before and the
 * thumbnails' URLs for the rest.
 */
export function usePrintChart(build: BuildChartSvg, imageUrls: () => readonly string[] = () => []) {
  const [printed, setPrinted] = useState<ChartSvg | null>(null);
  const buildRef = useRef(build);
  const imageUrlsRef = useRef(imageUrls);
  // Photo URL → data: URL, or null when it could not be fetched (drawn as the placeholder).
  const embedded = useRef(new Map<string, string | null>());

  useEffect(() => {
    buildRef.current = build;
    imageUrlsRef.current = imageUrls;
  }, [build, imageUrls]);

  const printCopy = useCallback(() => {
    const images = new Map<string, string>();
    for (const url of imageUrlsRef.current()) {
      const image = embedded.current.has(url) ? embedded.current.get(url) : url;
      if (image) images.set(url, image);
    }
    return buildRef.current({ images });
  }, []);

  const print = useCallback(async () => {
    const missing = imageUrlsRef.current().filter((url) => !embedded.current.has(url));
    if (missing.length > 0) {
      try {
        // Loaded with the first print or download, not with the page.
        const { imagesAsDataUrls } = await import('./export');
        const images = await imagesAsDataUrls(missing);
        for (const url of missing) embedded.current.set(url, images.get(url) ?? null);
      } catch {
        // The code could not load (offline): print with the thumbnails' URLs.
      }
    }
    flushSync(() => setPrinted(printCopy()));
    window.print();
  }, [printCopy]);

  useEffect(() => {
    // The print layout is computed right after beforeprint: the SVG must be in the DOM by then.
    const handleBefore = () => flushSync(() => setPrinted(printCopy()));
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
  }, [print, printCopy]);

  return { printed, print: () => void print() };
}
