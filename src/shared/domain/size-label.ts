/**
 * A size label read as the seller or the AI wrote it ("W32 L30", "Medium", "UK 12", "10 1/2", "14W", "XLT"): its kind,
 * its numbers and the size type its suffix names. Each marketplace maps what is read onto its own values
 * (ebay-sizes.ts, depop-sizes.ts).
 */

export type SizeSystem = 'US' | 'UK' | 'EU';

/** The size system a country's shoppers read a bare number in (the US and Canada: US; the UK and Australia: UK; the EU's). */
export function sizeSystemOfCountry(country: string): SizeSystem {
  if (country === 'GB' || country === 'AU') return 'UK';
  if (['DE', 'FR', 'IT', 'ES'].includes(country)) return 'EU';
  return 'US';
}

export const letterNames: Record<string, string[]> = {
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
/** Each way a label writes a letter size (SMALL, SM, X-LARGE, XXXL...): the letter it is. */
export const letterSynonyms: Record<string, string> = {
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
export const oneSizeWords = new Set(['OS', 'O/S', 'ONE SIZE', 'ONESIZE', 'ONE SIZE FITS ALL', 'OSFA']);

/** What a size label says, read once: its kind, numbers and any size type its suffix names. */
export type ReadSize =
  | { kind: 'letter'; letter: string }
  | { kind: 'plus'; x: number }
  | { kind: 'waistInseam'; waist: number; inseam: number }
  | { kind: 'number'; value: number; system: SizeSystem | null }
  | { kind: 'oneSize' };

const halves = (value: number) => Number.isFinite(value) && Math.round(value * 2) === value * 2;
export const numberText = (value: number) => String(value);

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
  // W32 L30, 32x30, 32/30, and the label's own order on many jeans: 32W 30L, 32W x 30L.
  const waistInseam = /^W?\s*(\d{2})\s*(?:[X/]|\s)\s*L?\s*(\d{2})$/.exec(
    raw.replace(/^W(\d{2})\s*L(\d{2})$/, '$1X$2').replace(/^(\d{2})W\s*(?:[X/]\s*)?(\d{2})L$/, '$1X$2'),
  );
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
