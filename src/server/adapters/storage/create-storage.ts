import type { Config } from '../../config';
import { createFileUrlSigner } from './file-url-signer';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The storage adapter STORAGE asks for: local disk (default) or S3. */
export function createStorage(config: Pick<Config, 'storage' | 'appSecret'>): Storage {
  if (config.storage.kind === 's3') return createS3Storage(config.storage);
  return createLocalStorage({ dir: config.storage.dir, signer: createFileUrlSigner(config.appSecret) });
}
