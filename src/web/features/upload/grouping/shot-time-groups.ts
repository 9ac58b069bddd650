import { exifShotTime } from './exif-shot-time';

/** Photos taken further apart than this start a new product, by default (adjustable in the dialog). */
export const DEFAULT_SHOT_GAP_SECONDS = 60;
/** EXIF sits in the first APP1 segment, well inside the first 128 KB. */
const EXIF_READ_BYTES = 128 * 1024;

/** When a photo was taken: EXIF DateTimeOriginal when present, else the file's lastModified. */
export async function shotTime(file: File): Promise<number> {
  try {
    const fromExif = exifShotTime(await file.slice(0, EXIF_READ_BYTES).arrayBuffer());
    if (fromExif !== null) return fromExif;
  } catch {
    // An unreadable file falls back to its file time.
  }
  return file.lastModified;
}

/**
 * Splits photos (in the seller's order) into products: a photo taken more than `gapSeconds` after the one before
 * it starts a new product, the way resellers shoot one garment after another.
 */
export function groupByShotTime<T>(photos: readonly T[], timeOf: (photo: T) => number, gapSeconds: number): T[][] {
  const groups: T[][] = [];
  let previous: number | null = null;
  for (const photo of photos) {
    const time = timeOf(photo);
    const current = groups.at(-1);
    if (!current || previous === null || Math.abs(time - previous) > gapSeconds * 1000) groups.push([photo]);
    else current.push(photo);
    previous = time;
  }
  return groups;
}
