import createClient from 'openapi-fetch';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { checkedAnswers, documentedCalls, type AnswerRules } from './documented-calls';
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

describe('checked answers', () => {
  class Refused extends Error {
    constructor(
      readonly status: number,
      readonly text: string,
    ) {
      super(`refused ${status}: ${text}`);
    }
  }
  class Unreachable extends Error {}
  class Unusable extends Error {}

  /** A client whose every call is answered by `answer`, its answers checked by these rules. */
  function answeredBy(answer: () => Response, rules: Pick<AnswerRules, 'readBody' | 'emptySuccess'>) {
    const checks = checkedAnswers({
      errorOf: (response, text) => new Refused(response.status, text),
      unreachable: (err) => new Unreachable('unreachable', { cause: err }),
      unusable: (call, status, problem) => new Unusable(`${call} (${status}) ${problem}`),
      ...rules,
    });
    const client = createClient<EtsyPaths>({ baseUrl: 'http://etsy.test', fetch: async () => answer() });
    client.use(checks.middleware);
    const me = () => client.GET('/v3/application/users/me');
    return { me, checks };
  }
  /** A body that fails while it is read (a connection cut mid-answer). */
  const cutOff = (status: number) =>
    new Response(
      new ReadableStream({
        start(controller) {
          controller.error(new TypeError('terminated'));
        },
      }),
      { status },
    );
  const depop = { readBody: 'first', emptySuccess: 'accepted' } as const;
  const etsy = { readBody: 'after the status', emptySuccess: 'refused' } as const;

  it('give an error status as the marketplace’s error, from its body’s text', async () => {
    for (const rules of [depop, etsy]) {
      const { me } = answeredBy(() => new Response('{"error":"gone"}', { status: 404 }), rules);
      await expect(me()).rejects.toEqual(new Refused(404, '{"error":"gone"}'));
    }
  });

  it('read the body first (an unreadable error is unreachable) or after the status (its text empty)', async () => {
    await expect(answeredBy(() => cutOff(500), depop).me()).rejects.toBeInstanceOf(Unreachable);
    await expect(answeredBy(() => cutOff(500), etsy).me()).rejects.toEqual(new Refused(500, ''));
    for (const rules of [depop, etsy]) await expect(answeredBy(() => cutOff(200), rules).me()).rejects.toBeInstanceOf(Unreachable);
  });

  it('accept a success with no body (bodyOf refusing it) or refuse it at once; a 204 is nothing for both', async () => {
    const accepted = answeredBy(() => new Response(null, { status: 200 }), depop);
    const result = await accepted.me();
    expect(result.data).toBeUndefined();
    expect(() => accepted.checks.bodyOf(result)).toThrow(new Unusable('GET /v3/application/users/me (200) has no body'));
    await expect(answeredBy(() => new Response(null, { status: 200 }), etsy).me()).rejects.toEqual(
      new Unusable('GET /v3/application/users/me (200) has no body'),
    );
    for (const rules of [depop, etsy]) {
      const nothing = await answeredBy(() => new Response(null, { status: 204 }), rules).me();
      expect(nothing.data).toBeUndefined();
    }
  });

  it('refuse a success that is not JSON, naming the call; give JSON’s data and its call', async () => {
    for (const rules of [depop, etsy]) {
      await expect(answeredBy(() => new Response('<html>down</html>'), rules).me()).rejects.toEqual(
        new Unusable('GET /v3/application/users/me (200) is not JSON: <html>down</html>'),
      );
      const { me, checks } = answeredBy(() => Response.json({ user_id: 1, shop_id: 2 }), rules);
      const result = await me();
      expect(checks.bodyOf(result)).toEqual({ user_id: 1, shop_id: 2 });
      expect(checks.callOf(result.response)).toBe('GET /v3/application/users/me');
      expect(checks.callOf(new Response())).toBe('the call');
    }
  });
});
