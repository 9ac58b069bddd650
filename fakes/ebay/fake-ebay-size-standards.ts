/**
 * eBay's standard Size and Size Type values per kind of apparel category and per size standard (the 2026 size
 * normalisation; origin and what could not be checked: src/server/channels/ebay/SIZES.md). A marketplace lists its
 * own standard (fake-ebay-marketplaces.ts: eBay US and Canada US sizes, eBay UK and Australia UK sizes, the EU sites
 * EU sizes): letters and waists in inches read the same everywhere; women's numeric sizes and shoe sizes differ.
 */
export type FakeSizeStandard = 'US' | 'UK' | 'EU';

const range = (from: number, to: number, step = 1) =>
  Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => String(from + i * step));
const mensLetters = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL'];
const womensLetters = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'];
const inseams = ['28', '29', '30', '31', '32', '33', '34', '36'];
const waists = range(28, 44);
const womensWaists = range(23, 40);

const mensTops = mensLetters;
const mensBottoms = [...waists, ...waists.flatMap((waist) => inseams.map((inseam) => `${waist}x${inseam}`))];
const mensShorts = [...waists, ...mensLetters];

/** US women's numeric 00 to 24 and plus 1X to 3X; shoes by halves, men's 6 to 15, women's 4 to 12. */
const usWomensNumeric = ['00', ...range(0, 24, 2)];
/** UK dress sizes 4 to 28; UK shoe sizes by halves, men's 5 to 14, women's 2 to 9. */
const ukWomensNumeric = range(4, 28, 2);
/** EU (French) women's sizes 32 to 54; EU shoe sizes 35 to 48 by halves, both departments. */
const euWomensNumeric = range(32, 54, 2);
const euShoes = range(35, 48, 0.5);

export const standardSizes = {
  US: {
    mensTops,
    mensBottoms,
    mensShorts,
    womensTops: [...womensLetters, ...usWomensNumeric, '1X', '2X', '3X'],
    // One list, each value once: US 24 is also a 24-inch waist.
    womensBottoms: [...new Set([...usWomensNumeric, ...womensWaists]), ...womensLetters],
    mensShoes: range(6, 15, 0.5),
    womensShoes: range(4, 12, 0.5),
  },
  UK: {
    mensTops,
    mensBottoms,
    mensShorts,
    womensTops: [...womensLetters, ...ukWomensNumeric],
    womensBottoms: [...new Set([...ukWomensNumeric, ...womensWaists]), ...womensLetters],
    mensShoes: range(5, 14, 0.5),
    womensShoes: range(2, 9, 0.5),
  },
  EU: {
    mensTops,
    mensBottoms,
    mensShorts,
    womensTops: [...womensLetters, ...euWomensNumeric],
    womensBottoms: [...new Set([...euWomensNumeric, ...womensWaists]), ...womensLetters],
    mensShoes: euShoes,
    womensShoes: euShoes,
  },
} as const satisfies Record<FakeSizeStandard, Record<string, readonly string[]>>;

export type SizeKind = keyof (typeof standardSizes)['US'];

export const standardSizeTypes: Record<'Men' | 'Women' | 'Shoes', string[]> = {
  Men: ['Regular', 'Big & Tall'],
  Women: ['Regular', 'Petite', 'Plus', 'Tall', 'Maternity'],
  Shoes: ['Regular'],
};
