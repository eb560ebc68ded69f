/**
 * The last recording not yet uploaded, kept in IndexedDB (docs/features.md, Recording in the
 * browser): after a reload or a closed tab the recorder offers to go on with its upload from the
 * server's offset. One entry; it is cleared once the recording is saved or discarded.
 */

export interface SavedRecording {
  blob: Blob;
  name: string;
  durationSeconds: number;
  /** The upload session, once one was opened. */
  sessionId: string | null;
  savedAt: number;
}

const DB_NAME = 'bagysh-voices';
const STORE = 'pending';
const KEY = 'last';

function openDb(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    // Private modes may refuse IndexedDB: the recorder works on without it.
    request.onerror = () => resolve(null);
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | undefined> {
  const db = await openDb();
  if (!db) return undefined;
  try {
    return await new Promise<T | undefined>((resolve) => {
      const request = action(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(undefined);
    });
  } finally {
    db.close();
  }
}

export async function saveRecording(recording: SavedRecording): Promise<void> {
  await run('readwrite', (store) => store.put(recording, KEY));
}

export async function loadSavedRecording(): Promise<SavedRecording | undefined> {
  const found = await run<unknown>('readonly', (store) => store.get(KEY) as IDBRequest<unknown>);
  return isSaved(found) ? found : undefined;
}

function isSaved(found: unknown): found is SavedRecording {
  return (
    typeof found === 'object' && found !== null && (found as SavedRecording).blob instanceof Blob
  );
}

export async function clearSavedRecording(): Promise<void> {
  await run('readwrite', (store) => store.delete(KEY));
}
