import { describe, expect, it } from 'vitest';
import { formatRecordingTime, parseRecordingTime } from './recording-time';

describe('times in a recording', () => {
  it('reads the times a person types', () => {
    expect(parseRecordingTime('1:05')).toBe(65);
    expect(parseRecordingTime(' 1:02:05 ')).toBe(3725);
    expect(parseRecordingTime('65')).toBe(65);
    expect(parseRecordingTime('0:07.5')).toBe(7.5);
    for (const bad of ['', '1:75', 'a', '-3', '1::2', '1:2:3:4']) {
      expect(parseRecordingTime(bad), bad).toBeNull();
    }
  });

  it('writes a second as a person reads it', () => {
    expect(formatRecordingTime(65)).toBe('1:05');
    expect(formatRecordingTime(3725.9)).toBe('1:02:05');
    expect(parseRecordingTime(formatRecordingTime(3725))).toBe(3725);
  });
});
