import type { MapPlace, MapPoint } from '@bagysh/shared';

/** The points of one place, in the order they were given. */
export interface PlaceGroup<P extends MapPoint> {
  place: MapPlace;
  points: { point: P; order: number }[];
}

/**
 * Points grouped by place, places in the order of their first point; each point keeps its
 * number in the whole list (1-based), so a marker can show "1, 4" for a birth and a burial in
 * one village.
 */
export function groupByPlace<P extends MapPoint>(points: readonly P[]): PlaceGroup<P>[] {
  const groups = new Map<number, PlaceGroup<P>>();
  points.forEach((point, index) => {
    const group = groups.get(point.place.id) ?? { place: point.place, points: [] };
    group.points.push({ point, order: index + 1 });
    groups.set(point.place.id, group);
  });
  return [...groups.values()];
}

/** The line of a life: each point's coordinates in order, a repeated place once in a row. */
export function lifeLine(points: readonly MapPoint[]): [number, number][] {
  const line: [number, number][] = [];
  for (const { place } of points) {
    const last = line[line.length - 1];
    if (last && last[0] === place.latitude && last[1] === place.longitude) continue;
    line.push([place.latitude, place.longitude]);
  }
  return line;
}

/** The branch's points down to `generation` (0: the top person only). */
export function upToGeneration<P extends { generation: number }>(
  points: readonly P[],
  generation: number,
): P[] {
  return points.filter((point) => point.generation <= generation);
}
