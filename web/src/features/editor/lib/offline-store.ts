/**
 * Unsent changes kept on this device: one record per design in IndexedDB (database
 * `designcore-editor`, store `pending`), `{designId, baseVersion, document, name, savedAt}`. A
 * record is written on every change and removed once the server has the same document.
 */
import type { DesignDocument } from '../model/document';

export type PendingChange = {
  designId: string;
  /** The server version the change was made on. */
  baseVersion: number;
  document: DesignDocument;
  savedAt: number;
};

export type OfflineStore = {
  get(designId: string): Promise<PendingChange | null>;
  put(change: PendingChange): Promise<void>;
  delete(designId: string): Promise<void>;
};

const DB_NAME = 'designcore-editor';
const STORE = 'pending';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE, { keyPath: 'designId' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('Could not open IndexedDB'));
  });
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return openDb().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const request = work(tx.objectStore(STORE));
        tx.oncomplete = () => {
          db.close();
          resolve(request.result);
        };
        tx.onerror = () => {
          db.close();
          reject(tx.error ?? new Error('IndexedDB transaction failed'));
        };
      }),
  );
}

/** The browser's IndexedDB store; a store that keeps nothing where IndexedDB is missing. */
export function indexedDbStore(): OfflineStore {
  if (typeof indexedDB === 'undefined') return memoryStore();
  return {
    get: async (designId) => ((await run('readonly', (s) => s.get(designId))) as PendingChange | undefined) ?? null,
    put: async (change) => {
      await run('readwrite', (s) => s.put(change));
    },
    delete: async (designId) => {
      await run('readwrite', (s) => s.delete(designId));
    },
  };
}

/** An in-memory store (tests, and browsers without IndexedDB). */
export function memoryStore(): OfflineStore & { records: Map<string, PendingChange> } {
  const records = new Map<string, PendingChange>();
  return {
    records,
    get: async (designId) => records.get(designId) ?? null,
    put: async (change) => {
      records.set(change.designId, change);
    },
    delete: async (designId) => {
      records.delete(designId);
    },
  };
}
