/**
 * AWS Signature Version 4 as S3 checks it, in the Authorization header and in a presigned URL's query (Amazon S3 API
 * Reference, "Authenticating Requests (AWS Signature Version 4)": "Signature Calculations for the Authorization
 * Header" and "Authenticating Requests: Using Query Parameters"). The canonical request is rebuilt from what arrived and
 * signed with the configured secret; any difference is SignatureDoesNotMatch.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { S3Error } from './s3-xml';

const ALGORITHM = 'AWS4-HMAC-SHA256';
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
/** A presigned URL lives at most seven days: X-Amz-Expires up to 604800 seconds. */
const MAX_PRESIGNED_SECONDS = 604_800;
/** RequestTimeTooSkewed: a request time more than 15 minutes from the server's clock. */
const MAX_SKEW_MS = 15 * 60 * 1000;

/** AWS's UriEncode: every byte but A-Z a-z 0-9 - . _ ~ as %XY, upper-case hex. */
export const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** decodeURIComponent, or InvalidURI for a broken escape. */
export function uriDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new S3Error(400, 'InvalidURI', "Couldn't parse the specified URI.");
  }
}

/** The query as S3 reads it: each name and value percent-decoded, in the order sent. */
export function parseQuery(rawQuery: string): [string, string][] {
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? [uriDecode(pair), ''] : [uriDecode(pair.slice(0, eq)), uriDecode(pair.slice(eq + 1))];
    });
}

export interface ArrivedRequest {
  method: string;
  /** The path exactly as sent, before `?`. */
  rawPath: string;
  query: [string, string][];
  headers: IncomingHttpHeaders;
}

export interface SignatureOptions {
  region: string;
  /** Secret access key by access key id. */
  secrets: ReadonlyMap<string, string>;
  now: Date;
}

/** The payload hash the signature covered: a hex SHA-256 of the body, UNSIGNED-PAYLOAD or a STREAMING- value. */
export type PayloadHash = string;

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** The canonical URI: each path segment decoded and UriEncoded once (other services encode twice; S3 does not). */
const canonicalUri = (rawPath: string) =>
  rawPath
    .split('/')
    .map((segment) => uriEncode(uriDecode(segment)))
    .join('/') || '/';

const canonicalQuery = (query: [string, string][]) =>
  query
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');

const headerValue = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/ +/g, ' ');
};

/** "YYYYMMDD'T'HHMMSS'Z'" as a Date, or null. */
function amzDate(text: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!m) return null;
  const date = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
  return Number.isNaN(date.getTime()) ? null : date;
}

interface Claim {
  accessKeyId: string;
  scopeDate: string;
  region: string;
  service: string;
  terminator: string;
  amzDate: string;
  signedHeaders: string[];
  signature: string;
}

/** Checks the signature; answers the payload hash it covered (for the caller to hold the body to), or throws S3's refusal. */
export function verifySignature(request: ArrivedRequest, options: SignatureOptions): PayloadHash {
  const authorization = request.headers.authorization;
  const presigned = request.query.some(([name]) => name === 'X-Amz-Algorithm' || name === 'X-Amz-Credential');
  if (authorization !== undefined && presigned)
    throw new S3Error(
      400,
      'InvalidArgument',
      'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified',
    );
  if (authorization !== undefined) return verifyHeaderSignature(request, authorization, options);
  if (presigned) return verifyPresignedUrl(request, options);
  throw new S3Error(403, 'AccessDenied', 'Access Denied');
}

function verifyHeaderSignature(request: ArrivedRequest, authorization: string, options: SignatureOptions): PayloadHash {
  const malformed = (why: string, details?: Record<string, string>) =>
    new S3Error(400, 'AuthorizationHeaderMalformed', `The authorization header is malformed; ${why}`, details);
  if (!authorization.startsWith(`${ALGORITHM} `))
    throw new S3Error(
      400,
      'InvalidRequest',
      'The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.',
    );
  const fields = new Map(
    authorization
      .slice(ALGORITHM.length + 1)
      .split(',')
      .map((part): [string, string] => {
        const [name = '', value = ''] = part.trim().split('=');
        return [name, value];
      }),
  );
  const credential = fields.get('Credential');
  const signedHeaders = fields.get('SignedHeaders');
  const signature = fields.get('Signature');
  if (!credential || !signedHeaders || !signature)
    throw malformed('the Authorization header requires Credential, SignedHeaders and Signature.');
  const date = headerValue(request.headers, 'x-amz-date');
  if (!date || !amzDate(date)) throw new S3Error(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  const payloadHash = headerValue(request.headers, 'x-amz-content-sha256');
  if (!payloadHash) throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  const claim = { ...parseCredential(credential, malformed), amzDate: date, signedHeaders: signedHeaders.split(';'), signature };
  checkScope(claim, options, malformed);
  const skew = Math.abs(amzDate(date)!.getTime() - options.now.getTime());
  if (skew > MAX_SKEW_MS)
    throw new S3Error(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.', {
      RequestTime: date,
      ServerTime: options.now.toISOString(),
      MaxAllowedSkewMilliseconds: String(MAX_SKEW_MS),
    });
  checkSignedHeaders(request.headers, claim.signedHeaders);
  checkSignature(request, request.query, claim, payloadHash, options);
  return payloadHash;
}

function verifyPresignedUrl(request: ArrivedRequest, options: SignatureOptions): PayloadHash {
  const param = (name: string) => request.query.find(([n]) => n === name)?.[1];
  const error = (message: string) => new S3Error(400, 'AuthorizationQueryParametersError', message);
  const [algorithm, credential, date, expires, signedHeaders, signature] = [
    'X-Amz-Algorithm',
    'X-Amz-Credential',
    'X-Amz-Date',
    'X-Amz-Expires',
    'X-Amz-SignedHeaders',
    'X-Amz-Signature',
  ].map(param);
  if (!algorithm || !credential || !date || !expires || !signedHeaders || !signature)
    throw error(
      'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
    );
  if (algorithm !== ALGORITHM) throw error('X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  const signedAt = amzDate(date);
  if (!signedAt) throw error("X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"");
  if (!/^\d+$/.test(expires)) throw error('X-Amz-Expires should be a number');
  if (Number(expires) > MAX_PRESIGNED_SECONDS) throw error('X-Amz-Expires must be less than a week (in seconds) that is 604800');
  const claim = { ...parseCredential(credential, (why) => error(`Error parsing the X-Amz-Credential parameter; ${why}`)), amzDate: date };
  checkScope(
    claim,
    options,
    (why, details) =>
      new S3Error(400, 'AuthorizationQueryParametersError', `Error parsing the X-Amz-Credential parameter; ${why}`, details),
  );
  const expiresAt = new Date(signedAt.getTime() + Number(expires) * 1000);
  if (options.now > expiresAt)
    throw new S3Error(403, 'AccessDenied', 'Request has expired', {
      'X-Amz-Expires': expires,
      Expires: expiresAt.toISOString(),
      ServerTime: options.now.toISOString(),
    });
  const full = { ...claim, signedHeaders: signedHeaders.split(';'), signature };
  checkSignedHeaders(request.headers, full.signedHeaders);
  const payloadHash = headerValue(request.headers, 'x-amz-content-sha256') || param('X-Amz-Content-Sha256') || UNSIGNED_PAYLOAD;
  checkSignature(
    request,
    request.query.filter(([name]) => name !== 'X-Amz-Signature'),
    full,
    payloadHash,
    options,
  );
  return payloadHash;
}

type Malformed = (why: string, details?: Record<string, string>) => S3Error;

/** `<access key id>/<YYYYMMDD>/<region>/s3/aws4_request`. */
function parseCredential(credential: string, malformed: Malformed) {
  const parts = credential.split('/');
  if (parts.length !== 5 || parts.some((part) => part === ''))
    throw malformed('the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".');
  const [accessKeyId, scopeDate, region, service, terminator] = parts as [string, string, string, string, string];
  return { accessKeyId, scopeDate, region, service, terminator };
}

function checkScope(claim: Omit<Claim, 'signedHeaders' | 'signature'>, options: SignatureOptions, malformed: Malformed) {
  if (!options.secrets.has(claim.accessKeyId))
    throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', {
      AWSAccessKeyId: claim.accessKeyId,
    });
  if (claim.scopeDate !== claim.amzDate.slice(0, 8)) throw malformed('Invalid credential date. Date is not the same as X-Amz-Date.');
  if (claim.region !== options.region)
    throw malformed(`the region '${claim.region}' is wrong; expecting '${options.region}'`, { Region: options.region });
  if (claim.service !== 's3') throw malformed(`incorrect service "${claim.service}". This endpoint belongs to "s3".`);
  if (claim.terminator !== 'aws4_request') throw malformed(`incorrect terminal "${claim.terminator}". This endpoint uses "aws4_request".`);
}

/**
 * Host is signed, and so is every x-amz-* header sent but x-amz-content-sha256 (which the canonical request carries
 * as its payload hash; S3 takes it unsigned).
 */
function checkSignedHeaders(headers: IncomingHttpHeaders, signed: string[]) {
  const mustBeSigned = (name: string) => name === 'host' || (name.startsWith('x-amz-') && name !== 'x-amz-content-sha256');
  const unsigned = Object.keys(headers).filter((name) => mustBeSigned(name) && !signed.includes(name));
  if (unsigned.length > 0)
    throw new S3Error(403, 'AccessDenied', 'There were headers present in the request which were not signed', {
      HeadersNotSigned: unsigned.join(', '),
    });
}

function checkSignature(request: ArrivedRequest, query: [string, string][], claim: Claim, payloadHash: string, options: SignatureOptions) {
  const canonicalRequest = [
    request.method,
    canonicalUri(request.rawPath),
    canonicalQuery(query),
    claim.signedHeaders.map((name) => `${name}:${headerValue(request.headers, name)}\n`).join(''),
    claim.signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${claim.scopeDate}/${claim.region}/${claim.service}/${claim.terminator}`;
  const stringToSign = [ALGORITHM, claim.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  let key: Buffer | string = `AWS4${options.secrets.get(claim.accessKeyId)!}`;
  for (const part of [claim.scopeDate, claim.region, claim.service, claim.terminator]) key = hmac(key, part);
  const expected = hmac(key, stringToSign);
  const provided = Buffer.from(/^[0-9a-f]{64}$/.test(claim.signature) ? claim.signature : '', 'hex');
  if (provided.length !== expected.length || !timingSafeEqual(provided, expected))
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      {
        AWSAccessKeyId: claim.accessKeyId,
        StringToSign: stringToSign,
        SignatureProvided: claim.signature,
        CanonicalRequest: canonicalRequest,
      },
    );
}
