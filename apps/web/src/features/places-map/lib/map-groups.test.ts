import type { MapPoint } from '@bagysh/shared';
import { describe, expect, it } from 'vitest';
import { groupByPlace, lifeLine, upToGeneration } from './map-groups';

const place = (id: number, latitude: number, longitude: number) => ({
  id,
  name: `Жер ${id}`,
  full_name: `Жер ${id}`,
  latitude,
  longitude,
});
const point = (eventId: number, type: MapPoint['type'], at: MapPoint['place']): MapPoint => ({
  event_id: eventId,
  type,
  date: null,
  year: null,
  place: at,
});

const village = place(1, 41.17, 75.8);
const town = place(2, 41.43, 76);
const life = [
  point(1, 'birth', village),
  point(2, 'marriage', town),
  point(3, 'death', town),
  point(4, 'burial', village),
];

describe('map groups', () => {
  it('groups a life by place, keeping each event its number', () => {
    expect(
      groupByPlace(life).map((group) => [group.place.id, group.points.map((p) => p.order)]),
    ).toEqual([
      [1, [1, 4]],
      [2, [2, 3]],
    ]);
  });

  it('draws the line in time order, a place repeated in a row once', () => {
    expect(lifeLine(life)).toEqual([
      [41.17, 75.8],
      [41.43, 76],
      [41.17, 75.8],
    ]);
  });

  it('keeps the generations down to the slider', () => {
    const points = [0, 1, 2, 3].map((generation) => ({ generation }));
    expect(upToGeneration(points, 1)).toEqual([{ generation: 0 }, { generation: 1 }]);
  });
});
