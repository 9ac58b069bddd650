/** What the page and the compression worker say to each other. */
export interface CompressRequest {
  id: number;
  kind: 'compress' | 'preview';
  file: Blob;
  maxDimension: number;
  quality: number;
  /** Compress only: the size the result should stay under (best effort). */
  targetBytes?: number;
  minQuality?: number;
}

export type CompressResponse =
  { id: number; ok: true; blob: Blob; width: number; height: number; keptOriginal: boolean } | { id: number; ok: false; message: string };
