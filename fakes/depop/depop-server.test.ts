import { describe, expect, it } from 'vitest';
import { createFakeDepop } from './depop-server';

/** The fake Depop's staging purchase endpoint, its webhooks and its failures on demand, over its own HTTP API. */
function setup() {
  const received: { url: string; body: Record<string, unknown>; headers: Headers }[] = [];
  const fake = createFakeDepop({
    webhookUrl: 'https://partner.example/depop/webhooks',
    webhookFetch: (async (url: string | URL | Request, init?: RequestInit) => {
      received.push({
        url: String(url),
        body: JSON.parse(String(init?.body)) as Record<string, unknown>,
        headers: new Headers(init?.headers),
      });
      return new Response(null, { status: 204 });
    }) as typeof fetch,
  });
  const { seller, apiKey } = fake.addSeller({ username: 'vintage_finds' });
  const call = (method: string, path: string, body?: unknown) =>
    fake.fetch(`${fake.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { fake, seller, call, received };
}

describe("the staging host's purchase endpoint", () => {
  it('a test buyer buys the product by SKU: an order with its fee breakdown, and a signed v1:order.new webhook', async () => {
    const { fake, seller, call, received } = setup();
    fake.seedProduct(seller.id, { sku: 'JKT-1', price: '40.00', quantity: 2 });
    expect((await call('POST', '/api/v1/products/by-sku/JKT-1/purchase/')).status).toBe(200);
    await fake.webhooksSettled();
    const [order] = fake.snapshot().orders;
    const listed = (await (await call('GET', '/api/v1/orders/')).json()) as { data: Record<string, unknown>[] };
    expect(listed.data[0]).toMatchObject({
      purchase_id: String(order!.purchaseId),
      status: 'SHIPPING_PENDING',
      currency: 'GBP',
      buyer_pays_amount: '40.00',
      seller_fee_breakdown: [
        { fee_type: 'DEPOP_FEE', amount: '4.00', currency: 'GBP' },
        { fee_type: 'PAYMENT_FEE', amount: '1.46', currency: 'GBP' },
        { fee_type: 'SHIPPING_FEE', amount: '0.00', currency: 'GBP' },
      ],
      seller_receives_amount: '34.54',
      buyer_address: { country_code: 'GB' },
      line_items: [{ sku: 'JKT-1', sold_price: '40.00', sold_via_offers: false }],
    });
    expect(received).toHaveLength(1);
    expect(received[0]!.body).toMatchObject({
      event_type: 'v1:order.new',
      data: {
        seller_id: seller.id,
        purchase_id: String(order!.purchaseId),
        fee_amount: '5.46',
        seller_receives_amount: '34.54',
        buyer_address: { country: 'GB' },
        line_items: [{ sku: 'JKT-1' }],
      },
    });
    expect(received[0]!.headers.get('x-depop-signature')).toMatch(/^[0-9a-f]{64}$/);
    // One of two left: still on sale; the second purchase sells it out, and a third finds nothing on sale.
    expect((await (await call('GET', '/api/v1/products/by-sku/JKT-1/')).json()) as object).toMatchObject({
      status: 'STATUS_ONSALE',
      quantity: 1,
    });
    await call('POST', `/api/v1/products/by-product-id/${order!.line.productId}/purchase/`);
    expect((await (await call('GET', '/api/v1/products/by-sku/JKT-1/')).json()) as object).toMatchObject({
      status: 'STATUS_PURCHASED',
      quantity: 0,
    });
    expect((await call('POST', '/api/v1/products/by-sku/JKT-1/purchase/')).status).toBe(400);
    expect((await call('POST', '/api/v1/products/by-sku/NOPE/purchase/')).status).toBe(404);
    expect(fake.contractViolations).toEqual([]);
  });

  it('a refund sends v1:order.refund (by the partner or by Depop), an unlike v1:product.unlike', async () => {
    const { fake, seller, call, received } = setup();
    fake.seedProduct(seller.id, { sku: 'A-1', price: '10.00' });
    fake.seedProduct(seller.id, { sku: 'A-2', price: '10.00' });
    fake.like(seller.id, 'A-1', 77);
    fake.like(seller.id, 'A-1', 77, false);
    const first = fake.purchase(seller.id, 'A-1');
    const second = fake.purchase(seller.id, 'A-2');
    expect((await call('POST', `/api/v1/orders/${first.purchaseId}/refund/`, { items_refund_amount: '10.00' })).status).toBe(200);
    fake.refundByDepop(String(second.purchaseId));
    await fake.webhooksSettled();
    expect(received.map((delivery) => [delivery.body.event_type, delivery.body.data])).toEqual([
      ['v1:product.like', expect.objectContaining({ sku: 'A-1', liker_id: 77 })],
      ['v1:product.unlike', expect.objectContaining({ sku: 'A-1', liker_id: 77 })],
      ['v1:order.new', expect.objectContaining({ purchase_id: String(first.purchaseId) })],
      ['v1:order.new', expect.objectContaining({ purchase_id: String(second.purchaseId) })],
      ['v1:order.refund', { purchase_id: String(first.purchaseId), refunded_by: 'PARTNER' }],
      ['v1:order.refund', { purchase_id: String(second.purchaseId), refunded_by: 'DEPOP' }],
    ]);
  });

  it('records a delivery that fails (best effort, no retry), and sends nothing without a webhook URL', async () => {
    const fake = createFakeDepop({
      webhookUrl: 'https://partner.example/down',
      webhookFetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch,
    });
    const { seller } = fake.addSeller();
    fake.seedProduct(seller.id, { sku: 'A-1', price: '10.00' });
    fake.purchase(seller.id, 'A-1');
    await fake.webhooksSettled();
    expect(fake.snapshot().webhooks.map((delivery) => delivery.outcome)).toEqual(['fetch failed']);
    const quiet = createFakeDepop();
    const other = quiet.addSeller();
    quiet.seedProduct(other.seller.id, { sku: 'A-1', price: '10.00' });
    quiet.purchase(other.seller.id, 'A-1');
    await quiet.webhooksSettled();
    expect(quiet.snapshot().webhooks).toEqual([]);
  });
});

describe('failures on demand', () => {
  it('answers the injected status and code the next times, then as before (the documented 500 of pricing inspiration)', async () => {
    const { fake, call } = setup();
    fake.failNext({ operationId: 'getPricingInspiration', status: 500, code: 'internal', times: 1 });
    const request = {
      description: 'A tee',
      country: 'GB',
      currency: 'GBP',
      product_type: 'tshirts',
      department: 'menswear',
      condition: 'used_good',
      brand_name: 'Nike',
    };
    const failed = await call('POST', '/api/v1/pricing/inspiration/', request);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ errors: [{ code: 'internal' }] });
    expect((await call('POST', '/api/v1/pricing/inspiration/', request)).status).toBe(200);
  });
});
