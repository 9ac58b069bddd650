import { describe, expect, it } from 'vitest';
import { checkDepopRequest, findDepopOperation, missingScopes, MISSING_BEARER } from './contract-check';
import { createFakeDepop, startFakeDepop } from './depop-server';
import { contractOperations } from './generated/contract-operations';

const operation = (operationId: string) => contractOperations.find((candidate) => candidate.operationId === operationId)!;
const facts = (body: unknown, options: { query?: string; contentType?: string; token?: boolean } = {}) => ({
  headers: {
    ...(options.token === false ? {} : { authorization: 'Bearer pat_x' }),
    ...(body === undefined ? {} : { 'content-type': options.contentType ?? 'application/json' }),
  },
  query: new URLSearchParams(options.query ?? ''),
  rawBody: Buffer.from(body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body)),
});
const product = {
  address: { country_code: 'GB' },
  description: 'A tee',
  price_currency: 'GBP',
  price_amount: '25.99',
  quantity: 1,
  pictures: [{ url: 'https://images.example/p0.jpg' }],
  department: 'menswear',
  product_type: 'tshirts',
  condition: 'used_excellent',
  brand_name: 'Nike',
  attributes: { 'sleeve-length': ['short'] },
};

describe("the generated index of Depop's operations", () => {
  it('reads each operation’s scopes from its description: required, asked for by a body field, optional, at least one of', () => {
    expect(operation('createProduct')).toMatchObject({
      method: 'POST',
      path: '/api/v1/products/',
      bearer: true,
      scopes: ['products_write'],
      scopesWhenSet: { auto_send_offer_price: ['offers_write'], auto_negotiate_offer_price: ['offers_write'] },
      optionalScopes: [],
    });
    expect(operation('getProductBySku')).toMatchObject({ scopes: ['products_read'], optionalScopes: ['offers_read'] });
    expect(operation('getShopInsightsLive')).toMatchObject({
      scopesAnyOf: true,
      scopes: ['products_read', 'shop_read', 'offers_read', 'orders_read'],
    });
    expect(operation('getPricingInspiration')).toMatchObject({ bearer: true, scopes: [] });
    expect(operation('exchangeToken')).toMatchObject({ bearer: false, contentTypes: ['application/x-www-form-urlencoded'] });
    expect(operation('exchangeToken').formShape?.required).toEqual(['grant_type', 'client_id', 'client_secret']);
    expect(operation('getProductById').pathParams).toEqual({ productId: 'number' });
    expect(operation('getAllProducts').queryEnums).toEqual({ sort_by: ['id_desc', 'id_asc'], state: ['selling', 'sold', 'all'] });
    expect(operation('createOrUpdateProduct').bodyShape?.properties?.colour?.items?.enum).toContain('burgundy');
  });

  it('finds an operation by method and path, a literal segment before a parameter, the trailing slash as written', () => {
    expect(findDepopOperation('GET', '/api/v1/products/by-sku/TEE-1/')).toMatchObject({
      kind: 'found',
      operation: { operationId: 'getProductBySku' },
      params: { sku: 'TEE-1' },
    });
    expect(findDepopOperation('POST', '/api/v1/products/by-sku/TEE-1/mark-as-sold/')).toMatchObject({
      operation: { operationId: 'markProductAsSold' },
    });
    expect(findDepopOperation('GET', '/api/v1/products/by-sku/TEE-1')).toEqual({ kind: 'unknown-path' });
    expect(findDepopOperation('POST', '/api/v1/shop/')).toEqual({ kind: 'wrong-method', allowed: ['GET'] });
  });
});

describe('a request against the document', () => {
  it('takes a request that fits', () => {
    expect(checkDepopRequest(operation('createProduct'), facts(product), {})).toEqual([]);
    expect(checkDepopRequest(operation('getAllProducts'), facts(undefined, { query: 'limit=20&state=sold&sort_by=id_asc' }), {})).toEqual(
      [],
    );
  });

  it('names each part that does not: the token, a path parameter, the query, required fields, types, enums, unknown fields', () => {
    expect(checkDepopRequest(operation('getSellerDetails'), facts(undefined, { token: false }), {})).toEqual([MISSING_BEARER]);
    expect(checkDepopRequest(operation('getProductById'), facts(undefined), { productId: 'abc' })).toEqual([
      'path parameter productId: "abc" is not a number',
    ]);
    expect(checkDepopRequest(operation('getAllProducts'), facts(undefined, { query: 'limit=many&state=gone&colour=red' }), {})).toEqual([
      'query parameter limit: not a number',
      'query parameter state: gone is not one of selling, sold, all',
      'unknown query parameter colour',
    ]);
    const { brand_name: _, ...withoutBrand } = product;
    expect(
      checkDepopRequest(
        operation('createOrUpdateProduct'),
        facts({ ...withoutBrand, quantity: '1', condition: 'mint', colour: ['teal'], attributes: { fit: 'slim' }, title: 'Tee' }),
        { sku: 'TEE-1' },
      ),
    ).toEqual([
      'brand_name: required',
      'quantity: expected number, got string',
      'condition: "mint" is not one of brand_new, used_like_new, used_excellent, used_good, used_fair',
      'attributes.fit: expected array, got string',
      'colour[0]: "teal" is not one of black, grey, white, brown, tan, cream, yellow, red, burgundy, orange, pink, purple, blue, navy, green, khaki, multi, silver, gold',
      'title: not a property in the contract',
    ]);
    expect(checkDepopRequest(operation('createProduct'), facts('{"price_amount":', {}), {})).toEqual(['body is not valid JSON']);
    expect(checkDepopRequest(operation('createProduct'), facts(undefined), {})).toEqual(['missing required request body']);
    expect(checkDepopRequest(operation('getSellerDetails'), facts({}), {})).toEqual(['this operation takes no request body']);
    expect(
      checkDepopRequest(
        operation('exchangeToken'),
        facts('grant_type=password&client_id=c', { contentType: 'application/x-www-form-urlencoded', token: false }),
        {},
      ),
    ).toEqual(['form field client_secret: required', 'form field grant_type: "password" does not fit authorization_code|refresh_token']);
  });

  it('asks a token for the scopes the operation names, one of them for "at least one of", and those a body field needs', () => {
    expect(missingScopes(operation('createProduct'), ['products_write'], { price_amount: '1.00' })).toEqual([]);
    expect(missingScopes(operation('createProduct'), ['products_write'], { auto_send_offer_price: '1.00' })).toEqual(['offers_write']);
    expect(missingScopes(operation('createProduct'), ['offers_write'], {})).toEqual(['products_write']);
    expect(missingScopes(operation('getShopInsightsLive'), ['orders_read'], {})).toEqual([]);
    expect(missingScopes(operation('getShopInsightsLive'), ['orders_write'], {})).toHaveLength(4);
    expect(missingScopes(operation('getProductBySku'), ['products_read'], {})).toEqual([]);
  });
});

describe('the fake answers a request off the contract', () => {
  it('400 bad-request for an unknown path or a body that does not fit, 401 without a token; each recorded', async () => {
    const fake = createFakeDepop();
    const { apiKey } = fake.addSeller();
    const auth = { authorization: `Bearer ${apiKey}` };
    const unknown = await fake.fetch(`${fake.url}/api/v1/products/by-sku/TEE-1`, { headers: auth });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ errors: [{ code: 'bad-request', message: 'Contract: unknown path' }] });
    const bad = await fake.fetch(`${fake.url}/api/v1/products/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...product, condition: 'mint' }),
    });
    expect(bad.status).toBe(400);
    const anonymous = await fake.fetch(`${fake.url}/api/v1/shop/`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ errors: [{ code: 'unauthorized' }] });
    expect(fake.contractViolations.map((violation) => `${violation.method} ${violation.path}`)).toEqual([
      'GET /api/v1/products/by-sku/TEE-1',
      'POST /api/v1/products/',
      'GET /api/v1/shop/',
    ]);
    expect(fake.calls).toEqual({ createProduct: 1, getSellerDetails: 1 });
  });

  it('serves the same fake as a server on a port, with its control API', async () => {
    const fake = await startFakeDepop();
    try {
      const seller = (await (
        await fetch(`${fake.url}/__control/seller`, { method: 'POST', body: '{"username":"vintage_finds"}' })
      ).json()) as {
        apiKey: string;
        sellerId: number;
      };
      const shop = await fetch(`${fake.url}/api/v1/shop/`, { headers: { authorization: `Bearer ${seller.apiKey}` } });
      expect(await shop.json()).toEqual({ id: seller.sellerId, username: 'vintage_finds', country_code: 'GB' });
      await fetch(`${fake.url}/__control/seed-product`, {
        method: 'POST',
        body: JSON.stringify({ sellerId: seller.sellerId, sku: 'A-1', price: '12.50' }),
      });
      const bought = await fetch(`${fake.url}/__control/purchase`, {
        method: 'POST',
        body: JSON.stringify({ sellerId: seller.sellerId, sku: 'A-1' }),
      });
      expect(await bought.json()).toMatchObject({ purchaseId: expect.stringMatching(/^\d+$/) });
      const again = await fetch(`${fake.url}/__control/purchase`, {
        method: 'POST',
        body: JSON.stringify({ sellerId: seller.sellerId, sku: 'A-1' }),
      });
      expect(again.status).toBe(409);
      const state = (await (await fetch(`${fake.url}/__control/state`)).json()) as { orders: unknown[]; contractViolations: unknown[] };
      expect(state.orders).toHaveLength(1);
      expect(state.contractViolations).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
