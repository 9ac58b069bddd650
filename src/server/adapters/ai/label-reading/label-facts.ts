import { productCodeOf } from './label-barcode';
import { brandOf } from './label-brand';
import { compositionOf, countryOf, registrationOf } from './label-composition';
import { sizeOf } from './label-size';
import { unionBox, type PhotoBox, type ReadLine } from './label-text';

/**
 * The facts one photo's label text gives, each only when read surely enough: a wrong fact is worse than none, so a
 * fact under its threshold, or two photos disagreeing on it, leaves it for the seller.
 */

export type LabelFact = 'brand' | 'size' | 'composition' | 'country' | 'registration' | 'productCode';

export interface FactRead {
  value: string;
  confidence: number;
  /** The text it was read from, as read. */
  text: string;
  /** Where on the photo that text is (the line's box, or the box around its lines): its crop is the evidence. */
  box?: PhotoBox;
}

export type LabelFacts = Partial<Record<LabelFact, FactRead>>;

export interface LabelContext {
  /** The seller's own brands first, then the marketplaces' common ones. */
  brands: readonly string[];
  /** Brands that are plain words ("Gap"): a line saying the word alone names them. */
  aloneBrands?: readonly string[];
  /** The seller's size system: which of several sizes on a tag is theirs. */
  home: 'US' | 'UK' | 'EU';
}

/** The least confidence each fact is filled at (the OCR's line confidence times how well the text matched). */
export const FACT_THRESHOLDS: Record<LabelFact, number> = {
  brand: 0.6,
  size: 0.6,
  composition: 0.55,
  country: 0.55,
  registration: 0.6,
  // A barcode is read whole with its check digit right, or not at all.
  productCode: 0.5,
};

/**
 * The facts one photo's lines (and barcodes) give, those under their threshold left out. The product code's value is
 * its kind and digits: "EAN 5012345678900".
 */
export function labelFactsOf(
  lines: readonly ReadLine[],
  context: LabelContext,
  barcodes: readonly { format: string; text: string }[] = [],
): LabelFacts {
  const brand = brandOf(lines, context.brands, context.aloneBrands);
  const size = sizeOf(lines, context.home);
  const composition = compositionOf(lines);
  const country = countryOf(lines);
  const registration = registrationOf(lines);
  const productCode = productCodeOf(barcodes);
  const facts: LabelFacts = {};
  const keep = (fact: LabelFact, read: FactRead | null, from: readonly string[] = read ? [read.text] : []) => {
    if (!read || read.confidence < FACT_THRESHOLDS[fact]) return;
    const box = unionBox(lines.filter((line) => from.includes(line.text)).map((line) => line.box));
    facts[fact] = box ? { ...read, box } : read;
  };
  keep('brand', brand && { value: brand.brand, confidence: brand.confidence, text: brand.line });
  keep('size', size && { value: size.size, confidence: size.confidence, text: size.line });
  keep(
    'composition',
    composition && { value: composition.composition, confidence: composition.confidence, text: composition.lines.join(' / ') },
    composition?.lines,
  );
  keep('country', country && { value: country.country, confidence: country.confidence, text: country.line });
  keep('registration', registration && { value: registration.number, confidence: registration.confidence, text: registration.line });
  // A barcode has no line of text: its fact has no box.
  keep('productCode', productCode && { value: `${productCode.kind} ${productCode.code}`, confidence: 1, text: productCode.text }, []);
  return facts;
}

/** A fact with the photo it was read on (from 0, in the item's order). */
export type PhotoFactRead = FactRead & { photo: number };

/**
 * The facts of several photos of one item: each fact from the photo that read it most surely; a fact two photos read
 * differently is no fact ("Levi's" on one, "Lee" on another: the seller says which).
 */
export function combinePhotoFacts(perPhoto: readonly LabelFacts[]): Partial<Record<LabelFact, PhotoFactRead>> {
  const combined: Partial<Record<LabelFact, PhotoFactRead>> = {};
  const conflicted = new Set<LabelFact>();
  perPhoto.forEach((facts, photo) => {
    for (const [fact, read] of Object.entries(facts) as [LabelFact, FactRead][]) {
      const earlier = combined[fact];
      if (earlier && earlier.value !== read.value) conflicted.add(fact);
      if (!earlier || read.confidence > earlier.confidence) combined[fact] = { ...read, photo };
    }
  });
  for (const fact of conflicted) delete combined[fact];
  return combined;
}
