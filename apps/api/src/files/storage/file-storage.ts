import type { Readable } from 'node:stream';

/** A blob as the storage knows it. The key is the SHA-256 (hex) of the bytes. */
export interface StoredBlob {
  key: string;
  checksum: string;
  size: number;
}

/**
 * Bytes written, hashed and flushed to a temporary place, not yet visible under
 * their key. `path` is a local file holding them, for inspection (type detection,
 * image processing) before deciding to keep them.
 */
export interface StagedBlob extends StoredBlob {
  readonly path: string;
  /** Makes the blob readable under its key (atomically); idempotent. */
  commit(): Promise<StoredBlob>;
  /** Deletes the temporary bytes; a no-op once committed or discarded. */
  discard(): Promise<void>;
}

/** Inclusive byte range, as in HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

export class BlobNotFoundError extends Error {
  constructor(key: string) {
    super(`blob ${key} not found`);
    this.name = 'BlobNotFoundError';
  }
}

/**
 * Where uploaded bytes live: a local directory by default, an
 * S3-compatible store as the scale-out option. Content-addressed, so identical
 * bytes are stored once; reference counting is the caller's (database rows).
 */
export interface FileStorage {
  /**
   * Streams `source` into a temporary file while hashing and counting it. When
   * the stream fails (client gone, size limit) nothing is left behind.
   */
  stage(source: Readable): Promise<StagedBlob>;
  /** `stage` then `commit`. */
  put(source: Readable): Promise<StoredBlob>;
  /** The bytes (or a range of them); rejects with BlobNotFoundError. */
  open(key: string, range?: ByteRange): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** Removes the blob; no error when it is already gone. */
  remove(key: string): Promise<void>;
  /** Every stored blob and when it was written, for the orphan sweep. */
  list(): AsyncIterable<{ key: string; modifiedAt: Date }>;
  /** Deletes temporary files left by a crash, older than `olderThan`; returns how many. */
  removeStaleTemporaryFiles(olderThan: Date): Promise<number>;
  /**
   * Deletes at once the temporary files of writers known to be dead (a crashed process of
   * this machine), whatever their age; returns how many. Run at start.
   */
  removeDeadWritersFiles(): Promise<number>;
}

const KEY_PATTERN = /^[0-9a-f]{64}$/;

/** Keys come from the database, but a malformed one must never reach a file path. */
export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
