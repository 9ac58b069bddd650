import { ebayCategoryOf } from '../domain/ebay-categories';
import { ebayColours } from '../domain/ebay-colours';
import type { DraftVocabulary } from './marketplace-traits';

/**
 * eBay's words for the AI's listing (decision 177): its leaf category ids are digits, the category table's leaf is
 * the item's on the seller's eBay site, colours are named in eBay's Color list, and the aspects are its item specifics.
 */
export const ebayDraftVocabulary: DraftVocabulary = {
  categoryId: { pattern: /^\d{1,10}$/, mismatch: 'eBay category ids are digits' },
  categoryOf: ebayCategoryOf,
  colours: ebayColours,
  prompt: {
    categoryId: 'eBay leaf category id (digits) when you know it, else null.',
    categoryName: 'eBay category path, e.g. "Clothing, Shoes & Accessories > Men > Men\'s Clothing > Jeans".',
    colour: 'Main colour (eBay colour name: Black, Blue, White, Gray, Red, Green, Beige, Brown, Pink, Purple, Multicolor...).',
    itemSpecificName: 'eBay item specific name',
    itemSpecifics: 'eBay item specifics for the category.',
  },
};
