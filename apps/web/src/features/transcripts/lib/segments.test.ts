import { describe, expect, it } from 'vitest';
import { checkDrafts, currentSegment, insertionIndex } from './segments';

describe('transcript segments in the editor', () => {
  it('finds where a new segment goes and which one is playing', () => {
    expect(insertionIndex([0, 10, 20], 15)).toBe(2);
    expect(insertionIndex([0, 10, 20], 25)).toBe(3);
    expect(insertionIndex([0, null, 20], 5)).toBe(2);
    const segments = [{ start: 0 }, { start: 10 }, { start: 20 }];
    expect(currentSegment(segments, 9.9)).toBe(0);
    expect(currentSegment(segments, 10)).toBe(1);
    expect(currentSegment([{ start: 3 }], 1)).toBe(-1);
  });

  it('names each row’s problem, or gives the segments to send', () => {
    const rows = [
      { key: 1, time: '0:00', speaker: ' Асан ', text: ' Башы ' },
      { key: 2, time: '0:10', speaker: '', text: 'Андан соң' },
    ];
    expect(checkDrafts(rows)).toEqual({
      segments: [
        { start: 0, speaker: 'Асан', text: 'Башы' },
        { start: 10, speaker: '', text: 'Андан соң' },
      ],
    });
    expect(
      checkDrafts([
        { key: 1, time: '0:20', speaker: '', text: 'а' },
        { key: 2, time: '0:10', speaker: '', text: 'б' },
        { key: 3, time: 'x', speaker: '', text: 'в' },
        { key: 4, time: '0:30', speaker: '', text: ' ' },
      ]),
    ).toEqual({ problems: [null, 'order', 'time', 'text'] });
  });
});
