/** One bucket's objects, in memory, as S3 keeps them in a bucket without versioning. */
import { createHash } from 'node:crypto';
import { S3Error } from './s3-xml';

export interface FakeS3Object {
  body: Buffer;
  /** The quoted MD5 hex of the body ("The entity tag is a hash of the object"; for a PUT of one part, its MD5). */
  etag: string;
  lastModified: Date;
  /** The headers S3 keeps with the object and answers on GET and HEAD (Content-Type, Cache-Control, x-amz-meta-*…). */
  headers: Record<string, string>;
}

export interface ListPage {
  objects: [string, FakeS3Object][];
  isTruncated: boolean;
  nextContinuationToken?: string;
}

/** ListObjectsV2 lists a general purpose bucket in lexicographical order of the keys: of their UTF-8 bytes. */
const byUtf8 = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** A continuation token: opaque to the client; here the last key listed, so that a page survives puts and deletes. */
const TOKEN_MARK = 'fake-s3-after:';
const tokenAfter = (key: string) => Buffer.from(TOKEN_MARK + key, 'utf8').toString('base64url');
function keyOfToken(token: string): string {
  const text = Buffer.from(token, 'base64url').toString('utf8');
  if (!text.startsWith(TOKEN_MARK) || tokenAfter(text.slice(TOKEN_MARK.length)) !== token)
    throw new S3Error(400, 'InvalidArgument', 'The continuation token provided is incorrect', {
      ArgumentName: 'continuation-token',
      ArgumentValue: token,
    });
  return text.slice(TOKEN_MARK.length);
}

export class FakeBucket {
  readonly objects = new Map<string, FakeS3Object>();

  constructor(readonly name: string) {}

  put(key: string, body: Buffer, headers: Record<string, string>, now: Date): FakeS3Object {
    const object = { body, etag: `"${createHash('md5').update(body).digest('hex')}"`, lastModified: now, headers };
    this.objects.set(key, object);
    return object;
  }

  /** The keys after `startAfter` and the token's key, under `prefix`, at most `maxKeys` of them. */
  list(options: { prefix: string; startAfter?: string; continuationToken?: string; maxKeys: number }): ListPage {
    const after = [options.startAfter, options.continuationToken === undefined ? undefined : keyOfToken(options.continuationToken)]
      .filter((key) => key !== undefined)
      .sort(byUtf8)
      .pop();
    const matching = [...this.objects.keys()]
      .filter((key) => key.startsWith(options.prefix) && (after === undefined || byUtf8(key, after) > 0))
      .sort(byUtf8);
    const page = matching.slice(0, options.maxKeys);
    const isTruncated = options.maxKeys > 0 && matching.length > page.length;
    return {
      objects: page.map((key) => [key, this.objects.get(key)!]),
      isTruncated,
      nextContinuationToken: isTruncated ? tokenAfter(page.at(-1)!) : undefined,
    };
  }
}
