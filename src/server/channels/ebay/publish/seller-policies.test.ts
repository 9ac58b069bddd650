import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEbay, type FakeEbay } from '../../../../../fakes/ebay/ebay-server';
import { clientForFake, connectFakeSeller } from '../../../test/fake-ebay-seller';
import { EbayApiError } from '../api/ebay-api-error';
import type { EbayClient } from '../api/ebay-client';
import { createEbayCatalog } from './ebay-catalog';
import { preflightListingOf } from './ebay-listing-body';
import { preflight } from './preflight';
import type { PublishItemRow } from './repo';
import { createSellerPoliciesReader } from './seller-policies';

/**
 * A seller whose eBay account is not (or no longer) in business policies: eBay answers the policy lists with 20403
 * "User is not eligible for Business Policy". That is no policies, named by the pre-flight with where to create them,
 * not eBay out of reach (which the autopilot would try again and again, saying "just now").
 */
let fake: FakeEbay;
let client: EbayClient;
let token: string;
const listingPolicies = { paymentPolicyId: '6001', fulfillmentPolicyId: '6002', returnPolicyId: '6003' };

beforeAll(async () => {
  fake = await startFakeEbay({ requireOptIn: true });
  client = clientForFake(fake);
  token = await connectFakeSeller(client);
});
afterAll(async () => fake?.close());

describe('the seller’s business policies as eBay holds them', () => {
  it('are none when eBay says the account is not in business policies, and the pre-flight says to create them', async () => {
    const seller = await createSellerPoliciesReader().read({ client, accessToken: token, marketplaceId: 'EBAY_US', listingPolicies });
    expect(seller).toEqual({ marketplaceId: 'EBAY_US', fulfillment: null, payment: null, return: null });

    const item = { sku: 'POL-1', title: 'Levi’s 501 jeans', category: 'Mens Jeans', condition: 'good' } as unknown as PublishItemRow;
    const check = await preflight(preflightListingOf({ item, images: [], listing: null } as never), createEbayCatalog(client), seller);
    expect(check.problems.filter((p) => p.field === 'policies').map((p) => p.message)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Your payment policy is no longer on eBay: choose or create one on the eBay screen'),
      ]),
    );
    expect(fake.contractViolations).toEqual([]);
  });

  it('still fails when eBay cannot answer (a 500), so the check is tried again', async () => {
    fake.failNext('getFulfillmentPolicies', { status: 500, errorId: 20500, message: 'System error.' });
    const read = createSellerPoliciesReader().read({ client, accessToken: token, marketplaceId: 'EBAY_US', listingPolicies });
    await expect(read).rejects.toBeInstanceOf(EbayApiError);
  });
});
