import { basicColourBySwatch, type ColourVocabulary } from './marketplace-colours';

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

/** Etsy's words are the twelve basic colours, so each garment swatch has its basic colour's word. */
export const etsyColours: ColourVocabulary<EtsyColour> = { names: etsyColourNames, bySwatch: basicColourBySwatch };
