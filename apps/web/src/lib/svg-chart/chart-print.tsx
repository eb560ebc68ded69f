import { GlobalStyles } from '@mui/material';
import { createPortal } from 'react-dom';
import type { ChartSvg } from './export';

/**
 * While printing only the static SVG of the chart is shown, fitted to the page; on screen the
 * print copy is never visible.
 */
const printStyles = {
  '@media screen': { '.chart-print-root': { display: 'none' } },
  '@media print': {
    'html, body': {
      height: 'auto !important',
      overflow: 'visible !important',
      background: '#FFFFFF',
    },
    'body > *:not(.chart-print-root)': { display: 'none !important' },
    '.chart-print-root': {
      display: 'block',
      width: '100%',
      height: '96vh',
      breakInside: 'avoid',
    },
    '.chart-print-svg, .chart-print-svg > svg': {
      display: 'block',
      width: '100%',
      height: '100%',
    },
    '@page': { margin: '10mm' },
  },
} as const;

/** The print copy of a chart (from {@link usePrintChart}) and the print stylesheet. */
export function ChartPrint({ printed }: { printed: ChartSvg | null }) {
  return (
    <>
      <GlobalStyles styles={printStyles} />
      {printed &&
        createPortal(
          <div className="chart-print-root">
            {printed.width > printed.height && <style>{'@page { size: landscape; }'}</style>}
            <div className="chart-print-svg" dangerouslySetInnerHTML={{ __html: printed.svg }} />
          </div>,
          document.body,
        )}
    </>
  );
}
