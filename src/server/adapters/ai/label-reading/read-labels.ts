import { combinePhotoFacts, labelFactsOf, type LabelContext, type LabelFact, type LabelFacts, type PhotoFactRead } from './label-facts';
import type { LabelOcr } from './label-ocr';
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

export function createLabelReader(ocr: LabelOcr): LabelReader {
  return {
    async read(photos, context) {
      const read: LabelReading['photos'] = [];
      for (const photo of photos.slice(0, LABEL_PHOTOS_MAX)) {
        const { lines, barcodes } = await ocr.read(photo).catch(() => ({ lines: [] as ReadLine[], barcodes: [] }));
        read.push({ lines, facts: labelFactsOf(lines, context, barcodes) });
      }
      return { facts: combinePhotoFacts(read.map((p) => p.facts)), photos: read };
    },
    close: () => ocr.close(),
  };
}
