/** Compression before upload, parallelism and preview thumbnails. */
export const compressionSettings = {
  maxDimension: 1920,
  quality: 0.85,
  targetBytes: 500 * 1024,
  /** Lowest quality the size target may push a photo to; below it listings look blotchy. */
  minQuality: 0.6,
  parallel: 3,
} as const;

export const previewSettings = {
  maxDimension: 400,
  quality: 0.7,
  /** Files whose previews are made in one go before the next group starts. */
  batchSize: 20,
} as const;

/** Photos the browser cannot decode (iPhone HEIC/HEIF): sent as they are, the server converts them. */
export function isHeic(file: Blob & { name?: string }): boolean {
  return /^image\/hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name ?? '');
}
