/**
 * The body's integrity headers S3 checks (Amazon S3 API Reference, PutObject and DeleteObjects request headers;
 * Amazon S3 User Guide, "Checking object integrity"): Content-MD5, and one x-amz-checksum-<algorithm>, each the base64
 * of the digest (a CRC's big-endian bytes). A wrong one is BadDigest.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { crc32 } from 'node:zlib';
import { S3Error } from './s3-xml';

/** A reflected CRC (init and final XOR all ones), table-driven: CRC-32C and CRC-64/NVME. */
function reflectedCrc(width: 32 | 64, poly: bigint) {
  const mask = (1n << BigInt(width)) - 1n;
  const table = Array.from({ length: 256 }, (_, byte) => {
    let crc = BigInt(byte);
    for (let bit = 0; bit < 8; bit++) crc = crc & 1n ? (crc >> 1n) ^ poly : crc >> 1n;
    return crc;
  });
  return (bytes: Buffer): Buffer => {
    let crc = mask;
    for (const byte of bytes) crc = table[Number((crc ^ BigInt(byte)) & 0xffn)]! ^ (crc >> 8n);
    const out = Buffer.alloc(width / 8);
    if (width === 32) out.writeUInt32BE(Number(crc ^ mask));
    else out.writeBigUInt64BE(crc ^ mask);
    return out;
  };
}

const crc32Bytes = (bytes: Buffer) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(crc32(bytes));
  return out;
};

/** The digests S3 takes, by the x-amz-checksum-<name> header's name, with the name S3's messages give them. */
export const CHECKSUMS: Record<string, { label: string; digest: (bytes: Buffer) => Buffer }> = {
  crc32: { label: 'CRC32', digest: crc32Bytes },
  crc32c: { label: 'CRC32C', digest: reflectedCrc(32, 0x82f63b78n) },
  crc64nvme: { label: 'CRC64NVME', digest: reflectedCrc(64, 0x9a6c9329ac4bc9b5n) },
  sha1: { label: 'SHA1', digest: (bytes) => createHash('sha1').update(bytes).digest() },
  sha256: { label: 'SHA256', digest: (bytes) => createHash('sha256').update(bytes).digest() },
};

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);

/** Base64 of exactly `length` bytes, or null. */
function base64Of(text: string, length: number): Buffer | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  return bytes.length === length && bytes.toString('base64') === text ? bytes : null;
}

/** Whether the request carries an integrity header (DeleteObjects requires one). */
export const hasIntegrityHeader = (headers: IncomingHttpHeaders) =>
  headers['content-md5'] !== undefined || Object.keys(CHECKSUMS).some((name) => headers[`x-amz-checksum-${name}`] !== undefined);

/** Holds the body to its Content-MD5 and x-amz-checksum-* headers; throws S3's refusal. */
export function checkBodyIntegrity(headers: IncomingHttpHeaders, body: Buffer) {
  const md5 = single(headers['content-md5']);
  if (md5 !== undefined) {
    const claimed = base64Of(md5, 16);
    if (!claimed) throw new S3Error(400, 'InvalidDigest', 'The Content-MD5 you specified was invalid.');
    if (!claimed.equals(createHash('md5').update(body).digest()))
      throw new S3Error(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
  }
  const sent = Object.entries(CHECKSUMS).filter(([name]) => headers[`x-amz-checksum-${name}`] !== undefined);
  if (sent.length > 1)
    throw new S3Error(400, 'InvalidRequest', 'Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.');
  for (const [name, { label, digest }] of sent) {
    const computed = digest(body);
    const claimed = base64Of(single(headers[`x-amz-checksum-${name}`])!, computed.length);
    if (!claimed) throw new S3Error(400, 'InvalidRequest', `Value for x-amz-checksum-${name} header is invalid.`);
    if (!claimed.equals(computed)) throw new S3Error(400, 'BadDigest', `The ${label} you specified did not match the calculated checksum.`);
  }
}
