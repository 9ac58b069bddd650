/**
 * The publish rules of eBay's contracts that need more than the category: the business policies the offer names
 * (Inventory API publishOffer: 25007 fulfillment, 25008 payment, 25009 return, 25035 a policy of another
 * marketplace), the brand and MPN pair (Product.mpn: "paired with the brand"; a category that requires an MPN takes
 * "Does Not Apply" when the product has none: 25002), and the package (PackageWeightAndSize: "weight and dimensions
 * are required when calculated shipping rates are used": 25020). Each answers eBay's documented error shape.
 */
import { ebayError, type FakeAnswer } from './fake-ebay-errors';
import { aspectsOn, type FakeCategory } from './fake-ebay-catalog';
import { fakeAspectName } from './fake-ebay-aspect-names';
import type { SellerData } from './fake-ebay-state';

/* eslint-disable @typescript-eslint/no-explicit-any -- the request bodies as eBay takes them: checked here, field by field */
type Json = Record<string, any>;

const userError = (errorId: number, message: string, parameter: string) =>
  ebayError(400, errorId, `A user error has occurred. ${message}`, { parameters: [{ name: '0', value: parameter }] });

const positive = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value > 0;
const WEIGHT_UNITS = ['POUND', 'OUNCE', 'KILOGRAM', 'GRAM'];
const LENGTH_UNITS = ['INCH', 'FEET', 'CENTIMETER', 'METER'];

/** The offer's three policies: the seller's, of the offer's marketplace, and each complete enough to list with. */
export function policyProblem(seller: SellerData, offer: Json): FakeAnswer | null {
  const ids = offer.listingPolicies ?? {};
  const fulfillment = seller.policies.fulfillment.get(ids.fulfillmentPolicyId) as Json | undefined;
  const payment = seller.policies.payment.get(ids.paymentPolicyId) as Json | undefined;
  const returns = seller.policies.return.get(ids.returnPolicyId) as Json | undefined;
  if (!fulfillment)
    return userError(25007, 'Please add at least one valid shipping service option to your listing.', 'fulfillmentPolicyId');
  if (!payment) return userError(25008, 'Invalid or missing payment policy.', 'paymentPolicyId');
  if (!returns) return userError(25009, 'Invalid or missing return policy.', 'returnPolicyId');
  for (const [policy, name] of [
    [fulfillment, 'fulfillmentPolicyId'],
    [payment, 'paymentPolicyId'],
    [returns, 'returnPolicyId'],
  ] as const) {
    if (policy.marketplaceId !== offer.marketplaceId)
      return ebayError(400, 25035, 'The specified policy is not found for the market place', { parameters: [{ name: '0', value: name }] });
  }
  const services = ((fulfillment.shippingOptions ?? []) as Json[]).flatMap((o) => (o.shippingServices ?? []) as Json[]);
  if (!services.length)
    return userError(25007, 'Please add at least one valid shipping service option to your listing.', 'fulfillmentPolicyId');
  if (returns.returnsAccepted === true && !positive(returns.returnPeriod?.value))
    return userError(25009, 'A return period is required when returns are accepted.', 'returnPolicyId');
  return null;
}

/** Whether the fulfillment policy charges calculated shipping on any of its options (eBay then needs the package). */
export const usesCalculatedShipping = (fulfillment: Json | undefined): boolean =>
  ((fulfillment?.shippingOptions ?? []) as Json[]).some((o) => o.costType === 'CALCULATED');

/** Package weight and dimensions, when the offer's shipping is calculated. */
export function packageProblem(seller: SellerData, offer: Json, item: Json): FakeAnswer | null {
  if (!usesCalculatedShipping(seller.policies.fulfillment.get(offer.listingPolicies?.fulfillmentPolicyId) as Json | undefined)) return null;
  const pack = (item.packageWeightAndSize ?? {}) as Json;
  const weight = pack.weight ?? {};
  if (!positive(weight.value) || !WEIGHT_UNITS.includes(weight.unit))
    return userError(25020, 'The package weight is required for calculated shipping.', 'packageWeightAndSize.weight');
  const size = pack.dimensions ?? {};
  if (![size.length, size.width, size.height].every(positive) || !LENGTH_UNITS.includes(size.unit))
    return userError(25020, 'The package dimensions are required for calculated shipping.', 'packageWeightAndSize.dimensions');
  return null;
}

const aspectOf = (item: Json, name: string): string => {
  const values = (item.product?.aspects?.[name] ?? []) as unknown[];
  return String(values.find((v) => typeof v === 'string' && v.trim()) ?? '').trim();
};

/**
 * The brand and MPN pair: an MPN where the category requires one ("Does Not Apply" where it has none), with its brand;
 * each under the marketplace's name ("Herstellernummer" and "Marke" on eBay Germany).
 */
export function brandMpnProblem(category: FakeCategory, item: Json, marketplaceId = 'EBAY_US'): FakeAnswer | null {
  const mpnAspect = aspectsOn(category, marketplaceId).find((a) => a.usName === 'MPN');
  if (!mpnAspect?.required) return null;
  const mpn = String(item.product?.mpn ?? '').trim() || aspectOf(item, mpnAspect.name);
  if (!mpn) {
    const name = mpnAspect.name;
    return userError(
      25002,
      `The item specific ${name} is missing. Add ${name} to this listing, enter a valid value, and then try again.`,
      name,
    );
  }
  const brandName = fakeAspectName('Brand', marketplaceId);
  const brand = String(item.product?.brand ?? '').trim() || aspectOf(item, brandName);
  if (!brand) {
    return userError(
      25002,
      `The item specific ${brandName} is missing. Add ${brandName} to this listing, enter a valid value, and then try again.`,
      brandName,
    );
  }
  return null;
}
