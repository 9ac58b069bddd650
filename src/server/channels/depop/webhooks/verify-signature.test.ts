import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFakeDepop } from '../../../../../fakes/depop/depop-server';
import { depopWebhookSignature, verifyDepopSignature } from './verify-signature';

const secret = 'whsec_depop_test';
const now = Date.parse('2026-11-28T12:00:00Z');
const seconds = Math.floor(now / 1000);
const body = Buffer.from('{"id":"a210923f","event_type":"v1:order.new","created_at":"2026-11-28T12:00:00Z","data":{"purchase_id":"7"}}');
const headersAt = (timestamp: number, raw: Buffer | string = body, key = secret) => ({
  timestamp: String(timestamp),
  signature: depopWebhookSignature(key, timestamp, raw),
});

describe("Depop's webhook signature", () => {
  it('takes a delivery signed with the secret over `<timestamp>.<raw body>`', () => {
    const expected = createHmacHex(secret, `${seconds}.${body.toString('utf8')}`);
    expect(headersAt(seconds).signature).toBe(expected);
    expect(verifyDepopSignature(body, headersAt(seconds), secret, now)).toEqual({ ok: true, timestamp: seconds });
    // The signature's hex in capitals is the same signature.
    expect(verifyDepopSignature(body, { ...headersAt(seconds), signature: expected.toUpperCase() }, secret, now).ok).toBe(true);
  });

  it('refuses a tampered body, another secret, and a signature of another timestamp', () => {
    const tampered = Buffer.from(body.toString('utf8').replace('"7"', '"8"'));
    expect(verifyDepopSignature(tampered, headersAt(seconds), secret, now)).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verifyDepopSignature(body, headersAt(seconds, body, 'another-secret'), secret, now)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    const signedEarlier = { timestamp: String(seconds), signature: headersAt(seconds - 1).signature };
    expect(verifyDepopSignature(body, signedEarlier, secret, now)).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verifyDepopSignature(body, { ...headersAt(seconds), signature: 'not-hex' }, secret, now)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('refuses the same JSON re-serialised: the signature is over the bytes as sent', () => {
    const pretty = JSON.stringify(JSON.parse(body.toString('utf8')), null, 2);
    expect(verifyDepopSignature(pretty, headersAt(seconds), secret, now)).toEqual({ ok: false, reason: 'bad-signature' });
    // Unicode escapes are other bytes for the same JSON value too.
    const raw = '{"note":"caf\\u00e9"}';
    expect(verifyDepopSignature(JSON.stringify(JSON.parse(raw)), headersAt(seconds, raw), secret, now).ok).toBe(false);
    expect(verifyDepopSignature(raw, headersAt(seconds, raw), secret, now).ok).toBe(true);
  });

  it('refuses a timestamp more than 5 minutes old or ahead, and takes one within', () => {
    expect(verifyDepopSignature(body, headersAt(seconds - 300), secret, now).ok).toBe(true);
    expect(verifyDepopSignature(body, headersAt(seconds + 300), secret, now).ok).toBe(true);
    expect(verifyDepopSignature(body, headersAt(seconds - 301), secret, now)).toEqual({ ok: false, reason: 'stale' });
    expect(verifyDepopSignature(body, headersAt(seconds + 301), secret, now)).toEqual({ ok: false, reason: 'future' });
  });

  it('refuses missing headers, an unreadable timestamp, and any delivery when no secret is set', () => {
    const good = headersAt(seconds);
    expect(verifyDepopSignature(body, { ...good, signature: undefined }, secret, now)).toEqual({ ok: false, reason: 'missing-signature' });
    expect(verifyDepopSignature(body, { ...good, signature: '' }, secret, now)).toEqual({ ok: false, reason: 'missing-signature' });
    expect(verifyDepopSignature(body, { ...good, timestamp: null }, secret, now)).toEqual({ ok: false, reason: 'missing-timestamp' });
    expect(verifyDepopSignature(body, { ...good, timestamp: '2026-11-28T12:00:00Z' }, secret, now)).toEqual({
      ok: false,
      reason: 'bad-timestamp',
    });
    expect(verifyDepopSignature(body, good, '', now)).toEqual({ ok: false, reason: 'no-secret' });
  });
});

describe('the fake Depop signs its webhooks as the guide says (round trip)', () => {
  it('a liked product and a purchase arrive signed; verify-signature takes them, and refuses them tampered', async () => {
    const received: { body: string; headers: Headers }[] = [];
    const fake = createFakeDepop({
      webhookUrl: 'https://partner.example/depop/webhooks',
      webhookSecret: secret,
      webhookFetch: (async (_url: string | URL | Request, init?: RequestInit) => {
        received.push({ body: String(init?.body), headers: new Headers(init?.headers) });
        return new Response(null, { status: 200 });
      }) as typeof fetch,
    });
    const { seller } = fake.addSeller();
    fake.seedProduct(seller.id, { sku: 'JKT-1', price: '40.00' });
    fake.like(seller.id, 'JKT-1', 4242);
    fake.purchase(seller.id, 'JKT-1');
    await fake.webhooksSettled();
    expect(received.map((delivery) => JSON.parse(delivery.body).event_type)).toEqual(['v1:product.like', 'v1:order.new']);
    for (const delivery of received) {
      const headers = { signature: delivery.headers.get('x-depop-signature'), timestamp: delivery.headers.get('x-depop-timestamp') };
      expect(delivery.headers.get('content-type')).toBe('application/json');
      expect(verifyDepopSignature(Buffer.from(delivery.body), headers, secret)).toMatchObject({ ok: true });
      expect(verifyDepopSignature(delivery.body.replace('JKT-1', 'JKT-2'), headers, secret)).toEqual({
        ok: false,
        reason: 'bad-signature',
      });
      expect(verifyDepopSignature(delivery.body, headers, 'fake-depop-webhook-secret')).toEqual({ ok: false, reason: 'bad-signature' });
    }
    expect(fake.snapshot().webhooks.map((delivery) => delivery.outcome)).toEqual([200, 200]);
  });
});

/** Written out with node:crypto itself, so the test does not lean on the module it checks. */
function createHmacHex(key: string, text: string): string {
  return createHmac('sha256', key).update(text).digest('hex');
}
