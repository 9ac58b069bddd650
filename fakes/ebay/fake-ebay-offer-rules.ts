/**
 * What eBay refuses in an offer's own fields (createOffer, updateOffer, and again at publishOffer), each as the
 * Inventory API's error list words it: the auction and fixed-price fields (25755-25764, 25006), the start date,
 * quantities, VAT, the business and custom policies (25036, 25076, 25089-25095, 25766, 25767)
 * and the regulatory container past what the GPSR rule checks (fake-ebay-marketplaces.ts). The warnings an accepted
 * offer carries (25028, 25037, 25753) come back in the answer's `warnings`.
 */
import { ebayError, type FakeAnswer } from './fake-ebay-errors';
import { categoryById } from './fake-ebay-catalog';
import type { SellerData } from './fake-ebay-state';

/* eslint-disable @typescript-eslint/no-explicit-any -- the request body as eBay takes it: checked here, field by field */
type Json = Record<string, any>;
export type Warning = {
  errorId: number;
  domain: string;
  category: string;
  message: string;
  parameters?: { name: string; value: string }[];
};

const fieldError = (errorId: number, message: string, field: string) =>
  ebayError(400, errorId, message, { parameters: [{ name: '0', value: field }] });
const warning = (errorId: number, message: string, field: string): Warning => ({
  errorId,
  domain: 'API_INVENTORY',
  category: 'REQUEST',
  message,
  parameters: [{ name: '0', value: field }],
});

const AUCTION_DURATIONS = ['DAYS_1', 'DAYS_3', 'DAYS_5', 'DAYS_7', 'DAYS_10'];
/** ListingPolicies: the countries that take country-specific compliance and take-back policies. */
const POLICY_REGIONS = ['GB', 'DE', 'FR', 'IT', 'ES'];
const INT32_MAX = 2147483647;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const isHttpUrl = (value: unknown) => {
  try {
    return ['http:', 'https:'].includes(new URL(String(value)).protocol);
  } catch {
    return false;
  }
};
const whole = (value: unknown, min: number) => Number.isInteger(value) && (value as number) >= min && (value as number) <= INT32_MAX;

function formatProblem(offer: Json): FakeAnswer | null {
  const prices = (offer.pricingSummary ?? {}) as Json;
  if (offer.format === 'AUCTION') {
    if (!offer.listingDuration) return fieldError(25755, 'listingDuration is required for auction offer.', 'listingDuration');
    if (!AUCTION_DURATIONS.includes(offer.listingDuration))
      return fieldError(
        25006,
        `The eBay listing associated with the inventory item, or the unpublished offer has an invalid listing option. An auction lasts ${AUCTION_DURATIONS.join(', ')}.`,
        'listingDuration',
      );
    if (!prices.auctionStartPrice)
      return fieldError(25757, 'auctionStartPrice is required for auction offer.', 'pricingSummary.auctionStartPrice');
    if (prices.originalRetailPrice || prices.pricingVisibility)
      return fieldError(25761, 'Discount pricing is not applicable for auction offer.', 'pricingSummary.originalRetailPrice');
    if (offer.availableQuantity !== undefined)
      return fieldError(25762, 'availableQuantity is not applicable for auction offer.', 'availableQuantity');
    if (offer.quantityLimitPerBuyer !== undefined)
      return fieldError(25763, 'quantityLimitPerBuyer is not applicable for auction offer.', 'quantityLimitPerBuyer');
    if (offer.listingPolicies?.eBayPlusIfEligible)
      return fieldError(25764, 'eBayPlusIfEligible is not applicable for auction offer.', 'listingPolicies.eBayPlusIfEligible');
    return null;
  }
  if (prices.auctionStartPrice || prices.auctionReservePrice)
    return fieldError(25758, 'auctionStartPrice and auctionReservePrice are not supported for fixed price offer.', 'pricingSummary');
  // ListingDurationEnum: "For fixed-price listings, this value must be set to GTC".
  if (offer.listingDuration !== undefined && offer.listingDuration !== 'GTC')
    return fieldError(
      25006,
      'The eBay listing associated with the inventory item, or the unpublished offer has an invalid listing option. A fixed-price listing lasts GTC.',
      'listingDuration',
    );
  return null;
}

function quantityProblem(offer: Json): FakeAnswer | null {
  if (
    offer.listingStartDate !== undefined &&
    (!/^\d{4}-\d\d-\d\dT/.test(String(offer.listingStartDate)) || isNaN(Date.parse(offer.listingStartDate)))
  )
    return fieldError(25752, 'listingStartDate provided is invalid.', 'listingStartDate');
  if (offer.availableQuantity !== undefined && !whole(offer.availableQuantity, 0))
    return fieldError(
      25004,
      'The eBay listing associated with the inventory item, or the unpublished offer has an invalid quantity. availableQuantity must be a whole number of 0 or more.',
      'availableQuantity',
    );
  for (const field of ['lotSize', 'quantityLimitPerBuyer'] as const) {
    if (offer[field] !== undefined && !whole(offer[field], 1))
      return fieldError(25031, `${field} is not valid and needs to be a number between 1 and ${INT32_MAX}`, field);
  }
  const vat = offer.tax?.vatPercentage;
  // Tax.vatPercentage: a rate, "Max applicable length is 6 characters, including the decimal (e.g., 12.345)".
  if (vat !== undefined && !(typeof vat === 'number' && vat >= 0 && vat < 100 && String(vat).length <= 6))
    return fieldError(
      25011,
      'The eBay listing associated with the inventory item, or the unpublished offer has invalid tax information. vatPercentage is a rate from 0 to 99.999.',
      'tax.vatPercentage',
    );
  if (offer.secondaryCategoryId !== undefined) {
    const secondary = categoryById(String(offer.secondaryCategoryId));
    if (!secondary?.leaf || String(offer.secondaryCategoryId) === String(offer.categoryId))
      return fieldError(25032, 'secondaryCategoryId is not valid', 'secondaryCategoryId');
  }
  return null;
}

/** The three business policies each of its own type, and the custom (compliance, take-back) policies the seller has. */
function policyIdsProblem(seller: SellerData, policies: Json): FakeAnswer | null {
  const types = { fulfillmentPolicyId: 'fulfillment', paymentPolicyId: 'payment', returnPolicyId: 'return' } as const;
  for (const [field, type] of Object.entries(types)) {
    const id = policies[field];
    if (id === undefined || seller.policies[type].has(id)) continue;
    const actual = (Object.values(types) as (typeof type)[]).find((other) => seller.policies[other].has(id));
    if (actual) return fieldError(25036, `The policy(ies) ${String(id)} is not of type ${type.toUpperCase()}`, `listingPolicies.${field}`);
  }
  const compliance = (policies.productCompliancePolicyIds ?? []) as unknown[];
  const regional = (policies.regionalProductCompliancePolicies?.countryPolicies ?? []) as Json[];
  const takeBack = (policies.regionalTakeBackPolicies?.countryPolicies ?? []) as Json[];
  if (policies.takeBackPolicyId !== undefined && !/^\d+$/.test(String(policies.takeBackPolicyId)))
    return fieldError(25766, 'The takeBackPolicyId field must be a long value type. Please correct the error.', 'takeBackPolicyId');
  if ([...compliance, ...regional.flatMap((c) => c.policyIds ?? [])].some((id) => !/^\d+$/.test(String(id))))
    return fieldError(
      25767,
      'The productCompliancePolicyId field must be a long value type. Please correct the error.',
      'productCompliancePolicyIds',
    );
  for (const region of [...regional, ...takeBack]) {
    if (!POLICY_REGIONS.includes(region.country))
      return fieldError(
        25095,
        `Region invalid for regional custom policy. Regions allowed are ${POLICY_REGIONS.join(', ')}.`,
        String(region.country),
      );
  }
  if (compliance.length > 6)
    return fieldError(25089, 'No more than 6 global compliance policies allowed. Excess policies ignored.', 'productCompliancePolicyIds');
  if (regional.some((c) => (c.policyIds ?? []).length > 6))
    return fieldError(
      25090,
      'No more than 6 compliance policies per region allowed. Excess policies ignored.',
      'regionalProductCompliancePolicies',
    );
  // Six global and six for each of the five countries.
  if (compliance.length + regional.reduce((n, c) => n + (c.policyIds ?? []).length, 0) > 36)
    return fieldError(
      25091,
      'No more than a total of 36 compliance policies allowed. Excess policies ignored.',
      'regionalProductCompliancePolicies',
    );
  if (takeBack.some((c) => (c.policyIds ?? []).length > 1))
    return fieldError(25093, 'No more than 1 takeback policy per region allowed. Excess policies ignored.', 'regionalTakeBackPolicies');
  // One global and one for each of the five countries.
  if ((policies.takeBackPolicyId !== undefined ? 1 : 0) + takeBack.reduce((n, c) => n + (c.policyIds ?? []).length, 0) > 6)
    return fieldError(25094, 'No more than a total of 6 takeback policies allowed.', 'regionalTakeBackPolicies');
  // The fake serves no custom policies (Account getCustomPolicies / createCustomPolicy): the seller has none.
  const custom = [...compliance, ...regional.flatMap((c) => c.policyIds ?? []), ...takeBack.flatMap((c) => c.policyIds ?? [])];
  if (policies.takeBackPolicyId !== undefined) custom.push(policies.takeBackPolicyId);
  if (custom.length)
    return fieldError(25076, `Custom policy ID(s) ${custom.join(', ')} not found. Please use valid ID(s).`, 'listingPolicies');
  return null;
}

/** The regulatory container's own structure (any marketplace): contacts, energy label, hazmat, product safety, repair score. */
function regulatoryStructureProblem(regulatory: Json | undefined): FakeAnswer | null {
  if (!regulatory) return null;
  for (const contact of [regulatory.manufacturer, ...((regulatory.responsiblePersons ?? []) as Json[])] as (Json | undefined)[]) {
    if (contact?.email !== undefined && !EMAIL.test(String(contact.email)))
      return fieldError(25088, 'The email address provided is formatted incorrectly.', 'email');
    if (contact?.contactUrl !== undefined && !isHttpUrl(contact.contactUrl))
      return fieldError(25122, 'The contact URL is incorrectly formatted. Please update the formatting.', 'contactUrl');
  }
  const score = regulatory.repairScore;
  if (score !== undefined && !(typeof score === 'number' && score >= 0 && score <= 10 && Math.round(score * 10) === score * 10))
    return fieldError(
      25079,
      'Repair score invalid. Repair score must be in the range from 0.0 to 10.0 with one decimal place.',
      'repairScore',
    );
  const label = regulatory.energyEfficiencyLabel as Json | undefined;
  if (label) {
    if (label.imageDescription && !label.imageURL)
      return fieldError(
        25083,
        'Energy efficiency image is missing. Image is required with image description.',
        'energyEfficiencyLabel.imageURL',
      );
    if (!label.imageURL !== !label.productInformationSheet)
      return fieldError(
        25084,
        'The listing must have both an energy efficiency label and a product information sheet.',
        'energyEfficiencyLabel',
      );
    if (label.imageURL && !/^https:\/\/i\.ebayimg\.(sandbox\.ebay\.)?com\//.test(String(label.imageURL)))
      return fieldError(25086, 'The URL provided must be an eBay Picture Service URL.', 'energyEfficiencyLabel.imageURL');
  }
  for (const [name, part] of [
    ['hazmat', regulatory.hazmat],
    ['productSafety', regulatory.productSafety],
  ] as const) {
    if (typeof part?.component === 'string' && part.component.length > 120)
      return fieldError(
        25080,
        `The value of the ${name}.component field is invalid. Field must not exceed 120 characters.`,
        `${name}.component`,
      );
  }
  if (regulatory.hazmat && !regulatory.hazmat.statements?.length)
    return fieldError(
      25081,
      'Hazardous material information incomplete. Your listing must include hazardous statements.',
      'hazmat.statements',
    );
  const safety = regulatory.productSafety as Json | undefined;
  if (safety) {
    if ((safety.pictograms ?? []).length > 2)
      return fieldError(
        25108,
        'Product Safety structure incorrect for pictograms. Max allowed number of entries is 2.',
        'productSafety.pictograms',
      );
    if ((safety.statements ?? []).length > 8)
      return fieldError(
        25108,
        'Product Safety structure incorrect for statements. Max allowed number of entries is 8.',
        'productSafety.statements',
      );
    if (!safety.pictograms?.length && !safety.statements?.length)
      return fieldError(
        25109,
        'Product safety information incomplete. Your listing must include pictograms or safety statements.',
        'productSafety',
      );
  }
  const documents = ((regulatory.documents ?? []) as Json[]).map((d) => String(d.documentId));
  const repeated = documents.filter((id, i) => documents.indexOf(id) !== i);
  if (repeated.length)
    return fieldError(
      25077,
      `Duplicate Regulatory ID(s) ${repeated.join(', ')} sent in the request. Duplicate ID(s) have been ignored.`,
      'documents',
    );
  // The fake serves no document upload (Media API createDocument): no document ID is the seller's.
  if (documents.length)
    return fieldError(25104, `Regulatory document ID(s) ${documents.join(', ')} not found. Please use valid ID(s).`, 'documents');
  return null;
}

/** The offer's own problems, in the order eBay reports them; null when it can be saved. */
export function offerFieldsProblem(seller: SellerData, offer: Json): FakeAnswer | null {
  const problem = formatProblem(offer) ?? quantityProblem(offer);
  if (problem) return problem;
  // An unknown merchantLocationKey is taken here: eBay answers it at publish (25002 "No <Item.Country>").
  return policyIdsProblem(seller, offer.listingPolicies ?? {}) ?? regulatoryStructureProblem(offer.regulatory);
}

/** What eBay accepts but drops or ignores, and says so. */
export function offerWarnings(offer: Json, marketplaceId: string, live: boolean): Warning[] {
  const warnings: Warning[] = [];
  if (live && offer.listingStartDate !== undefined)
    warnings.push(
      warning(25753, 'listingStartDate is in the past or the offer is live. Value is not updated on the listing.', 'listingStartDate'),
    );
  // VAT is shown on VAT-enabled sites only; eBay US collects sales tax itself.
  if (offer.tax?.vatPercentage !== undefined && marketplaceId === 'EBAY_US')
    warnings.push(warning(25028, 'tax.vatPercentage is not applicable and has been dropped', 'tax.vatPercentage'));
  // The eco-participation fee is France's (Metadata getExtendedProducerResponsibilityPolicies).
  if (offer.extendedProducerResponsibility?.ecoParticipationFee && marketplaceId !== 'EBAY_FR')
    warnings.push(warning(25037, 'Item level Eco Participation Fee will be ignored', 'extendedProducerResponsibility.ecoParticipationFee'));
  return warnings;
}
