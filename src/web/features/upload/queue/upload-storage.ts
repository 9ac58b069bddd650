import { deleteLocalRecords, localRecords, putLocalRecord, type LocalRecord } from '../../../lib/local-db';
import type { PreparedPhoto } from '../upload-product-photos';

/** A product in IndexedDB: everything needed to send it again after a reload. */
export interface StoredUpload extends LocalRecord {
  uploadKey: string;
  sku: string | null;
  autoGenerateListing: boolean;
  photos: PreparedPhoto[];
  source: string | null;
}

export interface UploadStorage {
  list(userId: string): Promise<StoredUpload[]>;
  put(record: StoredUpload): Promise<void>;
  delete(ids: string[]): Promise<void>;
}

/** The products waiting to be sent, in the browser's IndexedDB. */
export const indexedDbUploads: UploadStorage = {
  list: (userId) => localRecords<StoredUpload>('uploads', userId),
  put: (record) => putLocalRecord('uploads', record),
  delete: (ids) => deleteLocalRecords('uploads', ids),
};
