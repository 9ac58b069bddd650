import type { Config } from '../config';
import { registeredChannels } from '../channels/registry';

/**
 * Where photos may load from besides this server: the S3 bucket's host when photos are in S3 (presigned URLs), none
 * for local storage (signed /api/files URLs). AWS serves a bucket at `bucket.s3.region` and, for names with dots,
 * at `s3.region/bucket`.
 */
export function photoOrigins(storage: Config['storage']): string[] {
  if (storage.kind !== 's3') return [];
  if (storage.endpoint) return [new URL(storage.endpoint).origin];
  return [`https://${storage.bucket}.s3.${storage.region}.amazonaws.com`, `https://s3.${storage.region}.amazonaws.com`];
}

/**
 * The Content-Security-Policy of every answer (HTML and API): scripts only from this origin (and WebAssembly for
 * the HEIC decoder), no inline script, no wildcard or bare-scheme source anywhere; inline styles stay allowed
 * (Radix positions its popovers with style attributes). Pictures also load from the hosts each channel names (eBay's
 * comparables' thumbnails).
 */
export function contentSecurityDirectives(config: Config) {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'"],
    imgSrc: [
      "'self'",
      'data:',
      'blob:',
      ...photoOrigins(config.storage),
      ...registeredChannels.flatMap((channel) => channel.imageOrigins?.(config) ?? []),
    ],
    fontSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    upgradeInsecureRequests: null,
  };
}
