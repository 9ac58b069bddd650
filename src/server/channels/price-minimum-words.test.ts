import { describe, expect, it } from 'vitest';
import { etsyPreflightMessages } from './etsy/etsy-preflight';
import type { Publishable } from './channel-listing-repo';
import { shopifyProblemsOf } from './shopify/shopify-preflight';

/**
 * A marketplace's least price in the seller's own currency (the simulator's UK seller on autopilot read "Set a price
 * of at least $0.20 for Etsy").
 */
describe('the least price, in words', () => {
  it('is said in the item’s currency', () => {
    expect(etsyPreflightMessages.price('GBP')).toBe('Set a price of at least £0.20 for Etsy.');
    expect(etsyPreflightMessages.price('EUR')).toBe('Set a price of at least €0.20 for Etsy.');
    const unpriced = {
      item: { currency: 'GBP', aiTitle: 'Levi’s 501', aiDescription: 'Blue.', aiTags: [], aiSuggestedPriceMinor: null, category: null },
      listing: null,
      priceList: null,
      rule: null,
      images: [],
    } as unknown as Publishable;
    expect(shopifyProblemsOf(unpriced, 'GBP').problems.map((problem) => problem.message)).toContain(
      'Set a price of at least £0.01 for Shopify.',
    );
  });
});
