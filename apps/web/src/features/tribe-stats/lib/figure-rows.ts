import type { TribeStats, TribeStatsRangeCell } from '@bagysh/shared';
import type { TFunction } from 'i18next';

/** One row of a figure: its label (in the page's script) and value; null when withheld. */
export interface FigureRow {
  key: string;
  label: string;
  value: number | null;
  /** Further columns of the table view (the lifespans' count, average and median). */
  extra?: (number | string)[];
}

/** Cells over ranges: "3-муун", or "5–7-муундар" where the server merged small cells. */
export function rangeRows(
  cells: readonly TribeStatsRangeCell[],
  one: (from: number) => string,
  range: (from: number, to: number) => string,
): FigureRow[] {
  return cells.map((cell) => ({
    key: `${cell.from}-${cell.to}`,
    label: cell.from === cell.to ? one(cell.from) : range(cell.from, cell.to),
    value: cell.count,
  }));
}

/** Every figure of the page as rows, its labels in Cyrillic (the caller converts them). */
export function figureRows(stats: TribeStats, t: TFunction<'tribeStats'>) {
  return {
    generations: rangeRows(
      stats.generations,
      (from) => t('generations.one', { from }),
      (from, to) => t('generations.range', { from, to }),
    ),
    clans: stats.clans.map<FigureRow>((cell) => ({
      key: `${cell.kind}-${cell.id ?? ''}`,
      label: cell.kind === 'clan' ? (cell.name ?? '') : t(`clans.${cell.kind}`),
      value: cell.count,
    })),
    births: stats.births.map<FigureRow>((cell) => ({
      key: String(cell.from),
      label: t('births.decade', { from: cell.from }),
      value: cell.count,
    })),
    lifespans: stats.lifespans.map<FigureRow>((row) => ({
      key: String(row.century),
      label: t('lifespans.century', { from: row.century, to: row.century + 99 }),
      value: row.average_age,
      extra: [row.median_age, row.count],
    })),
    male: stats.names.male.map<FigureRow>((row) => ({
      key: row.name,
      label: row.name,
      value: row.count,
    })),
    female: stats.names.female.map<FigureRow>((row) => ({
      key: row.name,
      label: row.name,
      value: row.count,
    })),
    children: stats.children.map<FigureRow>((cell) => ({
      key: `${cell.from}-${cell.to}`,
      label:
        cell.from === cell.to
          ? t('children.one', { from: cell.from })
          : t('children.range', { from: cell.from, to: cell.to }),
      value: cell.count,
    })),
  };
}
