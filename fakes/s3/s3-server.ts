/**
 * A fake Amazon S3 for tests: the REST API's path-style requests (`${url}/${bucket}/${key}`), objects in memory, the
 * buckets given at start. Every request is authenticated with AWS Signature Version 4 against the one access key it is
 * configured with (sigv4.ts), its body held to x-amz-content-sha256, Content-MD5 and x-amz-checksum-* (checksums.ts),
 * and refused with S3's error document and code. What it answers, and where S3 documents each rule: RULES.md.
 * - PUT /{bucket}/{key}: PutObject. GET and HEAD: GetObject and HeadObject. DELETE: DeleteObject.
 * - POST /{bucket}?delete: DeleteObjects. GET /{bucket}?list-type=2: ListObjectsV2.
 * Anything else S3 would do (multipart uploads, versions, ACLs, ranges, conditional requests…) answers NotImplemented.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkBodyIntegrity, hasIntegrityHeader } from './checksums';
import { FakeBucket, type FakeS3Object } from './fake-bucket';
import { elements, errorDocument, malformedXml, parseDeleteRequest, S3Error, xmlDocument } from './s3-xml';
import { parseQuery, UNSIGNED_PAYLOAD, uriDecode, verifySignature, type PayloadHash } from './sigv4';

export type { FakeS3Object } from './fake-bucket';

/** DeleteObjects: "The request can contain a list of up to 1,000 keys that you want to delete." */
const MAX_DELETE_KEYS = 1000;
/**
 * ListObjectsV2 max-keys: "By default, the action returns up to 1,000 key names. The response might contain fewer keys
 * but will never contain more."
 */
const MAX_LIST_KEYS = 1000;
/** An object key is at most 1,024 bytes of UTF-8 (User Guide, Naming Amazon S3 objects). */
const MAX_KEY_BYTES = 1024;

/** The headers S3 keeps with an object and answers on GET and HEAD (system-defined metadata, and x-amz-meta-*). */
const KEPT_HEADERS = ['content-type', 'cache-control', 'content-disposition', 'content-encoding', 'content-language', 'expires'];
/** S3's sub-resources and operation parameters this fake does not implement: S3 would do something else with them. */
const NOT_IMPLEMENTED_PARAMS = new Set(
  (
    'accelerate acl analytics attributes cors encryption intelligent-tiering inventory legal-hold lifecycle location logging ' +
    'metrics notification object-lock ownershipControls partNumber policy policyStatus publicAccessBlock replication ' +
    'requestPayment restore retention select tagging torrent uploadId uploads versionId versioning versions website ' +
    'response-cache-control response-content-disposition response-content-encoding response-content-language ' +
    'response-content-type response-expires delimiter encoding-type'
  ).split(' '),
);
const NOT_IMPLEMENTED_HEADERS = ['range', 'if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since', 'x-amz-copy-source'];

const notImplemented = () => new S3Error(501, 'NotImplemented', 'A header you provided implies functionality that is not implemented.');

export interface FakeS3 {
  /** The endpoint (S3_ENDPOINT): http://127.0.0.1:<port>, path-style. */
  url: string;
  port: number;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** A bucket's objects by key, for a test to look at. */
  objectsOf(bucket: string): ReadonlyMap<string, FakeS3Object>;
  /** Every request refused: its method, path, status and S3 error code. */
  readonly refused: { method: string; path: string; status: number; code: string }[];
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** x-amz-content-sha256 is the body's SHA-256, UNSIGNED-PAYLOAD, or a STREAMING- value (aws-chunked, not implemented). */
function checkPayloadHash(payloadHash: PayloadHash, body: Buffer) {
  if (payloadHash === UNSIGNED_PAYLOAD) return;
  if (payloadHash.startsWith('STREAMING-')) throw notImplemented();
  if (!/^[0-9a-f]{64}$/.test(payloadHash))
    throw new S3Error(
      400,
      'InvalidArgument',
      'x-amz-content-sha256 must be UNSIGNED-PAYLOAD, STREAMING-UNSIGNED-PAYLOAD-TRAILER, STREAMING-AWS4-HMAC-SHA256-PAYLOAD, STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER, STREAMING-AWS4-ECDSA-P256-SHA256-PAYLOAD, STREAMING-AWS4-ECDSA-P256-SHA256-PAYLOAD-TRAILER or a valid sha256 value.',
      { ArgumentName: 'x-amz-content-sha256', ArgumentValue: payloadHash },
    );
  const computed = createHash('sha256').update(body).digest('hex');
  if (computed !== payloadHash)
    throw new S3Error(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.", {
      ClientComputedContentSHA256: payloadHash,
      S3ComputedContentSHA256: computed,
    });
}

/** What an operation answers; a HEAD is sent without the body. */
interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

const xmlAnswer = (body: string): Answer => ({ status: 200, headers: { 'content-type': 'application/xml' }, body });

interface QueryParams {
  get(name: string): string | undefined;
  has(name: string): boolean;
}

function putObject(bucket: FakeBucket, key: string, req: IncomingMessage, body: Buffer): Answer {
  if (req.headers['content-length'] === undefined)
    throw new S3Error(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.');
  const kept: Record<string, string> = { 'content-type': 'binary/octet-stream' };
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === 'string' && (KEPT_HEADERS.includes(name) || name.startsWith('x-amz-meta-'))) kept[name] = value;
  const object = bucket.put(key, body, kept, new Date());
  return { status: 200, headers: { etag: object.etag } };
}

function getObject(bucket: FakeBucket, key: string): Answer {
  const object = bucket.objects.get(key);
  if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
  const headers = {
    ...object.headers,
    etag: object.etag,
    'last-modified': object.lastModified.toUTCString(),
    'accept-ranges': 'bytes',
  };
  return { status: 200, headers, body: object.body };
}

function deleteObjects(bucket: FakeBucket, req: IncomingMessage, body: Buffer): Answer {
  if (!hasIntegrityHeader(req.headers)) throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: Content-MD5');
  const { keys, quiet } = parseDeleteRequest(body.toString('utf8'));
  if (keys.length > MAX_DELETE_KEYS) throw malformedXml();
  // A key that is not there is reported deleted: "If the object specified in the request isn't found, Amazon S3
  // confirms the deletion by returning the result as deleted."
  for (const key of keys) bucket.objects.delete(key);
  const deleted = quiet ? '' : keys.map((key) => `<Deleted>${elements({ Key: key })}</Deleted>`).join('');
  return xmlAnswer(xmlDocument('DeleteResult', deleted));
}

function listObjectsV2(bucket: FakeBucket, query: QueryParams): Answer {
  if (query.get('fetch-owner') === 'true') throw notImplemented();
  const maxKeysText = query.get('max-keys');
  if (maxKeysText !== undefined && !/^\d{1,10}$/.test(maxKeysText))
    throw new S3Error(400, 'InvalidArgument', 'Provided max-keys not an integer or within integer range', {
      ArgumentName: 'max-keys',
      ArgumentValue: maxKeysText,
    });
  const maxKeys = Math.min(maxKeysText === undefined ? MAX_LIST_KEYS : Number(maxKeysText), MAX_LIST_KEYS);
  const prefix = query.get('prefix') ?? '';
  const [continuationToken, startAfter] = [query.get('continuation-token'), query.get('start-after')];
  const page = bucket.list({ prefix, startAfter, continuationToken, maxKeys });
  const contents = page.objects.map(
    ([key, object]) =>
      `<Contents>${elements({
        Key: key,
        LastModified: object.lastModified.toISOString(),
        ETag: object.etag,
        Size: object.body.length,
        StorageClass: 'STANDARD',
      })}</Contents>`,
  );
  return xmlAnswer(
    xmlDocument(
      'ListBucketResult',
      elements({ Name: bucket.name, Prefix: prefix, ContinuationToken: continuationToken, StartAfter: startAfter }) +
        elements({ KeyCount: page.objects.length, MaxKeys: maxKeys, IsTruncated: page.isTruncated }) +
        contents.join('') +
        elements({ NextContinuationToken: page.nextContinuationToken }),
    ),
  );
}

/** The operation a request names, on a bucket that exists. */
function operate(bucket: FakeBucket, key: string, req: IncomingMessage, query: QueryParams, body: Buffer): Answer {
  const method = req.method ?? 'GET';
  if (key === '') {
    if (method === 'GET' && query.get('list-type') === '2') return listObjectsV2(bucket, query);
    if (method === 'POST' && query.has('delete')) return deleteObjects(bucket, req, body);
    throw notImplemented();
  }
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) throw new S3Error(400, 'KeyTooLongError', 'Your key is too long');
  if (method === 'PUT') return putObject(bucket, key, req, body);
  if (method === 'GET' || method === 'HEAD') return getObject(bucket, key);
  if (method === 'DELETE') {
    bucket.objects.delete(key);
    return { status: 204 };
  }
  throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', {
    Method: method,
    ResourceType: 'OBJECT',
  });
}

export async function startFakeS3(options: {
  /** The buckets that exist; any other answers NoSuchBucket. */
  buckets: readonly string[];
  port?: number;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}): Promise<FakeS3> {
  const region = options.region ?? 'us-east-1';
  const accessKeyId = options.accessKeyId ?? `AKIA${randomBytes(8).toString('hex').toUpperCase()}`;
  const secretAccessKey = options.secretAccessKey ?? randomBytes(30).toString('base64');
  const secrets = new Map([[accessKeyId, secretAccessKey]]);
  const buckets = new Map(options.buckets.map((name) => [name, new FakeBucket(name)]));
  const refused: FakeS3['refused'] = [];

  /** Authenticates the request, holds its body to its hashes, then runs the operation it names. */
  async function route(req: IncomingMessage): Promise<Answer> {
    const target = req.url ?? '/';
    const rawPath = target.split('?', 1)[0]!;
    const pairs = parseQuery(target.slice(rawPath.length + 1));
    const query: QueryParams = {
      get: (name) => pairs.find(([n]) => n === name)?.[1],
      has: (name) => pairs.some(([n]) => n === name),
    };
    const body = await bodyOf(req);
    const signed = { method: req.method ?? 'GET', rawPath, query: pairs, headers: req.headers };
    checkPayloadHash(verifySignature(signed, { region, secrets, now: new Date() }), body);
    checkBodyIntegrity(req.headers, body);

    const [, bucketSegment = '', ...keySegments] = rawPath.split('/');
    const bucketName = uriDecode(bucketSegment);
    if (!bucketName) throw notImplemented(); // ListBuckets
    const bucket = buckets.get(bucketName);
    if (!bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucketName });
    if (pairs.some(([name]) => NOT_IMPLEMENTED_PARAMS.has(name)) || NOT_IMPLEMENTED_HEADERS.some((name) => req.headers[name] !== undefined))
      throw notImplemented();
    return operate(bucket, keySegments.map(uriDecode).join('/'), req, query, body);
  }

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const requestId = randomBytes(8).toString('hex').toUpperCase();
    const hostId = randomBytes(24).toString('base64');
    let answered: Answer;
    try {
      answered = await route(req);
    } catch (err) {
      const error =
        err instanceof S3Error
          ? err
          : new S3Error(500, 'InternalError', `We encountered an internal error. Please try again. (${String(err)})`);
      refused.push({ method: req.method ?? '', path: req.url ?? '', status: error.status, code: error.code });
      // HeadObject: "if the HEAD request generates an error, it returns a generic code" (no body, so no error code).
      answered = { status: error.status, headers: { 'content-type': 'application/xml' }, body: errorDocument(error, requestId, hostId) };
    }
    const body = answered.body ?? '';
    res.writeHead(answered.status, {
      ...answered.headers,
      'content-length': String(Buffer.byteLength(body)),
      'x-amz-request-id': requestId,
      'x-amz-id-2': hostId,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  const server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    region,
    accessKeyId,
    secretAccessKey,
    objectsOf(name) {
      const bucket = buckets.get(name);
      if (!bucket) throw new Error(`the fake S3 has no bucket ${name}`);
      return bucket.objects;
    },
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
