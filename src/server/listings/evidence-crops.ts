import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Evidence, ListingDraft } from '@shared/domain/listing';
import type { Storage } from '../adapters/storage/storage';

/**
 * The crops that show where a fact was read (decision 171): the label's line cut out of the photo it was read on,
 * with a little of the label around it, small, stored beside the item's photos (`{userId}/{itemId}/evidence-...`)
 * and shown to the seller next to the value. Cut when the listing is written, so a photo turned, moved or deleted
 * later leaves the crop as it was read.
 */

type Box = NonNullable<Evidence['box']>;

/** Around the text, this share of the line's height on every side: the label's edge, not the next line. */
const MARGIN = 0.35;
/** The crop is stored at most this size (px): enough to read a line of a label beside the value. */
const CROP_MAX = { width: 480, height: 240 };

/**
 * A box (shares of the photo) as the photo's pixels to cut, a margin of MARGIN times the box's height (at least
 * 4 px) around it, kept inside the photo; null for an empty box or when nothing of it is left.
 */
export function cropRegion(
  box: Box,
  photo: { width: number; height: number },
): { left: number; top: number; width: number; height: number } | null {
  if (box.width <= 0 || box.height <= 0) return null;
  const margin = Math.max(4, box.height * photo.height * MARGIN);
  const left = Math.max(0, Math.floor(box.x * photo.width - margin));
  const top = Math.max(0, Math.floor(box.y * photo.height - margin));
  const right = Math.min(photo.width, Math.ceil((box.x + box.width) * photo.width + margin));
  const bottom = Math.min(photo.height, Math.ceil((box.y + box.height) * photo.height + margin));
  return right - left >= 2 && bottom - top >= 2 ? { left, top, width: right - left, height: bottom - top } : null;
}

/** The box's region of the photo (turned upright as the reader saw it), small, as WebP; null if it cannot be cut. */
export async function cutCrop(photo: Buffer, box: Box): Promise<Buffer | null> {
  try {
    const upright = await sharp(photo, { failOn: 'none' }).rotate().toBuffer({ resolveWithObject: true });
    const region = cropRegion(box, upright.info);
    if (!region) return null;
    return await sharp(upright.data)
      .extract(region)
      .resize({ ...CROP_MAX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * The draft with a crop stored for every fact read on a photo with a box (`crop`: its storage key). A crop that cannot
 * be cut or stored is left out (the value and the text read stay its evidence); nothing else fails for it.
 */
export async function withEvidenceCrops(
  storage: Storage,
  owner: { userId: string; itemId: string },
  draft: ListingDraft,
  photos: readonly { bytes: Buffer }[],
): Promise<ListingDraft> {
  const evidence = { ...draft.evidence };
  for (const [attribute, read] of Object.entries(evidence) as [keyof ListingDraft['evidence'], Evidence][]) {
    const photo = read.photo === undefined ? undefined : photos[read.photo];
    if (read.source !== 'photo' || !read.box || !photo) continue;
    const bytes = await cutCrop(photo.bytes, read.box);
    if (!bytes) continue;
    const key = `${owner.userId}/${owner.itemId}/evidence-${attribute}-${Date.now()}-${randomBytes(4).toString('hex')}.webp`;
    const stored = await storage.put(key, bytes, 'image/webp').then(
      () => true,
      () => false,
    );
    if (stored) evidence[attribute] = { ...read, crop: key };
  }
  return { ...draft, evidence };
}
