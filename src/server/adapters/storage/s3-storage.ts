import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { notFound } from '@shared/errors';
import { assertStorageKey, DEFAULT_SIGNED_URL_SECONDS, type Storage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** MinIO, R2, the fake S3 of the tests (fakes/s3)...: path-style addressing is switched on when set. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** S3's DeleteObjects takes at most 1000 keys per call. */
const DELETE_BATCH = 1000;

/** Objects in one bucket; URLs are S3 presigned GETs (the bucket stays private). */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: Boolean(options.endpoint),
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // The SDK's default CRC checksums on every request are not understood by several S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, CacheControl: 'max-age=3600' }));
    },
    async ensureFreeSpace() {
      // A bucket has no free space to run out of; a quota or billing stop answers put() with an error.
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) throw notFound('File not found');
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') throw notFound('File not found');
        throw err;
      }
    },
    async delete(keys) {
      keys.forEach(assertStorageKey);
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const Objects = keys.slice(start, start + DELETE_BATCH).map((Key) => ({ Key }));
        const answer = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
        const failed = answer.Errors?.filter((e) => e.Code !== 'NoSuchKey') ?? [];
        const [first] = failed;
        if (first) throw new Error(`S3 could not delete ${failed.length} object(s): ${first.Code} ${first.Message}`);
      }
    },
    async signedUrl(key, ttlSeconds = DEFAULT_SIGNED_URL_SECONDS) {
      assertStorageKey(key);
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: ttlSeconds });
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const answer = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        const page = (answer.Contents ?? []).flatMap((o) => (o.Key && o.LastModified ? [{ key: o.Key, modifiedAt: o.LastModified }] : []));
        if (page.length > 0) yield page;
        ContinuationToken = answer.IsTruncated ? answer.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
