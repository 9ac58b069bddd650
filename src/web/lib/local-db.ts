import { openDB, type IDBPDatabase } from 'idb';

/**
 * The browser's own database (IndexedDB): what the seller must not lose if the tab closes, the phone locks or the
 * connection drops. `uploads`: products waiting to be sent (their photos, as picked until compressed, SKU, upload key); `camera-photos`:
 * the camera batch not yet uploaded. Every record names its user, and is read back only for that user.
 */
export type LocalStore = 'uploads' | 'camera-photos';

export interface LocalRecord {
  id: string;
  userId: string;
  /** Milliseconds since the epoch: records come back in this order. */
  createdAt: number;
}

const DB_NAME = 'resale-studio';
const STORES: LocalStore[] = ['uploads', 'camera-photos'];
let opening: Promise<IDBPDatabase> | null = null;

function localDb(): Promise<IDBPDatabase> {
  opening ??= openDB(DB_NAME, 1, {
    upgrade(db) {
      for (const name of STORES) db.createObjectStore(name, { keyPath: 'id' }).createIndex('userId', 'userId');
    },
  }).catch((err: unknown) => {
    opening = null;
    throw err;
  });
  return opening;
}

/** The user's records of one store, oldest first. */
export async function localRecords<T extends LocalRecord>(store: LocalStore, userId: string): Promise<T[]> {
  const db = await localDb();
  const records = (await db.getAllFromIndex(store, 'userId', userId)) as T[];
  return records.sort((a, b) => a.createdAt - b.createdAt);
}

export async function putLocalRecord(store: LocalStore, record: LocalRecord): Promise<void> {
  await (await localDb()).put(store, record);
}

/** Writes the records in one transaction: all of them are kept, or none. */
export async function putLocalRecords(store: LocalStore, records: LocalRecord[]): Promise<void> {
  if (records.length === 0) return;
  const tx = (await localDb()).transaction(store, 'readwrite');
  await Promise.all([...records.map((record) => tx.store.put(record)), tx.done]);
}

export async function deleteLocalRecords(store: LocalStore, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const tx = (await localDb()).transaction(store, 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}

/** For tests: forget the open connection (fake-indexeddb is reset between them). */
export function closeLocalDbForTests() {
  void opening?.then((db) => db.close()).catch(() => undefined);
  opening = null;
}
