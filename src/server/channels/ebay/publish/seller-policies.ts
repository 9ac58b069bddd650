import type { SellerPolicies } from './preflight';
import type { SellerSession } from './seller-session';
import { EbayApiError } from '../api/ebay-api-error';

/**
 * The seller's three business policies as eBay holds them now, by the ids their listings name (Account API lists of
 * the marketplace): what the pre-flight's policy and package rules read. Kept a few minutes per set of ids, so a bulk
 * publish or a readiness panel reopened asks eBay three times, not three times an item; a policy changed on eBay's
 * site within that time is read after it (eBay would then answer 25007-25009 at publish, named by publish-errors.ts).
 */
export interface SellerPoliciesReader {
  read(session: Pick<SellerSession, 'client' | 'accessToken' | 'marketplaceId' | 'listingPolicies'>): Promise<SellerPolicies>;
}

export function createSellerPoliciesReader(options: { ttlMs?: number; now?: () => number } = {}): SellerPoliciesReader {
  const ttlMs = options.ttlMs ?? 5 * 60 * 1000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { expires: number; value: Promise<SellerPolicies> }>();
  return {
    read({ client, accessToken, marketplaceId, listingPolicies: ids }) {
      const key = [marketplaceId, ids.fulfillmentPolicyId, ids.paymentPolicyId, ids.returnPolicyId].join(':');
      const hit = cache.get(key);
      if (hit && hit.expires > now()) return hit.value;
      const value = Promise.all([
        client.account.getFulfillmentPolicies(accessToken, marketplaceId),
        client.account.getPaymentPolicies(accessToken, marketplaceId),
        client.account.getReturnPolicies(accessToken, marketplaceId),
      ])
        .catch((error: unknown) => {
          // 20403 with no field named: the account is not (or no longer) in business policies, so it has none of them
          // (the pre-flight names each as missing, with where to create them), not eBay out of reach.
          if (error instanceof EbayApiError && error.has(20403) && !error.parameter('fieldName')) return [[], [], []] as const;
          throw error;
        })
        .then(([fulfillment, payment, returns]) => ({
          marketplaceId,
          fulfillment: fulfillment.find((p) => p.fulfillmentPolicyId === ids.fulfillmentPolicyId) ?? null,
          payment: payment.find((p) => p.paymentPolicyId === ids.paymentPolicyId) ?? null,
          return: returns.find((p) => p.returnPolicyId === ids.returnPolicyId) ?? null,
        }));
      value.catch(() => cache.delete(key)); // a failed read is not kept
      cache.set(key, { expires: now() + ttlMs, value });
      return value;
    },
  };
}
