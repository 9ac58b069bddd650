import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkRequestAgainstContract, findOperation } from '../../../fakes/ebay/contract-check';
import { startFakeEbay, type FakeEbay } from '../../../fakes/ebay/ebay-server';
import { clientForFake, connectFakeSeller } from './fake-ebay-seller';

let fake: FakeEbay;
let token: string;

beforeAll(async () => {
  fake = await startFakeEbay();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

const call = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  fetch(fake.url + path, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
const json = { 'content-type': 'application/json', 'content-language': 'en-US' };

describe('the fake eBay checks every request against eBay’s contracts', () => {
  it('refuses a write without the Content-Language the Inventory contract requires, in eBay’s error shape', async () => {
    token = await connectFakeSeller(clientForFake(fake));
    const answer = await call('/sell/inventory/v1/inventory_item/SKU1', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(400);
    expect((await answer.json()).errors[0]).toMatchObject({ errorId: 2004, domain: 'FAKE_CONTRACT' });
    expect(fake.contractViolations).toEqual([
      expect.objectContaining({ operationId: 'createOrReplaceInventoryItem', problems: ['missing required header Content-Language'] }),
    ]);
  });

  it('refuses unknown properties, wrong JSON types and aspects that are not name → values', async () => {
    token = await connectFakeSeller(clientForFake(fake));
    await call('/sell/inventory/v1/offer', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ sku: 'A', price: 10, availableQuantity: '1' }),
    });
    await call('/sell/inventory/v1/inventory_item/A', {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ product: { title: 5, aspects: 'Brand=Levi' } }),
    });
    expect(fake.contractViolations.map((v) => v.problems)).toEqual([
      ['price: not a property in the contract', 'availableQuantity: expected number, got string'],
      ['product.title: expected string, got number', 'product.aspects: not the shape eBay takes'],
    ]);
  });

  it('refuses a path or method the contracts do not have, a body where none is taken, a JSON image upload and Content-Language on Account', async () => {
    token = await connectFakeSeller(clientForFake(fake));
    expect((await call('/sell/inventory/v1/offers')).status).toBe(404);
    expect((await call('/sell/inventory/v1/offer', { method: 'DELETE' })).status).toBe(405);
    expect((await call('/sell/inventory/v1/offer/1/publish', { method: 'POST', headers: json, body: '{}' })).status).toBe(400);
    expect((await call('/commerce/media/v1_beta/image/create_image_from_file', { method: 'POST', headers: json, body: '{}' })).status).toBe(
      400,
    );
    expect(
      (
        await call('/sell/account/v1/program/opt_in', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ programType: 'SELLING_POLICY_MANAGEMENT' }),
        })
      ).status,
    ).toBe(400);
    expect(fake.contractViolations.map((v) => v.problems[0])).toEqual([
      "GET /sell/inventory/v1/offers is not in eBay's contracts",
      'DELETE is not allowed on /sell/inventory/v1/offer (contract: GET, POST)',
      'this operation takes no request body',
      'Content-Type must be multipart/form-data, got application/json',
      'ebay.md: no Content-Language to the Account or Taxonomy API (reported to fail there)',
    ]);
  });

  it('refuses an application token where the contract wants a seller’s, and a token request sent as JSON', async () => {
    const client = clientForFake(fake);
    token = await client.oauth.applicationToken.get();
    expect((await call('/sell/inventory/v1/inventory_item/A')).status).toBe(403);
    const tokenAnswer = await fetch(`${fake.url}/identity/v1/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(tokenAnswer.status).toBe(400);
    expect(fake.contractViolations.map((v) => v.operationId)).toEqual(['getInventoryItem', 'token']);
  });

  it('answers an unknown or expired token with 401 errorId 1001 without calling it a contract problem', async () => {
    token = 'not-a-token';
    const answer = await call('/commerce/identity/v1/user/');
    expect(answer.status).toBe(401);
    expect((await answer.json()).errors[0].errorId).toBe(1001);
    expect(fake.contractViolations).toEqual([]);
  });
});

describe('orders in the fake (Fulfillment getOrders)', () => {
  it('pages the seller’s orders modified since a moment, with cancelStatus, and no one else’s', async () => {
    const client = clientForFake(fake);
    token = await connectFakeSeller(client);
    const seller = fake.state.sellers[0]!.userId;
    const t0 = Date.parse('2026-11-01T00:00:00Z');
    fake.state.addOrder(seller, [{ sku: 'OLD', price: '5.00' }], { at: t0 - 60_000 });
    const orders = [1, 2, 3].map((n) =>
      fake.state.addOrder(
        seller,
        [
          { sku: `A${n}`, price: '20.00', shipping: '4.50' },
          { sku: `B${n}`, quantity: 2 },
        ],
        { at: t0 + n },
      ),
    );
    fake.state.addOrder('someoneelse', [{ sku: 'THEIRS' }], { at: t0 + 5 });
    fake.state.cancelOrder(orders[1]!.orderId, t0 + 10);
    const first = await client.fulfillment.getOrders(token, { modifiedSince: new Date(t0), limit: 2 });
    expect(first.total).toBe(3);
    expect(first.next).not.toBeNull();
    const second = await client.fulfillment.getOrders(token, { modifiedSince: new Date(t0), limit: 2, offset: 2 });
    expect(second.next).toBeNull();
    const seen = [...first.orders, ...second.orders];
    expect(seen.map((o) => o.orderId)).toEqual(orders.map((o) => o.orderId));
    expect(seen[0]!.lineItems).toEqual([
      expect.objectContaining({ sku: 'A1', quantity: 1, lineItemCost: { value: '20.00', currency: 'USD' } }),
      expect.objectContaining({ sku: 'B1', quantity: 2 }),
    ]);
    expect(seen[0]!.lineItems![0]!.deliveryCost?.shippingCost).toEqual({ value: '4.50', currency: 'USD' });
    expect(seen.map((o) => o.cancelStatus?.cancelState)).toEqual(['NONE_REQUESTED', 'CANCELED', 'NONE_REQUESTED']);
    expect((await call('/sell/fulfillment/v1/order?filter=creationdate%3E1')).status).toBe(400);
    expect((await call('/sell/fulfillment/v1/order?limit=201')).status).toBe(400);
    expect(fake.contractViolations).toEqual([]);
  });
});

describe('fees in the fake (Finances getTransactions)', () => {
  it('answers no transaction until the order’s fees are set, then its SALE transaction with each line’s fees', async () => {
    const client = clientForFake(fake);
    token = await connectFakeSeller(client);
    const seller = fake.state.sellers[0]!.userId;
    const order = fake.state.addOrder(seller, [
      { sku: 'A', price: '20.00', shipping: '4.00' },
      { sku: 'B', price: '10.00' },
    ]);
    const theirs = fake.state.addOrder('someoneelse', [{ sku: 'THEIRS' }]);
    fake.state.setOrderFees(theirs.orderId);
    expect((await client.finances.getOrderTransactions(token, order.orderId, { marketplaceId: 'EBAY_US' })).transactions).toEqual([]);
    fake.state.setOrderFees(order.orderId);
    const [sale, ...more] = (await client.finances.getOrderTransactions(token, order.orderId, { marketplaceId: 'EBAY_US' })).transactions;
    expect(more).toEqual([]);
    expect(sale).toMatchObject({
      orderId: order.orderId,
      transactionType: 'SALE',
      totalFeeAmount: { value: '4.81', currency: 'USD' },
      orderLineItems: [
        { lineItemId: order.lines[0]!.lineItemId, marketplaceFees: [{ amount: { value: '3.48' } }] },
        { lineItemId: order.lines[1]!.lineItemId, marketplaceFees: [{ amount: { value: '1.33' } }] },
      ],
    });
    expect((await client.finances.getOrderTransactions(token, theirs.orderId, { marketplaceId: 'EBAY_US' })).transactions).toEqual([]);
    const marketplace = { 'x-ebay-c-marketplace-id': 'EBAY_US' };
    expect((await call('/sell/finances/v1/transaction?filter=transactionType%3A%7BSALE%7D', { headers: marketplace })).status).toBe(400);
    expect(fake.contractViolations).toEqual([]);
    // Without the marketplace header the contract requires, the fake refuses it as a violation.
    expect((await call(`/sell/finances/v1/transaction?filter=orderId%3A%7B${order.orderId}%7D`)).status).toBe(400);
    expect(fake.contractViolations).toHaveLength(1);
    fake.state.contractViolations = [];
  });
});

describe('contract matching', () => {
  it('prefers a literal path segment over a parameter, ignores trailing slashes, and wants Content-Length: 0 on a bodiless POST', () => {
    const fees = findOperation('POST', '/sell/inventory/v1/offer/get_listing_fees');
    expect(fees.kind === 'found' && fees.operation.operationId).toBe('getListingFees');
    const user = findOperation('GET', '/commerce/identity/v1/user');
    expect(user.kind === 'found' && user.operation.operationId).toBe('getUser');
    const publish = findOperation('POST', '/sell/inventory/v1/offer/42/publish');
    if (publish.kind !== 'found') throw new Error('publishOffer not found');
    expect(publish.params).toEqual({ offerId: '42' });
    const facts = { query: new URLSearchParams(), rawBody: Buffer.alloc(0) };
    expect(checkRequestAgainstContract(publish.operation, { ...facts, headers: { authorization: 'Bearer t' } })).toEqual([
      'a POST without a body must send Content-Length: 0',
    ]);
    expect(
      checkRequestAgainstContract(publish.operation, { ...facts, headers: { authorization: 'Bearer t', 'content-length': '0' } }),
    ).toEqual([]);
  });
});

describe('the fake eBay’s control API over HTTP', () => {
  it('injects failures and rate limits, and shows its state', async () => {
    const control = (action: string, body?: unknown) =>
      fetch(`${fake.url}/__control/${action}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const client = clientForFake(fake);
    expect((await control('rate-limit', { times: 1, retryAfterSeconds: 3 })).status).toBe(200);
    await expect(client.metadata.getShippingServices()).rejects.toMatchObject({ httpStatus: 429, retryAfterSeconds: 3 });
    expect((await control('fail-publish', { kind: 'nope' })).status).toBe(400);
    expect(
      (await control('fail', { operationId: 'getShippingServices', status: 500, errorId: 25001, message: 'System error' })).status,
    ).toBe(200);
    await expect(client.metadata.getShippingServices()).rejects.toMatchObject({ errorId: 25001 });
    const state = await (await control('state')).json();
    expect(state).toMatchObject({
      offers: [],
      listings: [],
      tokensIssued: { client_credentials: 1 },
      refreshCount: 0,
      contractViolations: [],
    });
    expect(state.calls.map((c: { operationId: string; status: number }) => `${c.operationId} ${c.status}`)).toEqual([
      'token 200',
      'getShippingServices 429',
      'getShippingServices 500',
    ]);
  });

  it('limits calls per second with 429 and Retry-After when configured', async () => {
    const client = clientForFake(fake);
    await client.oauth.applicationToken.get();
    await fetch(`${fake.url}/__control/config`, { method: 'POST', body: JSON.stringify({ callsPerSecond: 1 }) });
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => client.metadata.getShippingServices()));
    const limited = results.filter((r) => r.status === 'rejected' && (r.reason as { httpStatus: number }).httpStatus === 429);
    expect(limited.length).toBeGreaterThanOrEqual(3);
    fake.state.callsPerSecond = undefined;
  });

  it('answers Browse searches with the same believable listings for the same query, or the ones set, within its latency and rate limit', async () => {
    const client = clientForFake(fake);
    const search = { q: 'Patagonia fleece M', categoryId: '57990', conditionIds: [3000], size: 'M' };
    const first = await client.browse.search(search);
    expect(first.length).toBeGreaterThanOrEqual(6);
    expect(await client.browse.search(search)).toEqual(first);
    expect(first[0]).toMatchObject({
      itemId: expect.stringMatching(/^v1\|\d+\|0$/),
      title: expect.stringContaining('Patagonia fleece M'),
      price: { value: expect.stringMatching(/^\d+\.\d\d$/), currency: 'USD' },
      conditionId: '3000',
      image: { imageUrl: expect.stringMatching(new RegExp(`^${fake.url}/images/`)) },
      itemWebUrl: expect.stringMatching(new RegExp(`^${fake.url}/itm/`)),
    });
    expect((await client.browse.searchByImage(new Uint8Array([1, 2, 3]), search)).length).toBe(5);

    await fetch(`${fake.url}/__control/comparables`, {
      method: 'POST',
      body: JSON.stringify({
        q: 'patagonia  FLEECE m',
        listings: [
          { price: 20, shipping: null },
          { price: 30, conditionId: '1000' },
        ],
      }),
    });
    expect((await client.browse.search(search)).map((s) => [s.price?.value, s.shippingOptions?.[0]?.shippingCostType])).toEqual([
      ['20.00', 'CALCULATED'],
    ]);
    expect((await fetch(`${fake.url}/__control/comparables`, { method: 'POST', body: '{"listings":[{}]}' })).status).toBe(400);

    fake.setLatency(150);
    const started = performance.now();
    await client.browse.search(search);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    fake.setLatency(0);
    fake.rateLimitNext(1, 1, 'searchByImage');
    await expect(client.browse.searchByImage(new Uint8Array([1]), search)).rejects.toMatchObject({ httpStatus: 429 });
    expect(fake.contractViolations).toEqual([]);
  });
});
