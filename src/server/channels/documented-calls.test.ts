import createClient from 'openapi-fetch';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { documentedCalls } from './documented-calls';
import { ebayApi } from './ebay/api/ebay-http';
import type { InventoryPaths } from './ebay/api/ebay-types';
import type { paths as EtsyPaths } from './etsy/api/generated/etsy';

const hosts = { api: 'http://ebay.test', apiz: 'http://ebay.test', apim: 'http://ebay.test', auth: 'http://ebay.test' };

/** Every request a client sends, answered 200 `{}`. */
function recorder() {
  const sent: Request[] = [];
  const fetch = async (request: Request) => {
    sent.push(request);
    return Response.json({});
  };
  return { sent, fetch };
}

/**
 * Never called: tsc checks it (an unused @ts-expect-error fails the build as much as an unexpected error). Each
 * misspelling stands beside a field the document has, the case openapi-fetch alone lets through
 * (openapi-ts/openapi-typescript#2329).
 */
function misspellingsFailToCompile() {
  const ebay = ebayApi<InventoryPaths>({ fetch: recorder().fetch, hosts }, 'api', '/sell/inventory/v1')('token');
  const header = { 'Content-Language': 'en-US', 'Content-Type': 'application/json' };

  // What the document has compiles.
  void ebay.GET('/offer', { params: { query: { sku: 'A-1', marketplace_id: 'EBAY_US' } } });
  void ebay.POST('/offer', { params: { header }, body: { sku: 'A-1', marketplaceId: 'EBAY_US', format: 'FIXED_PRICE' } });
  void ebay.GET('/offer/{offerId}', { params: { path: { offerId: '1' } } });

  // eBay: a misspelt optional query parameter beside a correct one.
  void ebay.GET('/offer', {
    params: {
      query: {
        sku: 'A-1',
        // @ts-expect-error -- getOffers has marketplace_id, not marketplaceId
        marketplaceId: 'EBAY_US',
      },
    },
  });
  // eBay: a misspelt body field.
  void ebay.POST('/offer', {
    params: { header },
    body: {
      sku: 'A-1',
      // @ts-expect-error -- EbayOfferDetailsWithKeys has availableQuantity
      availableQuantitiy: 1,
    },
  });
  // eBay: options the document requires (the offer's id) cannot be left out.
  // @ts-expect-error -- getOffer's path has offerId
  void ebay.GET('/offer/{offerId}');
  // eBay: a misspelt path.
  // @ts-expect-error -- the Inventory document has /offer/{offerId}, not /offers/{offerId}
  void ebay.GET('/offers/{offerId}', { params: { path: { offerId: '1' } } });

  const etsy = documentedCalls(createClient<EtsyPaths>({ baseUrl: 'http://etsy.test', fetch: recorder().fetch }));
  const shop = { shop_id: 1 };
  const listing = { shop_id: 1, listing_id: 2 };

  // What the document has compiles.
  void etsy.GET('/v3/application/shops/{shop_id}/listings', { params: { path: shop, query: { state: 'active', limit: 25 } } });
  void etsy.PATCH('/v3/application/shops/{shop_id}/listings/{listing_id}', { params: { path: listing }, body: { title: 'Coat' } });
  void etsy.GET('/v3/application/listings/{listing_id}', { params: { path: { listing_id: 2 } } });

  // Etsy: a misspelt optional query parameter beside a correct one.
  void etsy.GET('/v3/application/shops/{shop_id}/listings', {
    params: {
      path: shop,
      query: {
        state: 'active',
        // @ts-expect-error -- getListingsByShop has limit
        limt: 25,
      },
    },
  });
  // Etsy: a misspelt body field.
  void etsy.PATCH('/v3/application/shops/{shop_id}/listings/{listing_id}', {
    params: { path: listing },
    body: {
      title: 'Coat',
      // @ts-expect-error -- updateListing's form has description
      descripton: 'Wool',
    },
  });
  // Etsy: a misspelt path.
  // @ts-expect-error -- Etsy's document has /v3/application/listings/{listing_id}
  void etsy.GET('/v3/application/listing/{listing_id}', { params: { path: { listing_id: 2 } } });
}

describe('documented calls', () => {
  it('are checked against the document when they compile (misspellingsFailToCompile, checked by tsc)', () => {
    expectTypeOf(misspellingsFailToCompile).toBeFunction();
  });

  it('send what openapi-fetch sends for the same call', async () => {
    const raw = recorder();
    const checked = recorder();
    const options = { baseUrl: 'http://etsy.test', querySerializer: { array: { style: 'form', explode: false } } } as const;
    const client = createClient<EtsyPaths>({ ...options, fetch: raw.fetch });
    const calls = documentedCalls(createClient<EtsyPaths>({ ...options, fetch: checked.fetch }));
    const query = { listing_ids: [1, 2] };
    const form = { title: 'Coat' };
    const path = { shop_id: 1, listing_id: 2 };
    const headers = { authorization: 'Bearer t', 'content-type': 'application/x-www-form-urlencoded' };
    const bodySerializer = (body: unknown) => new URLSearchParams(body as Record<string, string>).toString();

    await client.GET('/v3/application/seller-taxonomy/nodes');
    await calls.GET('/v3/application/seller-taxonomy/nodes');
    await client.GET('/v3/application/listings/batch/inventory', { params: { query } });
    await calls.GET('/v3/application/listings/batch/inventory', { params: { query } });
    await client.PATCH('/v3/application/shops/{shop_id}/listings/{listing_id}', { params: { path }, headers, body: form, bodySerializer });
    await calls.PATCH('/v3/application/shops/{shop_id}/listings/{listing_id}', { params: { path }, headers, body: form, bodySerializer });
    await client.DELETE('/v3/application/listings/{listing_id}', { params: { path: { listing_id: 2 } } });
    await calls.DELETE('/v3/application/listings/{listing_id}', { params: { path: { listing_id: 2 } } });

    const seen = (requests: Request[]) =>
      Promise.all(
        requests.map(async (request) => ({
          method: request.method,
          url: request.url,
          headers: [...request.headers],
          body: request.body ? await request.text() : null,
        })),
      );
    expect(checked.sent).toHaveLength(4);
    expect(await seen(checked.sent)).toEqual(await seen(raw.sent));
    expect(checked.sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET http://etsy.test/v3/application/seller-taxonomy/nodes',
      'GET http://etsy.test/v3/application/listings/batch/inventory?listing_ids=1,2',
      'PATCH http://etsy.test/v3/application/shops/1/listings/2',
      'DELETE http://etsy.test/v3/application/listings/2',
    ]);
  });

  it('are what ebayApi answers, sending its bearer token to the API’s base path', async () => {
    const { sent, fetch } = recorder();
    const { data } = await ebayApi<InventoryPaths>(
      { fetch, hosts },
      'api',
      '/sell/inventory/v1',
    )('token').GET('/offer', {
      params: { query: { sku: 'A 1', marketplace_id: 'EBAY_US' } },
    });
    expect(data).toEqual({});
    expect(sent.map((request) => [request.method, request.url, request.headers.get('authorization')])).toEqual([
      ['GET', 'http://ebay.test/sell/inventory/v1/offer?sku=A+1&marketplace_id=EBAY_US', 'Bearer token'],
    ]);
  });
});
