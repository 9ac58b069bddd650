import { createHash } from 'node:crypto';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type ChecksumAlgorithm,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from './s3-server';

let fake: FakeS3;
beforeAll(async () => {
  fake = await startFakeS3({ buckets: ['photos', 'other'] });
});
afterAll(async () => {
  await fake?.close();
});

/** The real client, configured as src/server/adapters/storage/s3-storage.ts configures it. */
function s3Client(credentials: { accessKeyId?: string; secretAccessKey?: string; region?: string } = {}) {
  return new S3Client({
    region: credentials.region ?? fake.region,
    endpoint: fake.url,
    forcePathStyle: true,
    credentials: {
      accessKeyId: credentials.accessKeyId ?? fake.accessKeyId,
      secretAccessKey: credentials.secretAccessKey ?? fake.secretAccessKey,
    },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 1,
  });
}

/** A client whose request headers are changed just before the SDK signs them: a signed request S3 must still refuse. */
function clientEditingHeaders(edit: (headers: Record<string, string>) => void) {
  const client = s3Client();
  // The last build step: after the checksum middleware has set its header, before the finalize step signs.
  client.middlewareStack.add(
    (next) => async (args) => {
      edit((args.request as { headers: Record<string, string> }).headers);
      return next(args);
    },
    { step: 'build', priority: 'low', name: 'editHeadersBeforeSigning' },
  );
  return client;
}

const md5Base64 = (text: string) => createHash('md5').update(text).digest('base64');

describe('the fake S3 answers the real client', () => {
  it('puts, gets, heads and deletes an object, keeping its Content-Type and answering the MD5 ETag', async () => {
    const client = s3Client();
    const body = Buffer.from('jpeg bytes');
    const etag = `"${createHash('md5').update(body).digest('hex')}"`;
    const put = await client.send(
      new PutObjectCommand({
        Bucket: 'photos',
        Key: 'u/i/a b+(1).jpg',
        Body: body,
        ContentType: 'image/jpeg',
        CacheControl: 'max-age=3600',
      }),
    );
    expect(put.ETag).toBe(etag);

    const got = await client.send(new GetObjectCommand({ Bucket: 'photos', Key: 'u/i/a b+(1).jpg' }));
    expect(Buffer.from(await got.Body!.transformToByteArray())).toEqual(body);
    expect(got).toMatchObject({ ContentType: 'image/jpeg', ContentLength: body.length, ETag: etag, CacheControl: 'max-age=3600' });
    expect(got.LastModified).toBeInstanceOf(Date);

    const head = await client.send(new HeadObjectCommand({ Bucket: 'photos', Key: 'u/i/a b+(1).jpg' }));
    expect(head).toMatchObject({ ContentType: 'image/jpeg', ContentLength: body.length, ETag: etag });

    const deleted = await client.send(
      new DeleteObjectsCommand({ Bucket: 'photos', Delete: { Objects: [{ Key: 'u/i/a b+(1).jpg' }, { Key: 'never/there.jpg' }] } }),
    );
    expect(deleted.Deleted?.map((d) => d.Key)).toEqual(['u/i/a b+(1).jpg', 'never/there.jpg']);
    expect(fake.objectsOf('photos').has('u/i/a b+(1).jpg')).toBe(false);
  });

  it('answers NoSuchKey with S3 error document for a missing key, and a bare 404 to HEAD', async () => {
    const client = s3Client();
    const missing = await client.send(new GetObjectCommand({ Bucket: 'photos', Key: 'no/such.jpg' })).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NoSuchKey);
    expect(missing).toMatchObject({ message: 'The specified key does not exist.', $metadata: { httpStatusCode: 404 } });
    await expect(client.send(new HeadObjectCommand({ Bucket: 'photos', Key: 'no/such.jpg' }))).rejects.toMatchObject({
      name: 'NotFound',
      $metadata: { httpStatusCode: 404 },
    });

    const answer = await fetch(await getSignedUrl(client, new GetObjectCommand({ Bucket: 'photos', Key: 'no/such.jpg' })));
    expect(answer.status).toBe(404);
    expect(await answer.text()).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<Error><Code>NoSuchKey<\/Code><Message>The specified key does not exist.<\/Message><Key>no\/such.jpg<\/Key><RequestId>\w+<\/RequestId><HostId>[^<]+<\/HostId><\/Error>$/,
    );
  });

  it('answers NoSuchBucket for a bucket it was not given', async () => {
    await expect(s3Client().send(new GetObjectCommand({ Bucket: 'nowhere', Key: 'a.jpg' }))).rejects.toMatchObject({
      name: 'NoSuchBucket',
      $metadata: { httpStatusCode: 404 },
    });
  });

  it('lists ListObjectsV2 pages of max-keys, under a prefix, with continuation tokens', async () => {
    const client = s3Client();
    const keys = ['list/a', 'list/b', 'list/c', 'list/d', 'list/e'];
    await Promise.all(keys.map((Key) => client.send(new PutObjectCommand({ Bucket: 'other', Key, Body: Buffer.from(Key) }))));
    await client.send(new PutObjectCommand({ Bucket: 'other', Key: 'elsewhere/z', Body: Buffer.from('z') }));

    const pages: string[][] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: 'other', Prefix: 'list/', MaxKeys: 2, ContinuationToken }));
      pages.push((page.Contents ?? []).map((o) => o.Key!));
      expect(page.KeyCount).toBe(page.Contents?.length);
      expect(page.IsTruncated).toBe(pages.length < 3);
      expect(page.Contents?.[0]).toMatchObject({ Size: 6, ETag: `"${createHash('md5').update(page.Contents![0]!.Key!).digest('hex')}"` });
      ContinuationToken = page.NextContinuationToken;
    } while (ContinuationToken);
    expect(pages).toEqual([['list/a', 'list/b'], ['list/c', 'list/d'], ['list/e']]);

    const all = await client.send(new ListObjectsV2Command({ Bucket: 'other' }));
    expect(all).toMatchObject({ MaxKeys: 1000, IsTruncated: false, KeyCount: 6 });
    await expect(client.send(new ListObjectsV2Command({ Bucket: 'other', ContinuationToken: 'made-up' }))).rejects.toMatchObject({
      name: 'InvalidArgument',
      $metadata: { httpStatusCode: 400 },
    });
  });
});

describe('the fake S3 checks Signature Version 4', () => {
  it('refuses a request signed with a wrong secret (SignatureDoesNotMatch) or an unknown key (InvalidAccessKeyId)', async () => {
    await expect(
      s3Client({ secretAccessKey: `${fake.secretAccessKey}x` }).send(new GetObjectCommand({ Bucket: 'photos', Key: 'a.jpg' })),
    ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
    await expect(
      s3Client({ accessKeyId: 'AKIAUNKNOWN' }).send(new PutObjectCommand({ Bucket: 'photos', Key: 'a.jpg', Body: Buffer.from('a') })),
    ).rejects.toMatchObject({ name: 'InvalidAccessKeyId', $metadata: { httpStatusCode: 403 } });
    expect(fake.objectsOf('photos').has('a.jpg')).toBe(false);
  });

  it('refuses a request signed for another region', async () => {
    await expect(s3Client({ region: 'eu-west-3' }).send(new GetObjectCommand({ Bucket: 'photos', Key: 'a.jpg' }))).rejects.toMatchObject({
      name: 'AuthorizationHeaderMalformed',
      $metadata: { httpStatusCode: 400 },
    });
  });

  it('answers a presigned GET, and refuses it tampered with, expired, or without any signature', async () => {
    const client = s3Client();
    await client.send(
      new PutObjectCommand({ Bucket: 'photos', Key: 'u/signed.jpg', Body: Buffer.from('signed bytes'), ContentType: 'image/jpeg' }),
    );
    await client.send(new PutObjectCommand({ Bucket: 'photos', Key: 'u/other.jpg', Body: Buffer.from('other bytes') }));
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: 'photos', Key: 'u/signed.jpg' }), { expiresIn: 60 });
    const good = await fetch(url);
    expect(good.status).toBe(200);
    expect(good.headers.get('content-type')).toBe('image/jpeg');
    expect(await good.text()).toBe('signed bytes');

    for (const tampered of [url.replace('/u/signed.jpg', '/u/other.jpg'), url.replace('X-Amz-Expires=60', 'X-Amz-Expires=600')]) {
      const answer = await fetch(tampered);
      expect(answer.status, tampered).toBe(403);
      expect(await answer.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    }

    const anHourAgo = new Date(Date.now() - 3600_000);
    const expired = await getSignedUrl(client, new GetObjectCommand({ Bucket: 'photos', Key: 'u/signed.jpg' }), {
      expiresIn: 60,
      signingDate: anHourAgo,
    });
    const late = await fetch(expired);
    expect(late.status).toBe(403);
    expect(await late.text()).toMatch(/<Code>AccessDenied<\/Code><Message>Request has expired<\/Message>/);

    const unsigned = await fetch(`${fake.url}/photos/u/signed.jpg`);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toMatch(/<Code>AccessDenied<\/Code><Message>Access Denied<\/Message>/);
  });

  it('holds the body to a hex x-amz-content-sha256 (XAmzContentSHA256Mismatch)', async () => {
    const client = clientEditingHeaders((headers) => {
      headers['x-amz-content-sha256'] = createHash('sha256').update('another body').digest('hex');
    });
    await expect(
      client.send(new PutObjectCommand({ Bucket: 'photos', Key: 'mismatch.jpg', Body: Buffer.from('the body') })),
    ).rejects.toMatchObject({
      name: 'XAmzContentSHA256Mismatch',
      $metadata: { httpStatusCode: 400 },
    });
    expect(fake.objectsOf('photos').has('mismatch.jpg')).toBe(false);
  });
});

describe('the fake S3 holds DeleteObjects to S3 rules', () => {
  const dropChecksum = (headers: Record<string, string>) => {
    for (const name of Object.keys(headers)) if (/^x-amz-(sdk-)?checksum-/.test(name)) delete headers[name];
  };

  it('refuses a DeleteObjects without Content-MD5 or x-amz-checksum-* (400 InvalidRequest)', async () => {
    await s3Client().send(new PutObjectCommand({ Bucket: 'photos', Key: 'kept.jpg', Body: Buffer.from('kept') }));
    const answer = await clientEditingHeaders(dropChecksum)
      .send(new DeleteObjectsCommand({ Bucket: 'photos', Delete: { Objects: [{ Key: 'kept.jpg' }], Quiet: true } }))
      .catch((e: unknown) => e);
    expect(answer).toMatchObject({
      name: 'InvalidRequest',
      message: 'Missing required header for this request: Content-MD5',
      $metadata: { httpStatusCode: 400 },
    });
    expect(fake.objectsOf('photos').has('kept.jpg')).toBe(true);
  });

  it('takes a right Content-MD5 and refuses a wrong one or a wrong CRC32 (BadDigest)', async () => {
    const body = (key: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><Delete xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Object><Key>${key}</Key></Object><Quiet>true</Quiet></Delete>`;
    const withMd5 = clientEditingHeaders((headers) => {
      dropChecksum(headers);
      headers['content-md5'] = md5Base64(body('kept.jpg'));
    });
    await expect(
      withMd5.send(new DeleteObjectsCommand({ Bucket: 'photos', Delete: { Objects: [{ Key: 'kept.jpg' }], Quiet: true } })),
    ).resolves.toBeDefined();

    const wrongMd5 = clientEditingHeaders((headers) => {
      dropChecksum(headers);
      headers['content-md5'] = md5Base64('something else');
    });
    const wrongCrc = clientEditingHeaders((headers) => {
      headers['x-amz-checksum-crc32'] = 'AAAAAA==';
    });
    for (const client of [wrongMd5, wrongCrc])
      await expect(
        client.send(new DeleteObjectsCommand({ Bucket: 'photos', Delete: { Objects: [{ Key: 'x.jpg' }] } })),
      ).rejects.toMatchObject({
        name: 'BadDigest',
        $metadata: { httpStatusCode: 400 },
      });
  });

  it('takes each checksum algorithm the client computes', async () => {
    const client = s3Client();
    for (const algorithm of ['CRC32', 'CRC32C', 'CRC64NVME', 'SHA1', 'SHA256'] as ChecksumAlgorithm[]) {
      await client.send(new PutObjectCommand({ Bucket: 'photos', Key: `sum/${algorithm}`, Body: Buffer.from(algorithm) }));
      const answer = await client.send(
        new DeleteObjectsCommand({ Bucket: 'photos', ChecksumAlgorithm: algorithm, Delete: { Objects: [{ Key: `sum/${algorithm}` }] } }),
      );
      expect(
        answer.Deleted?.map((d) => d.Key),
        algorithm,
      ).toEqual([`sum/${algorithm}`]);
    }
  });

  it('refuses more than 1000 keys in one DeleteObjects (MalformedXML)', async () => {
    const Objects = Array.from({ length: 1001 }, (_, i) => ({ Key: `k/${i}` }));
    await expect(s3Client().send(new DeleteObjectsCommand({ Bucket: 'photos', Delete: { Objects } }))).rejects.toMatchObject({
      name: 'MalformedXML',
      $metadata: { httpStatusCode: 400 },
    });
  });
});
