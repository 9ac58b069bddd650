import { paced } from '@shared/testing/pace';
/**
 * The simulated Shopify opens each seller's store in their own currency, as their real store would be: a store in
 * dollars could list none of a UK seller's items (prices are never converted, decision 106).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerRegionRoutes } from '@shared/contracts/seller-region';
import { connectSimulated } from '../../../test/simulated-consent';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SHOPIFY_SIMULATION: 'auto' });
}, paced(120_000));
afterAll(async () => {
  await t?.close();
});

describe('the simulated Shopify store', () => {
  it('prices in the seller’s currency: pounds for a UK seller, euros for a German one, dollars by default', async () => {
    const storeCurrency = async (country: string | null) => {
      const user = await t.makeUser();
      if (country) {
        const set = await t.app.inject({
          method: 'PUT',
          url: sellerRegionRoutes.region,
          headers: { cookie: user.cookie },
          payload: { country },
        });
        expect(set.statusCode, set.body).toBe(200);
      }
      await connectSimulated(t.app, user.cookie, 'shopify');
      return (await t.deps.services.channels.shopify.account.session(user.id)).currency;
    };
    expect(await storeCurrency('GB')).toBe('GBP');
    expect(await storeCurrency('DE')).toBe('EUR');
    expect(await storeCurrency(null)).toBe('USD');
  });
});
