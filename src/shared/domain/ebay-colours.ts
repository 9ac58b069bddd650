import type { ColourVocabulary, SwatchName } from './marketplace-colours';

/** eBay's Color values the photo reader names (eBay's standard list, the one its search refines by, less the ones no
 * pixels show: Clear, Gold, Silver, Ivory, Multicolor). */
export const ebayColourNames = [
  'Black',
  'White',
  'Gray',
  'Beige',
  'Brown',
  'Red',
  'Orange',
  'Yellow',
  'Green',
  'Blue',
  'Purple',
  'Pink',
] as const;
export type EbayColour = (typeof ebayColourNames)[number];

/** Each garment swatch's word on eBay (marketplace-colours.ts names a photo's colour by the nearest swatch). */
const bySwatch: Readonly<Record<SwatchName, EbayColour>> = {
  black: 'Black',
  charcoal: 'Gray',
  grey: 'Gray',
  'light grey': 'Gray',
  white: 'White',
  'off-white': 'White',
  cream: 'Beige',
  beige: 'Beige',
  stone: 'Beige',
  camel: 'Brown',
  brown: 'Brown',
  chocolate: 'Brown',
  khaki: 'Green',
  olive: 'Green',
  'forest green': 'Green',
  green: 'Green',
  'bright green': 'Green',
  mint: 'Green',
  teal: 'Blue',
  navy: 'Blue',
  'dark denim': 'Blue',
  denim: 'Blue',
  'light denim': 'Blue',
  'royal blue': 'Blue',
  'sky blue': 'Blue',
  purple: 'Purple',
  lavender: 'Purple',
  plum: 'Purple',
  burgundy: 'Red',
  red: 'Red',
  fuchsia: 'Pink',
  pink: 'Pink',
  blush: 'Pink',
  coral: 'Orange',
  orange: 'Orange',
  rust: 'Orange',
  mustard: 'Yellow',
  yellow: 'Yellow',
};

export const ebayColours: ColourVocabulary<EbayColour> = { names: ebayColourNames, bySwatch };
