import { isSellerMarketplaceId, sellerMarketplace } from './ebay-sites';
import { letterNames, numberText, readSizeLabel, sizeSystemOfCountry, type ReadSize, type SizeSystem } from './size-label';
/**
 * eBay's apparel size normalisation (2026, src/server/channels/ebay/SIZES.md): a clothing or shoe listing's Size and
 * Size Type must be one of the values eBay's Taxonomy API lists for its category. This maps a size as the seller or
 * the AI wrote it ("W32 L30", "Medium", "UK 12", "10 1/2", "14W", "XLT") onto the category's own values, or says the
 * seller has to choose one. Pure: the allowed values come in, nothing is guessed beyond fixed conversions.
 */

/** A category's allowed values, as Taxonomy lists them (empty: eBay lists none, any text is taken). */
export interface EbaySizeRules {
  sizes: readonly string[];
  sizeTypes: readonly string[];
}

export type EbaySizeAnswer =
  /** `inseam`: trousers whose label gives waist and inseam ("W32 L32") in a category that lists the waist alone. */
  | { kind: 'mapped'; size: string; sizeType: string | null; inseam?: number }
  /** No value of eBay's fits: the seller picks one of `options` for `field`. */
  | { kind: 'ask'; field: 'Size' | 'Size Type'; ours: string; options: string[] };

export interface OurSize {
  size: string | null;
  sizeType?: string | null;
  /** "Men" or "Women" (eBay's Department aspect), for shoe conversions and women's numeric sizes. */
  department?: string | null;
  /** Shoes: sizes are shoe sizes (US/UK/EU), not clothing numbers. */
  shoes?: boolean;
}

/** The size system a marketplace's shoppers read a bare number in (eBay US and Canada: US; UK and Australia: UK). */
export const homeSizeSystem = (marketplaceId: string): SizeSystem =>
  sizeSystemOfCountry(isSellerMarketplaceId(marketplaceId) ? sellerMarketplace(marketplaceId).country : 'US');

const ukOffset = (department: string | null | undefined) => (/^wom/i.test(department ?? '') ? 2 : 1);

function shoeCandidates(value: number, system: SizeSystem, home: SizeSystem, department: string | null | undefined): string[] {
  const tagged = (s: SizeSystem, v: number) => [`${s} ${numberText(v)}`, `${numberText(v)} ${s}`];
  if (system === home) return [numberText(value), ...tagged(system, value)];
  if (system === 'EU' || home === 'EU') return tagged(system, value);
  const converted = system === 'UK' ? value + ukOffset(department) : value - ukOffset(department);
  return [numberText(converted), ...tagged(home, converted), ...tagged(system, value)];
}

/** Women's clothing: UK sizes are US sizes plus 4 (US 8 is UK 12); EU ones are not converted. */
function clothingNumberCandidates(value: number, system: SizeSystem, home: SizeSystem): string[] {
  const tagged = (s: SizeSystem, v: number) => [`${s} ${numberText(v)}`, `${numberText(v)} ${s}`];
  if (system === home) return [numberText(value), ...tagged(system, value)];
  if (system === 'EU' || home === 'EU') return tagged(system, value);
  const converted = system === 'UK' ? value - 4 : value + 4;
  return converted >= 0 ? [numberText(converted), ...tagged(home, converted), ...tagged(system, value)] : tagged(system, value);
}

/** eBay's possible spellings of what the label says, most exact first. */
function sizeCandidates(read: ReadSize, ours: OurSize, home: SizeSystem, label: string): string[] {
  switch (read.kind) {
    case 'oneSize':
      return ['One Size', 'OS', 'One Size Fits All'];
    case 'letter':
      return letterNames[read.letter] ?? [read.letter];
    case 'plus':
      return [`${read.x}X`];
    case 'waistInseam':
      return [`${read.waist}x${read.inseam}`, `W${read.waist} L${read.inseam}`, `${read.waist}W x ${read.inseam}L`];
    case 'number': {
      // "00" is its own women's size, not 0.
      if (/^\s*00\s*$/.test(label)) return ['00'];
      if (ours.shoes) return shoeCandidates(read.value, read.system ?? home, home, ours.department);
      const waist = read.value >= 23 ? [`W${numberText(read.value)}`] : [];
      return [...clothingNumberCandidates(read.value, read.system ?? home, home), ...waist];
    }
  }
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const findIn = (allowed: readonly string[], candidates: string[]) =>
  candidates.map((c) => allowed.find((value) => same(value, c))).find((value) => value !== undefined) ?? null;

/** Our size types (catalog SIZE_TYPES, and what labels say) onto eBay's; men's "Tall" is eBay's "Big & Tall". */
function sizeTypeCandidates(type: string, department: string | null | undefined): string[] {
  const t = type.trim().toLowerCase();
  if (t === 'regular' || t === 'standard' || t === 'normal') return ['Regular'];
  if (t === 'petite' || t === 'petites') return ['Petite'];
  if (t === 'plus' || t === 'plus size' || t === 'womens plus') return ['Plus'];
  if (t === 'big & tall' || t === 'big and tall' || t === 'b&t') return ['Big & Tall'];
  if (t === 'tall') return /^wom/i.test(department ?? '') ? ['Tall'] : ['Big & Tall', 'Tall'];
  if (t === 'maternity') return ['Maternity'];
  if (t === 'juniors' || t === 'junior') return ['Juniors'];
  return [type.trim()];
}

/**
 * eBay's Size and Size Type for ours in a category with `rules`, or which of the two the seller must choose, and from
 * what. Null when the item has no size (the required-aspect check names it). A size type the label implies (14W,
 * XLT) wins over none; a set size type wins over the label's.
 */
export function ebaySizeFor(ours: OurSize, rules: EbaySizeRules, marketplaceId = 'EBAY_US'): EbaySizeAnswer | null {
  const label = ours.size?.trim() ?? '';
  if (!label) return null;
  const { read, typeHint } = readSizeLabel(label);
  let size =
    rules.sizes.length === 0
      ? label
      : findIn(rules.sizes, read ? sizeCandidates(read, ours, homeSizeSystem(marketplaceId), label) : [label]);
  // Waist and inseam where the category lists no such pair: its waist, the inseam beside it (eBay's Inseam aspect).
  let inseam: number | undefined;
  if (!size && read?.kind === 'waistInseam') {
    size = findIn(rules.sizes, [numberText(read.waist), `W${read.waist}`, `${read.waist} in`]);
    if (size) inseam = read.inseam;
  }
  if (!size) return { kind: 'ask', field: 'Size', ours: label, options: [...rules.sizes] };
  const found = size;
  const mapped = (sizeType: string | null): EbaySizeAnswer => ({ kind: 'mapped', size: found, sizeType, ...(inseam ? { inseam } : {}) });

  const setType = ours.sizeType?.trim() || null;
  const type = setType && !(setType.toLowerCase() === 'regular' && typeHint) ? setType : (typeHint ?? setType);
  if (!type) return mapped(null);
  if (rules.sizeTypes.length === 0) return mapped(type);
  const sizeType = findIn(rules.sizeTypes, sizeTypeCandidates(type, ours.department));
  if (!sizeType) return { kind: 'ask', field: 'Size Type', ours: type, options: [...rules.sizeTypes] };
  return mapped(sizeType);
}
