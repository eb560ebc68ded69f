/**
 * Recordings for the tests: mono PCM WAV at 8 kHz, which Chromium plays and, served with ranges,
 * seeks in without a codec. Shared by the API's upload tests and the end-to-end tests.
 */

const RATE = 8000;

/** The samples (8-bit unsigned or 16-bit little-endian) behind a 44-byte WAV header. */
function wav(samples: Buffer, bits: 8 | 16): Buffer {
  const bytes = bits / 8;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * bytes, 28); // bytes a second
  header.writeUInt16LE(bytes, 32); // bytes a sample
  header.writeUInt16LE(bits, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

const tone = (i: number) => Math.sin((2 * Math.PI * 440 * i) / RATE);

/** `seconds` of a 440 Hz tone, 16-bit. */
export function toneWav(seconds = 1): Buffer {
  const samples = Buffer.alloc(RATE * seconds * 2);
  for (let i = 0; i < RATE * seconds; i++) samples.writeInt16LE(Math.round(tone(i) * 8000), i * 2);
  return wav(samples, 16);
}

/**
 * `seconds` of 8-bit silence but for a second of 440 Hz at the start of each minute: an hour is
 * 28.8 MB, the smallest long recording a browser plays without a codec.
 */
export function minuteToneWav(seconds: number): Buffer {
  // 8-bit PCM is unsigned: 128 is silence.
  const samples = Buffer.alloc(RATE * seconds, 128);
  for (let from = 0; from < samples.length; from += 60 * RATE) {
    for (let i = 0; i < RATE && from + i < samples.length; i++) {
      samples[from + i] = 128 + Math.round(tone(i) * 60);
    }
  }
  return wav(samples, 8);
}
