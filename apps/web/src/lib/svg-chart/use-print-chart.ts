import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ChartSvg } from './export';

/**
 * Puts the whole chart, as one static SVG, into the document while the browser prints (the
 * print button or Ctrl+P; "save as PDF" there). A live chart holds only the nodes in view and
 * its controls, so it does not print itself; {@link ChartPrint} shows the copy and hides the rest.
 */
export function usePrintChart(build: () => ChartSvg) {
  const [printed, setPrinted] = useState<ChartSvg | null>(null);
  const buildRef = useRef(build);

  useEffect(() => {
    buildRef.current = build;
  }, [build]);

  useEffect(() => {
    // The print layout is computed right after beforeprint: the SVG must be in the DOM by then.
    const handleBefore = () => flushSync(() => setPrinted(buildRef.current()));
    const handleAfter = () => setPrinted(null);
    window.addEventListener('beforeprint', handleBefore);
    window.addEventListener('afterprint', handleAfter);
    return () => {
      window.removeEventListener('beforeprint', handleBefore);
      window.removeEventListener('afterprint', handleAfter);
    };
  }, []);

  const print = useCallback(() => {
    flushSync(() => setPrinted(buildRef.current()));
    window.print();
  }, []);

  return { printed, print };
}
