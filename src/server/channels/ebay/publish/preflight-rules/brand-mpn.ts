import { aspectNameOn } from '../../aspect-names';
import { noMpnText } from '../aspect-fills';
import { aspectNamed, aspectValues, type PreflightRule } from './rule';

/**
 * eBay's brand and MPN pair (publishOffer 25002; Inventory API Product.mpn and .brand): a category whose Taxonomy
 * aspects require an MPN needs one, or eBay's text for none where its values list it ("Does Not Apply" on EBAY_US);
 * an MPN is given with its brand. Both are found by meaning ("Herstellernummer" and "Marke" on eBay Germany).
 */
export const MPN_ASPECT = 'MPN';

export const brandMpnRule: PreflightRule = ({ listing, aspects }) => {
  const mpn = aspectNamed(aspects, MPN_ASPECT);
  if (!mpn) return [];
  const given = aspectValues(listing.aspects, MPN_ASPECT);
  const none = noMpnText(mpn.values);
  if (mpn.required && given.length === 0) {
    return [
      {
        field: 'aspects',
        message: none
          ? `eBay needs the MPN (the maker's part or style number on the label) in this category: enter it, or "${none}" if there is none`
          : `eBay needs the MPN (the maker's part or style number on the label) in this category`,
        // Any text: the seller types the number or eBay's words for none, which the message names.
        aspect: { name: mpn.name, allowedValues: [] },
      },
    ];
  }
  const brand = aspectNamed(aspects, 'Brand');
  const brandName = brand?.name ?? aspectNameOn('brand', listing.marketplaceId);
  const pairedWithoutBrand = given.some((value) => value !== none) && aspectValues(listing.aspects, 'Brand').length === 0;
  // A required Brand is already named by the category's required aspects; an optional one is still the MPN's pair.
  if (pairedWithoutBrand && !brand?.required) {
    return [
      {
        field: 'aspects',
        message: `eBay reads an MPN with its brand: add the ${brandName}`,
        aspect: { name: brandName, allowedValues: [] },
      },
    ];
  }
  return [];
};
