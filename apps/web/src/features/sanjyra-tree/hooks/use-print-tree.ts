import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { TreeSvg } from '../lib/export';

/**
 * Puts the whole expanded tree, as one static SVG, into the document while the browser prints
 * (the print button or Ctrl+P). The live tree only holds the nodes in view, so it cannot print
 * itself; the print stylesheet hides everything else and fits the SVG to the page.
 */
export function usePrintTree(build: () => TreeSvg) {
  const [printed, setPrinted] = useState<TreeSvg | null>(null);
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
