import { createHash } from 'node:crypto';
import { combinePhotoFacts, labelFactsOf, type LabelContext, type LabelFact, type LabelFacts, type PhotoFactRead } from './label-facts';
import type { LabelOcr, OcrRead } from './label-ocr';
import type { ReadLine } from './label-text';

/**
 * An item's photos read for their labels: each photo's text by the offline OCR, the facts each gives, and the facts
 * of the item (each from the photo that read it most surely, none that two photos read differently). The text read
 * is kept with each fact as its evidence.
 */

export interface LabelReading {
  facts: Partial<Record<LabelFact, PhotoFactRead>>;
  /** What each photo read said, in the item's order. */
  photos: { lines: ReadLine[]; facts: LabelFacts }[];
}

export interface LabelReader {
  read(photos: readonly Buffer[], context: LabelContext): Promise<LabelReading>;
  close(): Promise<void>;
}

/** Photos read per item: a seller's tags are among the first dozen (the listing's own limit). */
export const LABEL_PHOTOS_MAX = 12;

/**
 * Photos whose text is kept: an item is written again with the seller's answers (the review queue, Regenerate), and
 * its photos, unchanged, are not read again (about half a second of CPU each). A changed photo (cropped, turned) has
 * other bytes and is read anew. Text and boxes only: a few kilobytes a photo.
 */
export const LABEL_TEXTS_KEPT = 256;

type PhotoText = Pick<OcrRead, 'lines' | 'barcodes'>;

export function createLabelReader(ocr: LabelOcr): LabelReader {
  const kept = new Map<string, PhotoText>();
  const textOf = async (photo: Buffer): Promise<PhotoText> => {
    const key = createHash('sha256').update(photo).digest('base64');
    const known = kept.get(key);
    if (known) {
      // Read again last: the least recently read goes first.
      kept.delete(key);
      kept.set(key, known);
      return known;
    }
    // A photo the OCR could not read counts as one without text, and is tried again next time.
    const read = await ocr.read(photo).then(
      ({ lines, barcodes }): PhotoText => ({ lines, barcodes }),
      () => null,
    );
    if (!read) return { lines: [], barcodes: [] };
    kept.set(key, read);
    if (kept.size > LABEL_TEXTS_KEPT) kept.delete(kept.keys().next().value!);
    return read;
  };
  return {
    async read(photos, context) {
      const read: LabelReading['photos'] = [];
      for (const photo of photos.slice(0, LABEL_PHOTOS_MAX)) {
        const { lines, barcodes } = await textOf(photo);
        read.push({ lines, facts: labelFactsOf(lines, context, barcodes) });
      }
      return { facts: combinePhotoFacts(read.map((p) => p.facts)), photos: read };
    },
    close: () => ocr.close(),
  };
}
