import type { ColourVocabulary, SwatchName } from './marketplace-colours';

/** Etsy's Primary color values, less the metallic and clear ones. */
export const etsyColourNames = [
  'Beige',
  'Black',
  'Blue',
  'Brown',
  'Gray',
  'Green',
  'Orange',
  'Pink',
  'Purple',
  'Red',
  'White',
  'Yellow',
] as const;
export type EtsyColour = (typeof etsyColourNames)[number];

/** Each garment swatch's word on Etsy (marketplace-colours.ts names a photo's colour by the nearest swatch). */
const bySwatch: Readonly<Record<SwatchName, EtsyColour>> = {
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

export const etsyColours: ColourVocabulary<EtsyColour> = { names: etsyColourNames, bySwatch };
