import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { money } from '@shared/domain/money';
import { createFakeDepop, type FakeDepop } from '../../../../../fakes/depop/depop-server';
import { pkcePair } from '../../oauth/oauth-client';
import { createDepopClient, type DepopNewProduct, type DepopProductFields } from './depop-client';
import { DepopAnswerError, DepopApiError, DepopScopeError, DepopUnreachableError } from './depop-errors';

/**
 * The Depop client against the fake Depop in-process (its fetch, no port): each call the app makes, its answer read
 * into Money, and each documented error the client maps, with the document's code. Every request fits the document
 * (no contract violation).
 */
let fake: FakeDepop;
beforeEach(() => {
  fake = createFakeDepop();
});
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
});

const client = () => createDepopClient({ clientId: fake.clientId, clientSecret: fake.clientSecret, apiBase: fake.url, fetch: fake.fetch });
const gbp = (minor: number) => money(minor, 'GBP');

/** A seller of the fake and their shop's API key (every scope). */
function shop(seed: Parameters<FakeDepop['addSeller']>[0] = {}) {
  const { seller, apiKey } = fake.addSeller(seed);
  return { c: client(), t: apiKey, sellerId: seller.id };
}

/** A seller connected through OAuth with only these scopes: the client and the access token. */
async function connected(scopes: string[]) {
  const c = client();
  const redirectUri = 'https://studio.example/api/depop/oauth/callback';
  const { verifier, challenge } = await pkcePair();
  const at = new URL(c.authorizeUrl({ state: 's', codeChallenge: challenge, redirectUri, scopes }));
  const form = new URLSearchParams({ decision: 'allow' });
  for (const name of ['client_id', 'redirect_uri', 'state', 'code_challenge', 'scope']) form.set(name, at.searchParams.get(name) ?? '');
  const back = await fake.fetch(`${fake.url}/settings/oauth/apps/`, { method: 'POST', body: form, redirect: 'manual' });
  const code = new URL(back.headers.get('location')!).searchParams.get('code')!;
  const tokens = await c.exchangeCode({ code, codeVerifier: verifier, redirectUri });
  return { c, t: tokens.accessToken };
}

const tee = (over: Partial<DepopProductFields> = {}): DepopProductFields => ({
  address: { country_code: 'GB', state: 'Greater London' },
  description: 'Vintage Nike T-Shirt in excellent condition.\nSmall mark on the left sleeve.\n\n#vintage #nike #90s',
  price: gbp(2599),
  nationalShipping: gbp(350),
  quantity: 1,
  pictures: [{ url: 'https://images.example/tee-front.jpg' }, { url: 'https://images.example/tee-back.jpg' }],
  department: 'menswear',
  product_type: 'tshirts',
  size_set_id: 52,
  size_id: 10,
  condition: 'used_excellent',
  colour: ['black', 'white'],
  age: ['90s'],
  brand_name: 'Nike',
  attributes: { 'sleeve-length': ['short'] },
  ...over,
});
const newTee = (over: Partial<DepopNewProduct> = {}): DepopNewProduct => ({ ...tee(), sku: 'TEE-1', ...over });

describe('products by SKU', () => {
  it('creates a product and reads it back, its amounts exact (decimal strings to minor units and back)', async () => {
    const { c, t } = shop();
    const created = await c.createProduct(
      t,
      newTee({ discountPrice: gbp(2400), autoSendOfferPrice: gbp(2000), autoNegotiateOfferPrice: gbp(2100) }),
    );
    expect(created).toMatchObject({ sku: 'TEE-1', slug: expect.stringContaining(String(created.productId)) });
    const read = await c.getProductBySku(t, 'TEE-1');
    expect(read.product).toMatchObject({ status: 'STATUS_ONSALE', price_amount: '25.99', current_price: '24.00', size_id: 10 });
    expect(read).toMatchObject({
      price: gbp(2599),
      currentPrice: gbp(2400),
      autoSendOfferPrice: gbp(2000),
      autoNegotiateOfferPrice: gbp(2100),
      nationalShipping: gbp(350),
      internationalShipping: null,
    });
    // Without a SKU the product is created all the same (managed by its id).
    expect((await c.createProduct(t, newTee({ sku: undefined }))).sku).toBeNull();
  });

  it('answers 400 bad-request to a SKU it already has, and refuses amounts in two currencies before sending', async () => {
    const { c, t } = shop();
    await c.createProduct(t, newTee());
    await expect(c.createProduct(t, newTee())).rejects.toMatchObject({ status: 400, code: 'bad-request' });
    await expect(c.createProduct(t, newTee({ sku: 'TEE-2', nationalShipping: money(350, 'USD') }))).rejects.toThrow('one currency');
    expect(fake.calls.createProduct).toBe(2);
  });

  it.each([
    ['too_many_pictures', { pictures: Array.from({ length: 9 }, (_, i) => ({ url: `https://images.example/${i}.jpg` })) }],
    ['invalid_brand', { brand_name: '  ' }],
    ['invalid_size', { size_set_id: undefined, size_id: undefined }],
    ['invalid_size', { size_id: 99 }],
    ['invalid_description', { description: 'Tee #one #two #three #four #five #six' }],
    ['invalid_description', { description: 'Write to me at seller@example.com' }],
    ['invalid_department', { department: 'pets' }],
  ] as const)('answers 422 %s (ProductUnprocessableEntity)', async (code, over) => {
    const { c, t } = shop();
    await expect(c.createProduct(t, newTee(over))).rejects.toMatchObject({ status: 422, code });
    await expect(c.putProductBySku(t, 'TEE-9', tee(over))).rejects.toMatchObject({ status: 422, code });
  });

  it('answers 422 manual_shipping_not_allowed to a seller who must ship with Depop, and takes Depop shipping', async () => {
    const { c, t } = shop({ manualShippingAllowed: false });
    await expect(c.createProduct(t, newTee())).rejects.toMatchObject({ status: 422, code: 'manual_shipping_not_allowed' });
    const depopShipping = { address_id: 123456, shipping_provider_id: 'MY_HERMES', parcel_size_id: 'SMALL', payer: 'buyer' as const };
    await expect(c.createProduct(t, newTee({ nationalShipping: undefined, depop_shipping: depopShipping }))).resolves.toMatchObject({
      sku: 'TEE-1',
    });
  });

  it('answers 400 to the prose rules: a price under 1.00, offer prices less than 5% off, no shipping', async () => {
    const { c, t } = shop();
    await expect(c.createProduct(t, newTee({ price: gbp(99) }))).rejects.toMatchObject({ status: 400, code: 'bad-request' });
    await expect(c.createProduct(t, newTee({ autoSendOfferPrice: gbp(2500) }))).rejects.toMatchObject({ status: 400 });
    await expect(c.createProduct(t, newTee({ nationalShipping: undefined }))).rejects.toMatchObject({ status: 400 });
    await expect(c.createProduct(t, newTee({ price: money(2599, 'USD'), nationalShipping: money(350, 'USD') }))).rejects.toMatchObject({
      status: 400,
      depopMessage: expect.stringContaining('GBP'),
    });
  });

  it('creates by SKU, updates it, restocks it once sold, and never takes a deleted SKU again', async () => {
    const { c, t } = shop();
    const first = await c.putProductBySku(t, 'TEE-1', tee());
    const again = await c.putProductBySku(t, 'TEE-1', tee({ price: gbp(2999), quantity: 2 }));
    expect(again.productId).toBe(first.productId);
    expect((await c.getProductBySku(t, 'TEE-1')).price).toEqual(gbp(2999));
    await c.markSoldBySku(t, 'TEE-1');
    expect((await c.getProductBySku(t, 'TEE-1')).product.status).toBe('STATUS_MARKED_AS_SOLD');
    await c.putProductBySku(t, 'TEE-1', tee({ quantity: 1 }));
    expect((await c.getProductBySku(t, 'TEE-1')).product).toMatchObject({ status: 'STATUS_ONSALE', quantity: 1 });
    await c.deleteProductBySku(t, 'TEE-1');
    await expect(c.putProductBySku(t, 'TEE-1', tee())).rejects.toMatchObject({ status: 400, code: 'bad-request' });
    await expect(c.createProduct(t, newTee())).rejects.toMatchObject({ status: 400 });
  });

  it('patches the price and quantity of a product on sale; 404 for a SKU it does not have, 400 for a discount over the price', async () => {
    const { c, t } = shop();
    await c.createProduct(t, newTee());
    await c.patchProductBySku(t, 'TEE-1', { price: gbp(1999), quantity: 3 });
    expect(await c.getProductBySku(t, 'TEE-1')).toMatchObject({ price: gbp(1999), product: { quantity: 3 } });
    await expect(c.patchProductBySku(t, 'NOPE', { price: gbp(1999) })).rejects.toMatchObject({ status: 404, code: 'product_not_found' });
    await expect(c.patchProductBySku(t, 'TEE-1', { discountPrice: gbp(1999) })).rejects.toMatchObject({ status: 400 });
    await c.markSoldBySku(t, 'TEE-1');
    await expect(c.patchProductBySku(t, 'TEE-1', { quantity: 1 })).rejects.toMatchObject({ status: 400 });
  });

  it('sets offer prices by patch with offers_write; without it, a DepopScopeError naming the scope', async () => {
    const { c, t } = shop();
    await c.createProduct(t, newTee());
    await c.patchProductBySku(t, 'TEE-1', { autoSendOfferPrice: gbp(2200), autoNegotiateOfferPrice: gbp(2300) });
    expect(await c.getProductBySku(t, 'TEE-1')).toMatchObject({ autoSendOfferPrice: gbp(2200), autoNegotiateOfferPrice: gbp(2300) });

    const limited = await connected(['products_read', 'products_write']);
    await limited.c.createProduct(limited.t, newTee({ sku: 'TEE-2' }));
    const refused = await limited.c.patchProductBySku(limited.t, 'TEE-2', { autoSendOfferPrice: gbp(2200) }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DepopScopeError);
    expect(refused).toMatchObject({ status: 403, code: 'insufficient_scope', requiredScope: 'offers_write' });
    expect((refused as Error).message).toContain('connect Depop again');
    // The price alone needs products_write only; and a read without offers_read has no offer prices.
    await limited.c.patchProductBySku(limited.t, 'TEE-2', { price: gbp(2499) });
    expect(await limited.c.getProductBySku(limited.t, 'TEE-2')).toMatchObject({ price: gbp(2499), autoSendOfferPrice: null });
  });

  it('reads a SKU it does not have as 404 product_not_found; a deleted product is gone', async () => {
    const { c, t } = shop();
    await expect(c.getProductBySku(t, 'NOPE')).rejects.toMatchObject({ status: 404, code: 'product_not_found' });
    await c.createProduct(t, newTee());
    await c.deleteProductBySku(t, 'TEE-1');
    await expect(c.getProductBySku(t, 'TEE-1')).rejects.toMatchObject({ status: 404 });
    // Another seller's SKU is not this one's.
    const other = shop();
    await other.c.createProduct(other.t, newTee({ sku: 'OTHER-1' }));
    await expect(c.getProductBySku(t, 'OTHER-1')).rejects.toMatchObject({ status: 404 });
  });

  it('deletes idempotently; with failIfActiveOffers an open offer answers 409 product_has_active_offers', async () => {
    const { c, t, sellerId } = shop();
    await c.deleteProductBySku(t, 'NEVER-LISTED');
    await c.createProduct(t, newTee());
    fake.like(sellerId, 'TEE-1', 4242);
    await c.sendOfferBySku(t, 'TEE-1', { recipientId: 4242, price: gbp(2200) });
    await expect(c.deleteProductBySku(t, 'TEE-1', { failIfActiveOffers: true })).rejects.toMatchObject({
      status: 409,
      code: 'product_has_active_offers',
    });
    await c.deleteProductBySku(t, 'TEE-1');
    await c.deleteProductBySku(t, 'TEE-1');
    expect(fake.snapshot().products[0]).toMatchObject({ status: 'STATUS_DELETED' });
  });

  it('marks a product sold; 404 product_not_found for a SKU it does not have', async () => {
    const { c, t } = shop();
    await c.createProduct(t, newTee());
    await c.markSoldBySku(t, 'TEE-1');
    await c.markSoldBySku(t, 'TEE-1');
    expect((await c.getProductBySku(t, 'TEE-1')).product.status).toBe('STATUS_MARKED_AS_SOLD');
    await expect(c.markSoldBySku(t, 'NOPE')).rejects.toMatchObject({ status: 404, code: 'product_not_found' });
  });
});

describe('offers to buyers by SKU', () => {
  it('sends an offer to a buyer who liked the product, and answers each documented 422 validation-error', async () => {
    const { c, t, sellerId } = shop();
    await c.createProduct(t, newTee());
    fake.like(sellerId, 'TEE-1', 4242);
    await c.sendOfferBySku(t, 'TEE-1', { recipientId: 4242, price: gbp(2469) });
    const refused = (offer: Parameters<typeof c.sendOfferBySku>[2], sku = 'TEE-1') =>
      expect(c.sendOfferBySku(t, sku, offer)).rejects.toMatchObject({ status: 422, code: 'validation-error' });
    await refused({ recipientId: 4242, price: money(2000, 'USD') }); // currencyMismatch
    await refused({ recipientId: 4242, price: gbp(2470) }); // priceNotAtOfferThreshold: 24.70 is less than 5% off 25.99
    await refused({ recipientId: 4242, price: gbp(2000), sizeId: 11 }); // a one-size product (10): invalidSizeId for another
    await refused({ recipientId: 9999, price: gbp(2000) }); // a buyer who showed no interest
    fake.seedProduct(sellerId, { sku: 'SIZES-1', price: '30.00', sizeIds: [2, 3] });
    fake.seedProduct(sellerId, { sku: 'NOSIZE-1', price: '30.00' });
    fake.like(sellerId, 'SIZES-1', 4242);
    fake.like(sellerId, 'NOSIZE-1', 4242);
    await refused({ recipientId: 4242, price: gbp(2000) }, 'SIZES-1'); // multipleSizesNoSizeId
    await refused({ recipientId: 4242, price: gbp(2000), sizeId: 9 }, 'SIZES-1'); // invalidSizeId
    await refused({ recipientId: 4242, price: gbp(2000), sizeId: 2 }, 'NOSIZE-1'); // noSizesButSizeProvided
    await c.sendOfferBySku(t, 'SIZES-1', { recipientId: 4242, price: gbp(2000), sizeId: 3 });
    await expect(c.sendOfferBySku(t, 'NOPE', { recipientId: 4242, price: gbp(2000) })).rejects.toMatchObject({ status: 404 });
  });
});

describe('all products, a page at a time', () => {
  it('pages with the cursor, newest first, and filters sold from selling', async () => {
    const { c, t } = shop();
    for (const n of [1, 2, 3, 4, 5]) await c.createProduct(t, newTee({ sku: `TEE-${n}` }));
    await c.markSoldBySku(t, 'TEE-2');
    const first = await c.getProductsPage(t, { limit: 2 });
    expect(first.items.map((read) => read.product.sku)).toEqual(['TEE-5', 'TEE-4']);
    expect(first.hasMore).toBe(true);
    const second = await c.getProductsPage(t, { limit: 2, cursor: first.cursor! });
    expect(second.items.map((read) => read.product.sku)).toEqual(['TEE-3', 'TEE-2']);
    const skus: (string | null | undefined)[] = [];
    for await (const read of c.allProducts(t, { state: 'selling' })) skus.push(read.product.sku);
    expect(skus).toEqual(['TEE-5', 'TEE-4', 'TEE-3', 'TEE-1']);
    const sold = await c.getProductsPage(t, { state: 'sold', sortBy: 'id_asc' });
    expect(sold.items.map((read) => read.product.sku)).toEqual(['TEE-2']);
    await expect(c.getProductsPage(t, { limit: 101 })).rejects.toMatchObject({ status: 400, code: 'bad-request' });
  });
});

describe('orders, fees and refunds', () => {
  it('reads an order of the test buyer with its fee breakdown, exact: what the buyer paid less the fees is what the seller receives', async () => {
    const { c, t, sellerId } = shop();
    await c.createProduct(t, newTee());
    const order = fake.purchase(sellerId, 'TEE-1');
    const read = await c.getOrder(t, String(order.purchaseId));
    expect(read).toMatchObject({
      currency: 'GBP',
      buyerPays: gbp(2949),
      buyerShipping: gbp(350),
      buyerTax: null,
      lines: [{ sku: 'TEE-1', soldPrice: gbp(2599), originalPrice: gbp(2599), soldViaOffers: false }],
      refund: null,
    });
    // The fake's schedule: 10% Depop fee (2.949 -> 2.95), 2.9% + 0.30 payment fee (0.855 -> 0.86, + 0.30).
    expect(read.fees).toEqual([
      { type: 'DEPOP_FEE', amount: gbp(295) },
      { type: 'PAYMENT_FEE', amount: gbp(116) },
      { type: 'SHIPPING_FEE', amount: gbp(0) },
    ]);
    expect(read.sellerReceives).toEqual(gbp(2949 - 295 - 116));
    expect((await c.getProductBySku(t, 'TEE-1')).product.status).toBe('STATUS_PURCHASED');
    await expect(c.getOrder(t, '1')).rejects.toMatchObject({ status: 404 });
  });

  it('pages orders newest first with the cursor and bounds them by date', async () => {
    const { c, t, sellerId } = shop();
    for (const n of [1, 2, 3]) {
      await c.createProduct(t, newTee({ sku: `TEE-${n}` }));
      fake.purchase(sellerId, `TEE-${n}`);
    }
    const first = await c.getOrdersPage(t, { limit: 2 });
    expect(first.items.map((read) => read.lines[0]!.sku)).toEqual(['TEE-3', 'TEE-2']);
    const second = await c.getOrdersPage(t, { limit: 2, cursor: first.cursor! });
    expect(second).toMatchObject({ hasMore: false, items: [{ lines: [{ sku: 'TEE-1' }] }] });
    expect((await c.getOrdersPage(t, { from: new Date(Date.now() + 60_000) })).items).toEqual([]);
    await expect(c.getOrdersPage(t, { limit: 500 })).rejects.toMatchObject({ status: 400 });
  });

  it("refunds part of an order and reads the refund (the seller's fees back in proportion); 422 validation past the price", async () => {
    const { c, t, sellerId } = shop();
    await c.createProduct(t, newTee());
    const purchaseId = String(fake.purchase(sellerId, 'TEE-1').purchaseId);
    expect(await c.getRefund(t, purchaseId)).toBeNull();
    await expect(c.refundOrder(t, purchaseId, { items: gbp(2600) })).rejects.toMatchObject({ status: 422, code: 'validation' });
    await expect(c.refundOrder(t, purchaseId, { shipping: gbp(351) })).rejects.toMatchObject({ status: 422, code: 'validation' });
    await expect(c.refundOrder(t, purchaseId, {})).rejects.toMatchObject({ status: 422, code: 'validation' });
    await expect(c.refundOrder(t, purchaseId, { items: gbp(0) })).rejects.toMatchObject({ status: 422, code: 'validation' });
    await c.refundOrder(t, purchaseId, { items: gbp(1000), message: 'Sorry: a stain we missed.' });
    const refund = await c.getRefund(t, purchaseId);
    expect(refund).toMatchObject({
      buyerRefund: gbp(1000),
      refundedBy: 'PARTNER',
      toBuyer: { items: gbp(1000), shipping: gbp(0), depopFee: gbp(0), tax: gbp(0) },
      // 10.00 of 29.49: 2.95 x 10/29.49 = 1.0003 -> 1.00; 1.16 x 10/29.49 = 0.393 -> 0.39.
      toSeller: { depopFee: gbp(100), paymentFee: gbp(39), adsFee: gbp(0), shipping: gbp(0) },
    });
    expect(refund!.refundedAt).toBeInstanceOf(Date);
    expect((await c.getOrder(t, purchaseId)).order.status).toBe('REFUNDED');
    await expect(c.refundOrder(t, purchaseId, { items: gbp(100) })).rejects.toMatchObject({ status: 422 });
  });

  it('reads a refund Depop made itself (a dispute): in full, by DEPOP, every fee back', async () => {
    const { c, t, sellerId } = shop();
    await c.createProduct(t, newTee({ is_boosted: true }));
    const order = fake.purchase(sellerId, 'TEE-1');
    expect((await c.getOrder(t, String(order.purchaseId))).fees.map((fee) => fee.type)).toContain('BOOSTED_FEE');
    fake.refundByDepop(String(order.purchaseId));
    expect(await c.getRefund(t, String(order.purchaseId))).toMatchObject({
      buyerRefund: gbp(2949),
      refundedBy: 'DEPOP',
      toSeller: { depopFee: gbp(295), paymentFee: gbp(116), adsFee: gbp(208) },
    });
  });
});

describe('pricing inspiration and the shop', () => {
  const request = {
    description: 'A black Nike tee',
    country: 'GB',
    currency: 'GBP',
    product_type: 'tshirts',
    department: 'menswear',
    condition: 'used_excellent',
    brand_name: 'Nike',
  };

  it('reads a price range as Money; 422 unsupported_country outside GB and US; 404 price_prediction_not_available', async () => {
    const { c, t } = shop();
    expect(await c.pricingInspiration(t, request)).toMatchObject({
      lowerBound: gbp(1615),
      balanced: gbp(1900),
      upperBound: gbp(2185),
      similarSold: [{ brand: 'Nike', soldPrice: gbp(1710) }, { soldPrice: gbp(1995) }],
    });
    await expect(c.pricingInspiration(t, { ...request, country: 'AU' })).rejects.toMatchObject({
      status: 422,
      code: 'unsupported_country',
    });
    await expect(c.pricingInspiration(t, { ...request, product_type: 'kites' })).rejects.toMatchObject({
      status: 404,
      code: 'price_prediction_not_available',
    });
  });

  it('reads the seller; 403 insufficient_scope without shop_read, 401 unauthorized for a token Depop does not know', async () => {
    const { c, t, sellerId } = shop({ username: 'vintage_finds', countryCode: 'US' });
    expect(await c.getShop(t)).toEqual({ id: sellerId, username: 'vintage_finds', countryCode: 'US' });
    const limited = await connected(['products_read']);
    await expect(limited.c.getShop(limited.t)).rejects.toMatchObject({ status: 403, requiredScope: 'shop_read' });
    const unknown = await c.getShop('pat_unknown').catch((err: unknown) => err);
    expect(unknown).toBeInstanceOf(DepopApiError);
    expect(unknown).not.toBeInstanceOf(DepopScopeError);
    expect(unknown).toMatchObject({ status: 401, code: 'unauthorized' });
  });
});

describe('answers the document does not have', () => {
  const recorded = (answer: () => Response | Promise<Response>) =>
    createDepopClient({ clientId: 'c', clientSecret: 's', apiBase: 'https://depop.test', fetch: (async () => answer()) as typeof fetch });

  it('fails an answer that is not JSON, or an amount that is not one, with an error naming the call', async () => {
    const html = recorded(() => new Response('<html>Service temporarily unavailable</html>', { status: 200 }));
    await expect(html.getShop('t')).rejects.toMatchObject({
      status: 502,
      message: "Depop's answer to GET /api/v1/shop/ (200) is not JSON: <html>Service temporarily unavailable</html>",
    });
    const empty = recorded(() => new Response(null, { status: 200 }));
    await expect(empty.getShop('t')).rejects.toBeInstanceOf(DepopAnswerError);
    const product = { price_currency: 'GBP', price_amount: '25.999', sku: 'X' };
    const odd = recorded(() => Response.json(product));
    await expect(odd.getProductBySku('t', 'X')).rejects.toMatchObject({
      message: `Depop's answer to GET /api/v1/products/by-sku/{sku}/ (200) gives price_amount "25.999", not an amount of GBP`,
    });
  });

  it('keeps an error that is not JSON in its words, a 429 with its Retry-After, and no answer as unreachable', async () => {
    const text = recorded(() => new Response('Bad gateway', { status: 502 }));
    await expect(text.getShop('t')).rejects.toMatchObject({ status: 502, code: '', depopMessage: 'Bad gateway', retryable: true });
    const limited = recorded(() =>
      Response.json(
        { id: 'x', errors: [{ code: 'too_many_requests', message: 'Rate limit exceeded' }] },
        { status: 429, headers: { 'retry-after': '30' } },
      ),
    );
    await expect(limited.getShop('t')).rejects.toMatchObject({ status: 429, code: 'too_many_requests', retryAfterSeconds: 30 });
    const down = recorded(() => {
      throw new TypeError('fetch failed');
    });
    await expect(down.getShop('t')).rejects.toBeInstanceOf(DepopUnreachableError);
  });
});
