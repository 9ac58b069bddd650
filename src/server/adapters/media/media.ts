/** One encoded output of a processed photo. */
export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: 'image/jpeg' | 'image/webp';
  /** File extension for storage keys, without the dot. */
  extension: 'jpg' | 'webp';
}

export interface ProcessedPhoto {
  /** Upright, metadata-free, at most 1920 px on the long side, JPEG q85. */
  display: EncodedImage;
  /** At most 400 px on the long side, for dashboards and lists. */
  thumbnail: EncodedImage;
}

/** A change to a stored photo: a region in its own pixels, or clockwise quarter turns. */
export type PhotoEdit =
  { kind: 'crop'; left: number; top: number; width: number; height: number } | { kind: 'rotate'; degrees: 90 | 180 | 270 };

/**
 * Turns untrusted upload bytes into the images we store. Refuses anything that is not really a JPEG, PNG, WebP
 * or HEIC/HEIF with an AppError whose message names the file and can be shown to the user as is.
 */
export interface MediaProcessor {
  processPhoto(bytes: Buffer, fileName: string): Promise<ProcessedPhoto>;
  /** A stored display image (ours, already upright and sRGB) cropped or rotated, with a new thumbnail. */
  editPhoto(bytes: Buffer, edit: PhotoEdit): Promise<ProcessedPhoto>;
  /** Stops helper threads (HEIC decoding). */
  close(): Promise<void>;
}
