/**
 * The size standards the assisted marketplaces' sites list in: US (the American sites), UK (Vinted UK and
 * Ireland, Depop UK) and EU (Vinted's continental sites). Letters, one size and waists in inches read the same in all
 * three; women's numeric sizes and shoe sizes differ.
 *
 * Only one conversion is made: a US women's numeric size to its UK dress size (US 8 is UK 12: four more, US 00 is
 * UK 2), the one every size chart agrees on. Shoe sizes differ by brand between US, UK and EU (a US men's 9 is a UK 8
 * at Nike and a UK 8.5 at Adidas), so they are never converted: a label read as "UK 8" or "EU 42" is used as it is, a
 * US shoe size on a UK or EU site is asked.
 */
export const sizeStandards = ['US', 'UK', 'EU'] as const;
export type SizeStandard = (typeof sizeStandards)[number];

const halves = (from: number, to: number) => Array.from({ length: (to - from) * 2 + 1 }, (_, i) => String(from + i / 2));
const evens = (from: number, to: number) => Array.from({ length: (to - from) / 2 + 1 }, (_, i) => String(from + i * 2));

/** UK dress sizes 2 to 28 and UK shoe sizes 2 to 14 by halves, as the UK sites write them ("UK 12"). */
export const ukDressSizes = evens(2, 28).map((n) => `UK ${n}`);
export const ukShoeSizes = halves(2, 14).map((n) => `UK ${n}`);
/** EU (French) women's sizes 32 to 54 and EU shoe sizes 35 to 48 by halves ("EU 40"). */
export const euWomensSizes = evens(32, 54).map((n) => `EU ${n}`);
export const euShoeSizes = halves(35, 48).map((n) => `EU ${n}`);

/** A US women's numeric size ("00" to "24") as its UK dress size ("UK 2" to "UK 28"); null for anything else. */
export function ukDressSizeOf(us: string): string | null {
  if (us === '00') return 'UK 2';
  if (!/^\d{1,2}$/.test(us)) return null;
  const n = Number(us);
  if (n % 2 || n > 24) return null;
  return `UK ${n + 4}`;
}
