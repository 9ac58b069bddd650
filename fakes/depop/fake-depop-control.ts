/**
 * The fake Depop's control API, for tests, e2e and the simulation (not Depop's): GET /__control/state; POST
 * /__control/reset, config {accessTokenLifetimeSeconds, codeLifetimeSeconds, webhookUrl, webhookSecret, fees},
 * fail {operationId?, status, code?, message?, times?}, seller {username?, countryCode?, manualShippingAllowed?} (its
 * id and API key), like and unlike {sellerId, sku, likerId}, purchase {sellerId, sku} (the test buyer's order),
 * refund {purchaseId} (by Depop), seed-product {sellerId, sku, price, sizeIds?, quantity?}, expire-access-tokens {sellerId?} and
 * revoke-refresh-tokens {sellerId?} (a token ended or revoked early, answered as the document has it).
 * Each webhook it causes is delivered before it answers.
 */
import type { Answer } from './fake-depop-answers';
import type { FakeDepop, FakeDepopConfig } from './fake-depop-types';

type Body = Record<string, unknown>;

async function act(fake: FakeDepop, path: string, body: Body): Promise<Answer> {
  switch (path) {
    case '/__control/reset':
      fake.reset();
      return { status: 200, body: { ok: true } };
    case '/__control/config':
      fake.configure(body as FakeDepopConfig);
      return { status: 200, body: { ok: true } };
    case '/__control/fail':
      fake.failNext(body as Parameters<FakeDepop['failNext']>[0]);
      return { status: 200, body: { ok: true } };
    case '/__control/seller': {
      const { seller, apiKey } = fake.addSeller(body as Parameters<FakeDepop['addSeller']>[0]);
      return { status: 200, body: { sellerId: seller.id, username: seller.username, apiKey } };
    }
    case '/__control/like':
    case '/__control/unlike':
      fake.like(Number(body.sellerId), String(body.sku), Number(body.likerId ?? 789012), path === '/__control/like');
      break;
    case '/__control/purchase':
      return settled(fake, { purchaseId: String(fake.purchase(Number(body.sellerId), String(body.sku)).purchaseId) });
    case '/__control/refund':
      fake.refundByDepop(String(body.purchaseId));
      break;
    case '/__control/seed-product':
      return { status: 200, body: fake.seedProduct(Number(body.sellerId), body as Parameters<FakeDepop['seedProduct']>[1]) };
    case '/__control/expire-access-tokens':
      fake.expireAccessTokens(body.sellerId === undefined ? undefined : Number(body.sellerId));
      return { status: 200, body: { ok: true } };
    case '/__control/revoke-refresh-tokens':
      fake.revokeRefreshTokens(body.sellerId === undefined ? undefined : Number(body.sellerId));
      return { status: 200, body: { ok: true } };
    default:
      return { status: 404, body: { error: 'unknown control' } };
  }
  return settled(fake, { ok: true });
}

async function settled(fake: FakeDepop, body: Body): Promise<Answer> {
  await fake.webhooksSettled();
  return { status: 200, body };
}

export async function control(fake: FakeDepop, method: string, path: string, raw: Buffer): Promise<Answer> {
  if (path === '/__control/state') return { status: 200, body: fake.snapshot() };
  if (method !== 'POST') return { status: 405, body: { error: 'control actions are POSTed' } };
  try {
    return await act(fake, path, raw.length ? (JSON.parse(raw.toString('utf8')) as Body) : {});
  } catch (err) {
    return { status: 409, body: { error: err instanceof Error ? err.message : String(err) } };
  }
}
