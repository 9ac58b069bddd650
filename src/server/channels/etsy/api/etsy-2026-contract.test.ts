import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEtsyClient, type EtsyDraftListingForm } from './etsy-client';
import { pkcePair } from '../../oauth/oauth-client';
import { startFakeEtsy, type FakeEtsy } from '../../../../../fakes/etsy/etsy-server';

/**
 * Etsy's 2026 changes, the real client against the fake: the fake refuses what Etsy refuses (an old when_made, the
 * includes removed from listing reads on 29 July 2026, a listing on a processing profile going back to processing
 * times) and answers the batch reads that replace the includes.
 */
let fake: FakeEtsy;
beforeAll(async () => {
  fake = await startFakeEtsy({ callsPerSecond: 0 });
});
afterAll(async () => {
  await fake?.close();
});
afterEach(() => fake.reset());

const redirectUri = 'http://localhost:3000/channels';
const client = () =>
  createEtsyClient({ keystring: fake.keystring, sharedSecret: fake.sharedSecret, apiBase: fake.url, oauthBase: fake.url });

/** A seller of the fake with a shop set up (shipping, returns, a processing profile): token, shop and profile ids. */
async function seller() {
  const c = client();
  const { verifier, challenge } = await pkcePair();
  const at = new URL(c.authorizeUrl({ state: 's', codeChallenge: challenge, redirectUri }));
  const form = new URLSearchParams({ decision: 'allow' });
  for (const name of ['redirect_uri', 'state', 'code_challenge', 'scope']) form.set(name, at.searchParams.get(name) ?? '');
  const back = await fetch(`${at.origin}/oauth/consent`, { method: 'POST', body: form, redirect: 'manual' });
  const code = new URL(back.headers.get('location') ?? '').searchParams.get('code')!;
  const { accessToken: token } = await c.exchangeCode({ code, codeVerifier: verifier, redirectUri });
  const shopId = String((await c.getMe(token)).shop_id);
  const shipping = await c.createShippingProfile(token, shopId, {
    title: 'Shipping',
    origin_country_iso: 'US',
    origin_postal_code: '95125',
    primary_cost: 5,
    secondary_cost: 5,
    min_processing_time: 1,
    max_processing_time: 3,
    processing_time_unit: 'business_days',
    destination_country_iso: 'US',
    min_delivery_days: 2,
    max_delivery_days: 5,
  });
  const returns = await c.createReturnPolicy(token, shopId, { accepts_returns: true, accepts_exchanges: false, return_deadline: 30 });
  const profile = await c.createProcessingProfile(token, shopId, {
    readiness_state: 'ready_to_ship',
    min_processing_time: 1,
    max_processing_time: 3,
    processing_time_unit: 'days',
  });
  return { c, token, shopId, shipping, returns, profileId: String(profile.readiness_state_id) };
}

const draftForm = (whenMade: EtsyDraftListingForm['when_made']): EtsyDraftListingForm => ({
  quantity: 1,
  title: 'Vintage denim jacket',
  description: 'A faded denim jacket.',
  price: 40,
  who_made: 'someone_else',
  when_made: whenMade,
  taxonomy_id: 1000,
  is_supply: false,
  type: 'physical',
});

describe("the fake refuses what Etsy's 2026 document refuses", () => {
  it('answers 400 to a when_made of an earlier year (2020_2025, before_2006) and takes 2026’s', async () => {
    const s = await seller();
    for (const old of ['2020_2025', 'before_2006', '2006_2009']) {
      // @ts-expect-error 2025's eras are not in the 2026 document, so the client does not compile them; sent anyway, refused.
      await expect(s.c.createDraftListing(s.token, s.shopId, draftForm(old))).rejects.toMatchObject({ status: 400 });
    }
    expect(fake.contractViolations.flatMap((v) => v.problems)).toEqual(
      expect.arrayContaining([expect.stringContaining('form field when_made: "2020_2025" does not fit')]),
    );
    fake.contractViolations.length = 0;
    expect((await s.c.createDraftListing(s.token, s.shopId, draftForm('before_2007'))).when_made).toBe('before_2007');
    // 2020 to 2026 is a value Etsy has, but not vintage: refused for a second-hand item by Etsy's rule, not the contract.
    await expect(s.c.createDraftListing(s.token, s.shopId, draftForm('2020_2026'))).rejects.toMatchObject({
      status: 400,
      etsyMessage: expect.stringContaining('vintage'),
    });
    expect(fake.contractViolations).toEqual([]);
  });

  it('answers 400 to includes=Inventory or Shipping on a listing read, and gives them by the batch reads', async () => {
    const s = await seller();
    const draft = await s.c.createDraftListing(s.token, s.shopId, {
      ...draftForm('1990s'),
      shipping_profile_id: s.shipping.shipping_profile_id,
      readiness_state_id: Number(s.profileId),
    });
    await s.c.updateListingInventory(s.token, String(draft.listing_id), [
      { sku: 'JKT-1', price: 40, quantity: 1, processingProfileId: s.profileId },
    ]);
    const headers = { 'x-api-key': `${fake.keystring}:${fake.sharedSecret}`, authorization: `Bearer ${s.token}` };
    for (const removed of ['Inventory', 'Shipping', 'Images,Inventory']) {
      const single = await fetch(`${fake.url}/v3/application/listings/${draft.listing_id}?includes=${removed}`, { headers });
      expect(single.status).toBe(400);
      const batch = await fetch(`${fake.url}/v3/application/listings/batch?listing_ids=${draft.listing_id}&includes=${removed}`, {
        headers,
      });
      expect(batch.status).toBe(400);
    }
    expect(fake.contractViolations.flatMap((v) => v.problems)).toEqual(
      expect.arrayContaining([expect.stringContaining('query parameter includes: Inventory is not one of')]),
    );
    fake.contractViolations.length = 0;
    expect((await fetch(`${fake.url}/v3/application/listings/${draft.listing_id}?includes=Images`, { headers })).status).toBe(200);

    const inventory = await s.c.getListingsInventory(s.token, [draft.listing_id!]);
    expect(inventory.results?.[0]?.inventory?.products?.[0]).toMatchObject({
      sku: 'JKT-1',
      offerings: [{ quantity: 1, readiness_state_id: Number(s.profileId) }],
    });
    const shipping = await s.c.getListingsShipping(s.token, [draft.listing_id!]);
    expect(shipping.results?.[0]).toMatchObject({ shipping_profile_id: s.shipping.shipping_profile_id });
    // All ids must exist: one unknown id answers 404 for the whole read.
    await expect(s.c.getListingsInventory(s.token, [draft.listing_id!, 1])).rejects.toMatchObject({ status: 404 });
    expect(() => s.c.getListingsInventory(s.token, [])).toThrow();
    expect(fake.contractViolations).toEqual([]);
  });

  it('takes no inventory offering without a profile, so an update switches a listing on processing times for good', async () => {
    const s = await seller();
    const { listingId } = fake.seedLegacyListing({ shopId: Number(s.shopId), sku: 'OLD-1' });
    const id = String(listingId);
    const offering = async () => (await s.c.getListingsInventory(s.token, [id])).results?.[0]?.inventory?.products?.[0]?.offerings?.[0];
    expect((await offering())?.readiness_state_id).toBeNull();
    const headers = {
      'x-api-key': `${fake.keystring}:${fake.sharedSecret}`,
      authorization: `Bearer ${s.token}`,
      'content-type': 'application/json',
    };
    // An offering naming no profile is refused: no inventory update keeps the listing's own processing times.
    const bare = await fetch(`${fake.url}/v3/application/listings/${id}/inventory`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        products: [{ sku: 'OLD-1', property_values: [], offerings: [{ price: 30, quantity: 1, is_enabled: true }] }],
      }),
    });
    expect(bare.status).toBe(400);
    expect(fake.contractViolations.flatMap((v) => v.problems)).toEqual(['products[0].offerings[0].readiness_state_id: required']);
    fake.contractViolations.length = 0;
    expect((await offering())?.readiness_state_id).toBeNull();
    await s.c.updateListingInventory(s.token, id, [{ sku: 'OLD-1', price: 30, quantity: 1, processingProfileId: s.profileId }]);
    expect((await offering())?.readiness_state_id).toBe(Number(s.profileId));
    // And no way back: updateListing takes no processing_min/max any more (the client does not compile them; sent, refused).
    // @ts-expect-error processing_min and processing_max are not in updateListing's form in the 2026 document.
    await expect(s.c.updateListing(s.token, s.shopId, id, { processing_min: 1, processing_max: 3 })).rejects.toMatchObject({ status: 400 });
    expect(fake.contractViolations.flatMap((v) => v.problems)).toEqual(
      expect.arrayContaining(['form field processing_min: not a field in the contract']),
    );
    fake.contractViolations.length = 0;
  });
});
