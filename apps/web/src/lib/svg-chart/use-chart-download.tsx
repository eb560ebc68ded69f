import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { ChartSvgSource } from './export';

const ExportError = lazy(() => import('./export-error'));

/**
 * A chart's SVG/PNG download (its code and the chart's `source` load on the first click) and
 * the notice shown when building the file failed: `download` for the toolbar, `notice` to render
 * beside the chart.
 * `imageUrls` lists the photos the chart shows, to embed in the file.
 */
export function useChartDownload<M>(
  source: ChartSvgSource<M>,
  fileName: string,
  errorMessage: ReactNode,
  imageUrls: () => readonly string[] = () => [],
): { download: (format: 'svg' | 'png') => void; notice: ReactNode } {
  // null until a download failed once, so the notice's code is not fetched before.
  const [failed, setFailed] = useState<boolean | null>(null);
  const download = (format: 'svg' | 'png') => {
    Promise.all([import('./download'), source.load()])
      .then(([{ downloadChart }, code]) =>
        downloadChart(format, (assets) => source.draw(code, assets), fileName, imageUrls()),
      )
      .catch(() => setFailed(true));
  };
  const notice =
    failed === null ? null : (
      <Suspense fallback={null}>
        <ExportError open={failed} message={errorMessage} onClose={() => setFailed(false)} />
      </Suspense>
    );
  return { download, notice };
}
