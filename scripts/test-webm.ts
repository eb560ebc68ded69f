/**
 * A long recording as the browser records one, for the tests: WebM with one Opus track whose
 * Segment and Clusters have an unknown size and no Cues (Chromium's MediaRecorder writes as it
 * records, so it cannot know them), and no Duration unless asked (the site's recorder adds it
 * before the upload). Made without recording in real time: its frames are Opus silence.
 */

/** An EBML element: its id's bytes, then the size as a variable-length integer, then `data`. */
function element(id: number, data: Buffer): Buffer {
  const idBytes = Buffer.from(id.toString(16).padStart(2, '0'), 'hex');
  return Buffer.concat([idBytes, size(data.length), data]);
}

/** A variable-length size of 1 to 8 bytes. */
function size(length: number): Buffer {
  for (let bytes = 1; bytes <= 8; bytes++) {
    if (length < 2 ** (7 * bytes) - 1) {
      const out = Buffer.alloc(bytes);
      let rest = length;
      for (let i = bytes - 1; i >= 0; i--) {
        out[i] = rest % 256;
        rest = Math.floor(rest / 256);
      }
      out[0]! |= 1 << (8 - bytes);
      return out;
    }
  }
  throw new Error(`EBML size too large: ${length}`);
}

/** The size "unknown": an element whose end is where the next one of its level begins. */
const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

const uint = (id: number, value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return element(id, bytes);
};
const text = (id: number, value: string) => element(id, Buffer.from(value, 'ascii'));
const float = (id: number, value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleBE(value);
  return element(id, bytes);
};

/** Opus's identification header: mono, 48 kHz, the usual pre-skip. */
function opusHead(): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'ascii');
  head[8] = 1; // version
  head[9] = 1; // channels
  head.writeUInt16LE(312, 10); // pre-skip
  head.writeUInt32LE(48_000, 12);
  return head;
}

/** A 20 ms Opus packet of silence (CELT, full band, one frame). */
const SILENCE = Buffer.from([0xf8, 0xff, 0xfe]);
const FRAME_MS = 20;
/** Clusters of 10 s: a block's time is 16 bits of milliseconds from its cluster's. */
const CLUSTER_MS = 10_000;

/**
 * `seconds` of silence as MediaRecorder's WebM (about 0.45 KB a second); with `duration`, its
 * Info says how long it is, as the site's recorder writes it.
 */
export function recorderWebm(seconds: number, { duration = false } = {}): Buffer {
  const header = element(
    0x1a45dfa3,
    Buffer.concat([
      uint(0x4286, 1), // EBMLVersion
      uint(0x42f7, 1), // EBMLReadVersion
      uint(0x42f2, 4), // EBMLMaxIDLength
      uint(0x42f3, 8), // EBMLMaxSizeLength
      text(0x4282, 'webm'), // DocType
      uint(0x4287, 4), // DocTypeVersion
      uint(0x4285, 2), // DocTypeReadVersion
    ]),
  );
  const info = element(
    0x1549a966,
    Buffer.concat([
      uint(0x2ad7b1, 1_000_000), // TimecodeScale: milliseconds
      ...(duration ? [float(0x4489, seconds * 1000)] : []), // Duration
      text(0x4d80, 'Chrome'), // MuxingApp
      text(0x5741, 'Chrome'), // WritingApp
    ]),
  );
  const tracks = element(
    0x1654ae6b,
    element(
      0xae, // TrackEntry
      Buffer.concat([
        uint(0xd7, 1), // TrackNumber
        uint(0x73c5, 1), // TrackUID
        uint(0x83, 2), // TrackType: audio
        text(0x86, 'A_OPUS'), // CodecID
        element(0x63a2, opusHead()), // CodecPrivate
        element(0xe1, Buffer.concat([float(0xb5, 48_000), uint(0x9f, 1)])), // Audio
      ]),
    ),
  );
  const clusters: Buffer[] = [];
  for (let start = 0; start < seconds * 1000; start += CLUSTER_MS) {
    const blocks: Buffer[] = [uint(0xe7, start)]; // Timecode
    for (let at = 0; at < CLUSTER_MS && start + at < seconds * 1000; at += FRAME_MS) {
      const block = Buffer.alloc(4);
      block[0] = 0x81; // track 1
      block.writeInt16BE(at, 1);
      block[3] = 0x80; // a keyframe
      blocks.push(element(0xa3, Buffer.concat([block, SILENCE]))); // SimpleBlock
    }
    clusters.push(Buffer.from([0x1f, 0x43, 0xb6, 0x75]), UNKNOWN_SIZE, ...blocks);
  }
  return Buffer.concat([
    header,
    Buffer.from([0x18, 0x53, 0x80, 0x67]), // Segment
    UNKNOWN_SIZE,
    info,
    tracks,
    ...clusters,
  ]);
}
