import { channelPriceOf } from '../../../price-rules/channel-price';
import { ebayMessages, type EbayConnection } from '@shared/contracts/ebay';
import { IMAGES_MAX, TITLE_MAX } from '@shared/domain/listing';
import {
  checkItemPublishable,
  checkListing,
  filled,
  readinessMessages,
  weightedScore,
  readinessItemOf,
  type ReadinessChecklist,
  type ReadinessItem,
  type ReadinessResult,
} from '@shared/domain/readiness';
import { ebayListedAsOf } from '../item-state';
import type { EbayPricing } from './publish-pricing';
import type { PublishableItem } from './repo';

/**
 * eBay's level of the readiness check ("eBay ready": connection, token, business policies, location), over
 * the listing's own level (src/shared/domain/readiness.ts). The eBay screen's panel and publish read it here.
 */

export interface ReadinessAccount {
  connected: boolean;
  tokenExpired: boolean;
  policies: { payment: string | null; fulfillment: string | null; return: string | null };
  hasLocation: boolean;
  /**
   * With no location: whether a first publish creates one (eBay gives the account's address). Null when not known
   * (not connected, or eBay did not answer): the promise is then not made.
   */
  locationOnFirstPublish?: boolean | null;
}

export const ebayAccountMessages = {
  notConnected: 'eBay account not connected',
  tokenExpired: 'eBay access token expired - please reconnect your account',
  policiesMissing: 'eBay business policies not configured (Payment, Fulfillment, Return)',
  noLocation: ebayMessages.locationWarning,
  noLocationUnchecked: ebayMessages.locationUnchecked,
  noLocationNoAddress: ebayMessages.locationNoAddress,
} as const;

/** eBay's own limits of a listing: over them, a warning; eBay cuts the title and refuses photos. */
export const ebayLimitMessages = {
  titleTooLong: `Title is longer than ${TITLE_MAX} characters (recommended maximum for eBay)`,
  tooManyImages: `eBay allows maximum ${IMAGES_MAX} images per listing`,
} as const;

export function ebayLimitWarnings(item: Pick<ReadinessItem, 'title' | 'imageCount'>): string[] {
  const warnings: string[] = [];
  if ((item.title?.trim() ?? '').length > TITLE_MAX) warnings.push(ebayLimitMessages.titleTooLong);
  if (item.imageCount > IMAGES_MAX) warnings.push(ebayLimitMessages.tooManyImages);
  return warnings;
}

/** Mandatory checklist items count twice as much as the optional ones (brand, location) in the score. */
const MANDATORY = ['hasTitle', 'hasDescription', 'hasImages', 'hasCategory', 'hasCondition', 'hasConnection', 'hasPolicies'] as const;
const OPTIONAL = ['hasBrand', 'hasLocation'] as const;

/** The eBay side of the readiness check: connection, token, business policies, inventory location. No item involved. */
export interface EbayReadiness {
  /** Connected with a valid token and all three policies: nothing on eBay's side blocks publishing. */
  isReady: boolean;
  errors: string[];
  warnings: string[];
  checklist: Pick<ReadinessChecklist, 'hasConnection' | 'hasPolicies' | 'hasLocation'>;
}

export function checkEbayAccount(account: ReadinessAccount): EbayReadiness {
  const errors: string[] = [];
  const warnings: string[] = [];
  const hasConnection = account.connected && !account.tokenExpired;
  if (!account.connected) errors.push(ebayAccountMessages.notConnected);
  else if (account.tokenExpired) errors.push(ebayAccountMessages.tokenExpired);
  const { payment, fulfillment, return: returns } = account.policies;
  const hasPolicies = filled(payment) && filled(fulfillment) && filled(returns);
  if (!hasPolicies) errors.push(ebayAccountMessages.policiesMissing);
  // The spec's promise only where the first publish keeps it: else what to do, or why it is refused.
  if (!account.hasLocation && account.locationOnFirstPublish === true) warnings.push(ebayAccountMessages.noLocation);
  else if (!account.hasLocation && account.locationOnFirstPublish === false) errors.push(ebayAccountMessages.noLocationNoAddress);
  else if (!account.hasLocation) warnings.push(ebayAccountMessages.noLocationUnchecked);
  return { isReady: errors.length === 0, errors, warnings, checklist: { hasConnection, hasPolicies, hasLocation: account.hasLocation } };
}

/**
 * The full publish check: the listing's own rules ("listing complete") and a price, eBay's limits, and the
 * eBay account's ("eBay ready"). Only publishing needs all; a listing is Ready on its own.
 */
export function checkPublishReadiness(
  item: (ReadinessItem & { price?: number | null }) | null,
  account: ReadinessAccount,
): ReadinessResult {
  if (!item) {
    const none = checkListing({ title: null, description: null, imageCount: 0, category: null, condition: null, brand: null });
    return { ...none, isValid: false, errors: [readinessMessages.itemNotFound], warnings: [] };
  }
  const listing = checkItemPublishable(item);
  const ebay = checkEbayAccount(account);
  const errors = [...listing.errors, ...ebay.errors];
  return {
    isValid: errors.length === 0,
    errors,
    warnings: [...ebayLimitWarnings(item), ...listing.warnings, ...ebay.warnings],
    checklist: { ...listing.checklist, ...ebay.checklist },
  };
}

/** publish_ready_score (0..100) of a full publish check: mandatory items weigh 2, optional items 1. */
export function publishReadyScore(result: ReadinessResult): number {
  return weightedScore(result.checklist, MANDATORY, OPTIONAL);
}

export function readinessAccountOf(connection: EbayConnection | null): ReadinessAccount {
  return {
    connected: connection !== null,
    tokenExpired: connection?.status === 'expired',
    policies: {
      payment: connection?.policies.paymentPolicyId ?? null,
      fulfillment: connection?.policies.fulfillmentPolicyId ?? null,
      return: connection?.policies.returnPolicyId ?? null,
    },
    hasLocation: Boolean(connection?.defaultLocation),
  };
}

/** The readiness, the price read as publishing prices it: the listing's, else the item's through the seller's eBay rule and list. */
export function publishReadinessOf(
  subject: PublishableItem,
  account: ReadinessAccount,
  pricing: EbayPricing,
): { result: ReadinessResult; score: number } {
  const { item, images, listing } = subject;
  const result = checkPublishReadiness(
    {
      ...readinessItemOf({ ...item, imageCount: images.length, listedAs: ebayListedAsOf(item) }),
      price: channelPriceOf(listing, item, pricing.rule, pricing.priceList)?.price.amountMinor ?? null,
    },
    account,
  );
  return { result, score: publishReadyScore(result) };
}
