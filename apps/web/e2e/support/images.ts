import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** Files built in memory for upload tests: real PNGs and WAVs the server and Chromium can decode. */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit truecolour PNG whose rows (each without its filter byte) `row(y)` gives. */
function png(width: number, height: number, row: (y: number) => Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows = Array.from({ length: height }, (_, y) => Buffer.concat([Buffer.from([0]), row(y)]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG in one colour. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const row = Buffer.from(Array<[number, number, number]>(width).fill(rgb).flat());
  return png(width, height, () => row);
}

/** A PNG of random pixels: incompressible, so big enough to show an upload's progress. */
export function noisePng(width: number, height: number): Buffer {
  return png(width, height, () => randomBytes(width * 3));
}

/**
 * `seconds` of a 440 Hz tone as 8 kHz 16-bit mono PCM WAV: something Chromium can play (and
 * seek: the server answers ranges).
 */
export function toneWav(seconds = 1): Buffer {
  const rate = 8000;
  const samples = Buffer.alloc(rate * seconds * 2);
  for (let i = 0; i < rate * seconds; i++) {
    samples.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

/**
 * `seconds` of 8 kHz 8-bit mono PCM WAV, silent but for a second of 440 Hz at the start of each
 * minute: an hour is 28.8 MB, the smallest a long recording a browser plays without a codec is.
 */
export function minuteToneWav(seconds: number): Buffer {
  const rate = 8000;
  // 8-bit PCM is unsigned: 128 is silence.
  const samples = Buffer.alloc(rate * seconds, 128);
  for (let minute = 0; minute * 60 < seconds; minute++) {
    const from = minute * 60 * rate;
    for (let i = 0; i < rate && from + i < samples.length; i++) {
      samples[from + i] = 128 + Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 60);
    }
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28); // bytes a second
  header.writeUInt16LE(1, 32); // bytes a sample
  header.writeUInt16LE(8, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}
