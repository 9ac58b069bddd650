import type { PreflightProblem, PreflightRule } from './rule';

/**
 * The seller's business policies as eBay holds them now (publishOffer 25007 shipping, 25008 payment, 25009 return,
 * 25035 a policy of another eBay site): a policy deleted on eBay, or one without what eBay lists with, is named with
 * where to fix it, before eBay refuses the listing.
 */
const onEbayScreen = 'choose or create one on the eBay screen (Business Policies)';

export const businessPoliciesRule: PreflightRule = ({ seller }) => {
  if (!seller) return [];
  const problems: PreflightProblem[] = [];
  const named = [
    ['shipping', seller.fulfillment],
    ['payment', seller.payment],
    ['return', seller.return],
  ] as const;
  for (const [kind, policy] of named) {
    if (!policy) problems.push({ field: 'policies', message: `Your ${kind} policy is no longer on eBay: ${onEbayScreen}` });
    else if (policy.marketplaceId && policy.marketplaceId !== seller.marketplaceId)
      problems.push({ field: 'policies', message: `Your ${kind} policy "${policy.name}" is for another eBay site: ${onEbayScreen}` });
  }
  const services = (seller.fulfillment?.shippingOptions ?? []).flatMap((option) => option.shippingServices ?? []);
  if (seller.fulfillment && services.length === 0) {
    problems.push({
      field: 'policies',
      message: `Your shipping policy "${seller.fulfillment.name}" has no shipping service: add one on eBay`,
    });
  }
  const returns = seller.return;
  if (returns?.returnsAccepted && !(Number(returns.returnPeriod?.value) > 0)) {
    problems.push({
      field: 'policies',
      message: `Your return policy "${returns.name}" accepts returns but gives no return period: set one on eBay`,
    });
  }
  return problems;
};
