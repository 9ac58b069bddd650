import { basicColourBySwatch, type ColourVocabulary } from './marketplace-colours';

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

export const ebayColours: ColourVocabulary<EbayColour> = { names: ebayColourNames, bySwatch: basicColourBySwatch };
