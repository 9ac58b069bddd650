import type { FastifyInstance } from 'fastify';
import type { FakeEtsy } from '../../../fakes/etsy/etsy-server';

/** The app's config pointed at the fake Etsy. */
export const fakeEtsyEnv = (fake: Pick<FakeEtsy, 'url' | 'keystring' | 'sharedSecret'>): Record<string, string> => ({
  ETSY_KEYSTRING: fake.keystring,
  ETSY_SHARED_SECRET: fake.sharedSecret,
  ETSY_API_BASE: fake.url,
  ETSY_OAUTH_BASE: fake.url,
  // Tests do not wait for pacing unless they ask for it.
  ETSY_CALLS_PER_SECOND: '1000',
});

/**
 * Connect Etsy through the app's routes: the consent URL, the fake's "Allow access", the exchange of the code. A new
 * Etsy account of the fake (its shop pricing in `shopCurrency`, USD unless named), or the one owning `shopId` (two
 * sellers of the app on one Etsy account).
 */
export async function connectEtsyThroughApp(
  app: FastifyInstance,
  cookie: string,
  shopId?: number,
  shopCurrency?: string,
): Promise<{ statusCode: number }> {
  const start = await app.inject({ method: 'POST', url: '/api/channels/etsy/connect', headers: { cookie } });
  if (start.statusCode !== 200) throw new Error(`connect: ${start.statusCode} ${start.body}`);
  const consent = new URL((start.json() as { url: string }).url);
  const form = new URLSearchParams({ decision: 'allow' });
  for (const name of ['redirect_uri', 'state', 'code_challenge', 'scope']) form.set(name, consent.searchParams.get(name) ?? '');
  if (shopId) form.set('shop_id', String(shopId));
  if (shopCurrency) form.set('shop_currency', shopCurrency);
  const allowed = await fetch(`${consent.origin}/oauth/consent`, { method: 'POST', body: form, redirect: 'manual' });
  const back = new URL(allowed.headers.get('location') ?? '');
  const exchange = await app.inject({
    method: 'POST',
    url: '/api/channels/etsy/connection',
    headers: { cookie },
    payload: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
  return { statusCode: exchange.statusCode };
}

/** The shop setup form's answers for a shop pricing in `currency`: shipping 5.00 of it (decision 081), 30-day returns. */
export const etsyShopSetupIn = (currency: string) => ({
  shipping: {
    originPostalCode: '95125',
    originCountry: 'US',
    price: { amountMinor: 500, currency },
    processingDaysMin: 1,
    processingDaysMax: 3,
  },
  returns: { acceptsReturns: true, days: 30 as const },
});
export const etsyShopSetup = etsyShopSetupIn('USD');
