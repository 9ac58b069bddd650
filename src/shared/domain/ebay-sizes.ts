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

type SizeSystem = 'US' | 'UK' | 'EU';

/** The size system a marketplace's shoppers read a bare number in (eBay US and Canada: US; UK and Australia: UK). */
export function homeSizeSystem(marketplaceId: string): SizeSystem {
  if (marketplaceId === 'EBAY_GB' || marketplaceId === 'EBAY_AU') return 'UK';
  if (['EBAY_DE', 'EBAY_FR', 'EBAY_IT', 'EBAY_ES'].includes(marketplaceId)) return 'EU';
  return 'US';
}

const letterNames: Record<string, string[]> = {
  XXS: ['XXS', '2XS'],
  XS: ['XS'],
  S: ['S'],
  M: ['M'],
  L: ['L'],
  XL: ['XL'],
  XXL: ['XXL', '2XL'],
  '3XL': ['3XL', 'XXXL'],
  '4XL': ['4XL', 'XXXXL'],
  '5XL': ['5XL'],
};
const letterSynonyms: Record<string, string> = {
  XXS: 'XXS',
  '2XS': 'XXS',
  XS: 'XS',
  'X-SMALL': 'XS',
  XSMALL: 'XS',
  'EXTRA SMALL': 'XS',
  S: 'S',
  SMALL: 'S',
  SM: 'S',
  M: 'M',
  MEDIUM: 'M',
  MED: 'M',
  L: 'L',
  LARGE: 'L',
  LG: 'L',
  XL: 'XL',
  'X-LARGE': 'XL',
  XLARGE: 'XL',
  'EXTRA LARGE': 'XL',
  XXL: 'XXL',
  '2XL': 'XXL',
  'XX-LARGE': 'XXL',
  XXXL: '3XL',
  '3XL': '3XL',
  XXXXL: '4XL',
  '4XL': '4XL',
  '5XL': '5XL',
};
const oneSizeWords = new Set(['OS', 'O/S', 'ONE SIZE', 'ONESIZE', 'ONE SIZE FITS ALL', 'OSFA']);

/** What a size label says, read once: its kind, numbers and any size type its suffix names. */
type ReadSize =
  | { kind: 'letter'; letter: string }
  | { kind: 'plus'; x: number }
  | { kind: 'waistInseam'; waist: number; inseam: number }
  | { kind: 'number'; value: number; system: SizeSystem | null }
  | { kind: 'oneSize' };

const halves = (value: number) => Number.isFinite(value) && Math.round(value * 2) === value * 2;
const numberText = (value: number) => String(value);

/** "10 1/2" and "10½" are 10.5. */
const decimal = (text: string) => Number(text.replace(/\s*(1\/2|½)$/, '.5'));

/** Reads a label; the type its suffix names (14W: Plus, MP: Petite, XLT: Big & Tall / Tall) beside it. */
export function readSizeLabel(label: string): { read: ReadSize | null; typeHint: string | null } {
  let raw = label
    .trim()
    .toUpperCase()
    .replace(/^(SIZE|SZ)\s*:?\s*/, '')
    .replace(/\s+/g, ' ');
  let typeHint: string | null = null;
  const typed = /^(.+?)\s*(PETITE|PLUS|TALL|BIG & TALL|B&T)$/.exec(raw);
  if (typed) {
    raw = typed[1]!;
    typeHint = { PETITE: 'Petite', PLUS: 'Plus', TALL: 'Tall', 'BIG & TALL': 'Big & Tall', 'B&T': 'Big & Tall' }[typed[2]!]!;
  }
  if (oneSizeWords.has(raw)) return { read: { kind: 'oneSize' }, typeHint };
  const letter = letterSynonyms[raw];
  if (letter) return { read: { kind: 'letter', letter }, typeHint };
  // Petite letters (PS, MP) and tall letters (LT, XLT, 2XLT).
  const petite = /^P([A-Z0-9]+)$|^([A-Z0-9]+)P$/.exec(raw);
  if (petite && letterSynonyms[petite[1] ?? petite[2]!]) {
    return { read: { kind: 'letter', letter: letterSynonyms[petite[1] ?? petite[2]!]! }, typeHint: 'Petite' };
  }
  const tall = /^([A-Z0-9]+)T$/.exec(raw);
  if (tall && letterSynonyms[tall[1]!] && tall[1] !== 'S')
    return { read: { kind: 'letter', letter: letterSynonyms[tall[1]!]! }, typeHint: 'Tall' };
  const plus = /^([0-6])X$/.exec(raw);
  if (plus) return { read: { kind: 'plus', x: Number(plus[1]) }, typeHint: 'Plus' };
  const waistInseam = /^W?\s*(\d{2})\s*(?:[X/]|\s)\s*L?\s*(\d{2})$/.exec(raw.replace(/^W(\d{2})\s*L(\d{2})$/, '$1X$2'));
  if (waistInseam) return { read: { kind: 'waistInseam', waist: Number(waistInseam[1]), inseam: Number(waistInseam[2]) }, typeHint };
  const waist = /^W\s*(\d{2})$/.exec(raw);
  if (waist) return { read: { kind: 'number', value: Number(waist[1]), system: 'US' }, typeHint };
  const number = /^(?:(US|UK|EU|EUR)\s*)?(\d{1,2}(?:\.5|\s*1\/2|½)?)(W)?(?:\s*(US|UK|EU|EUR))?$/.exec(raw);
  if (number) {
    const value = decimal(number[2]!);
    // A women's plus size written with W (14W) is a US size whatever the marketplace.
    const system = ((number[1] ?? number[4])?.replace('EUR', 'EU') ?? (number[3] ? 'US' : null)) as SizeSystem | null;
    if (halves(value)) return { read: { kind: 'number', value, system }, typeHint: number[3] ? 'Plus' : typeHint };
  }
  return { read: null, typeHint };
}

/** Shoe sizes: UK is US less 1 (men's) or less 2 (women's); EU depends on the brand, so it is never converted. */
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
