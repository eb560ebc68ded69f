import { describe, expect, it } from 'vitest';
import { recorderWebm } from '../../../../../../scripts/test-webm';
import { withLength } from './recording-length';

/** The Duration of a WebM's Info (EBML id 0x4489, an 8-byte float), in milliseconds. */
function durationOf(bytes: Uint8Array): number | undefined {
  for (let i = 0; i + 11 <= bytes.length; i++) {
    if (bytes[i] === 0x44 && bytes[i + 1] === 0x89 && bytes[i + 2] === 0x88) {
      return new DataView(bytes.buffer, bytes.byteOffset + i + 3, 8).getFloat64(0);
    }
  }
  return undefined;
}

describe('withLength', () => {
  it('writes the length into an hour recorded as MediaRecorder writes WebM', async () => {
    const recorded = recorderWebm(3600);
    expect(durationOf(recorded)).toBeUndefined();
    const whole = await withLength(
      new Blob([new Uint8Array(recorded)], { type: 'audio/webm' }),
      3_600_000,
    );
    expect(durationOf(new Uint8Array(await whole.arrayBuffer()))).toBe(3_600_000);
    expect(whole.type).toBe('audio/webm');
  });

  it('keeps other types as they are', async () => {
    const ogg = new Blob(['OggS'], { type: 'audio/ogg' });
    expect(await withLength(ogg, 1000)).toBe(ogg);
  });
});
