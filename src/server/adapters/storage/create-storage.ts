import type { Config } from '../../config';
import { createFileUrlSigner } from './file-url-signer';
import { createLocalStorage } from './local-storage';
import type { Storage } from './storage';

/** The storage adapter STORAGE asks for: local disk (default) or S3 (the AWS SDK is loaded only then). */
export async function createStorage(config: Pick<Config, 'storage' | 'appSecret'>): Promise<Storage> {
  if (config.storage.kind === 's3') return (await import('./s3-storage')).createS3Storage(config.storage);
  const { dir, minFreeBytes } = config.storage;
  return createLocalStorage({ dir, minFreeBytes, signer: createFileUrlSigner(config.appSecret) });
}
