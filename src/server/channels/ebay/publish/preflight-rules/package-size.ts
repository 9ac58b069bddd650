import type { PreflightProblem, PreflightRule, SellerPolicies } from './rule';

/**
 * Package weight and dimensions where the seller's shipping policy calculates postage (publishOffer 25020; Inventory
 * API PackageWeightAndSize: "weight and dimensions are required when calculated shipping rates are used").
 */
export function usesCalculatedShipping(seller: SellerPolicies | null): boolean {
  return (seller?.fulfillment?.shippingOptions ?? []).some((option) => option.costType === 'CALCULATED');
}

export const packageSizeRule: PreflightRule = ({ listing, seller }) => {
  if (!usesCalculatedShipping(seller)) return [];
  const policy = seller?.fulfillment?.name ? `"${seller.fulfillment.name}"` : 'your shipping policy';
  const problems: PreflightProblem[] = [];
  const weight = listing.package?.weight;
  if (!weight || !(weight.value > 0)) {
    problems.push({
      field: 'package',
      message: `Add the package weight: eBay works out postage from it for ${policy} (calculated shipping)`,
    });
  }
  const size = listing.package?.dimensions;
  if (!size || !(size.length > 0 && size.width > 0 && size.height > 0)) {
    problems.push({
      field: 'package',
      message: `Add the package size (length, width, height): eBay works out postage from it for ${policy} (calculated shipping)`,
    });
  }
  return problems;
};
