import type { Config } from '../config';

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
 * Where eBay's listing photos load from (the comparables' thumbnails): eBay's picture hosts, and the API host when it
 * is overridden (the fake eBay serves its pictures itself).
 */
export function ebayPictureOrigins(ebay: Pick<Config['ebay'], 'hosts'>): string[] {
  const override = ebay.hosts.api ? [new URL(ebay.hosts.api).origin] : [];
  return ['https://i.ebayimg.com', 'https://i.ebayimg.sandbox.ebay.com', ...override];
}

/**
 * The Content-Security-Policy of every answer (HTML and API): scripts only from this origin (and WebAssembly for
 * the HEIC decoder), no inline script, no wildcard or bare-scheme source anywhere; inline styles stay allowed
 * (Radix positions its popovers with style attributes).
 */
export function contentSecurityDirectives(config: Pick<Config, 'storage' | 'ebay'>) {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...photoOrigins(config.storage), ...ebayPictureOrigins(config.ebay)],
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
