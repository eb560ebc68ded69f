import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartLabels } from './family-chart';

/** The chart's texts for the pedigree or the descendant chart. */
export function useChartLabels(kind: 'pedigree' | 'descendants'): ChartLabels {
  const { t } = useTranslation('charts');
  return useMemo(
    () => ({
      chart: t(`${kind}.label`),
      keyboardHelp: t(`${kind}.keyboardHelp`),
      toolbar: t('toolbar'),
      downloadSvg: t('downloadSvg'),
      downloadPng: t('downloadPng'),
      print: t('print'),
      zoomIn: t('zoomIn'),
      zoomOut: t('zoomOut'),
      resetView: t('resetView'),
      expand: t(`${kind}.expand`),
      collapse: t(`${kind}.collapse`),
      loading: t('loading'),
      exportError: t('exportError'),
      unknownYear: t('unknownYear'),
    }),
    [t, kind],
  );
}
