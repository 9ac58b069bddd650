import { createFileUrlSigner } from './file-url-signer';
import { createLocalStorage } from './local-storage';
import type { S3StorageOptions } from './s3-storage';
import type { Storage } from './storage';

/** Where photos are kept: STORAGE's choice, read by config.ts. */
export type StorageSettings = { kind: 'local'; dir: string; minFreeBytes: number } | ({ kind: 's3' } & S3StorageOptions);

/** The storage adapter STORAGE asks for: local disk (default) or S3 (the AWS SDK is loaded only then). */
export async function createStorage(config: { storage: StorageSettings; appSecret: string }): Promise<Storage> {
  if (config.storage.kind === 's3') return (await import('./s3-storage')).createS3Storage(config.storage);
  const { dir, minFreeBytes } = config.storage;
  return createLocalStorage({ dir, minFreeBytes, signer: createFileUrlSigner(config.appSecret) });
}
