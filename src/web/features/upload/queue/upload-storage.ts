import { deleteLocalRecords, localRecords, putLocalRecord, putLocalRecords, type LocalRecord } from '@/lib/local-db';
import type { PreparedPhoto } from '../upload-product-photos';

/** A product in IndexedDB: everything needed to send it again after a reload. */
export interface StoredUpload extends LocalRecord {
  uploadKey: string;
  sku: string | null;
  /** The size typed on the label (absent in records of earlier versions). */
  size?: string | null;
  autoGenerateListing: boolean;
  photos: PreparedPhoto[];
  /**
   * false: the photos as the seller picked them, kept from the moment Upload was pressed (a resume compresses them
   * first); true or absent (records of earlier versions): compressed, ready to send.
   */
  compressed?: boolean;
  source: string | null;
}

export interface UploadStorage {
  list(userId: string): Promise<StoredUpload[]>;
  put(record: StoredUpload): Promise<void>;
  /** All of them in one transaction: a batch is kept whole or not at all. */
  putMany(records: StoredUpload[]): Promise<void>;
  delete(ids: string[]): Promise<void>;
}

/** The products waiting to be sent, in the browser's IndexedDB. */
export const indexedDbUploads: UploadStorage = {
  list: (userId) => localRecords<StoredUpload>('uploads', userId),
  put: (record) => putLocalRecord('uploads', record),
  putMany: (records) => putLocalRecords('uploads', records),
  delete: (ids) => deleteLocalRecords('uploads', ids),
};
