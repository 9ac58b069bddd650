import { describe, expect, it } from 'vitest';
import { pacedFetch } from '../../paced-fetch';
import { EbayApiError, EbayInvalidAnswerError } from './ebay-api-error';
import type { EbayApiContext } from './ebay-api-context';
import { createEbayFetch } from './ebay-http';
import { createInventoryItemsApi } from './inventory-items-api';
import { createMediaApi } from './media-api';
import { createNegotiationApi } from './negotiation-api';
import { createOffersApi } from './offers-api';

/** What one call put on the wire. */
interface Sent {
  method: string;
  url: string;
  headers: Headers;
  body: string;
}

/** A context whose fetch records each call and answers with `answer` (JSON 200 by default). */
function recording(answer: (sent: Sent) => Response = () => Response.json({})) {
  const sent: Sent[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      url: String(input),
      headers: new Headers(init?.headers),
      body: init?.body ? await new Response(init.body).text() : '',
    };
    sent.push(call);
    return answer(call);
  }) satisfies typeof globalThis.fetch;
  const host = 'http://ebay.test';
  const context: EbayApiContext = {
    fetch: createEbayFetch({ fetch }),
    hosts: { api: host, apiz: host, apim: host, auth: host },
    withApplicationToken: (call) => call('app-token'),
  };
  return { sent, context };
}

describe('the eBay transport', () => {
  it('sends the bearer token, the document’s query and path (encoded), and a write’s language headers and JSON body', async () => {
    const { sent, context } = recording((call) =>
      call.method === 'POST' ? Response.json({ offerId: '5001' }, { status: 201 }) : Response.json({ offers: [] }),
    );
    const offers = createOffersApi(context);
    await offers.getOffersBySku('user-token', 'SKU 1/a', 'EBAY_DE');
    await offers.createOffer('user-token', { sku: 'SKU-1', marketplaceId: 'EBAY_DE', format: 'FIXED_PRICE' });
    await createInventoryItemsApi(context).getInventoryItem('user-token', 'SKU 1/a');

    const [list, create, item] = sent;
    expect(list).toMatchObject({ method: 'GET', url: 'http://ebay.test/sell/inventory/v1/offer?sku=SKU+1%2Fa&marketplace_id=EBAY_DE' });
    expect(list!.headers.get('authorization')).toBe('Bearer user-token');
    expect(list!.headers.get('accept')).toBe('application/json');
    expect(list!.headers.get('content-type')).toBeNull();
    expect(create).toMatchObject({ method: 'POST', url: 'http://ebay.test/sell/inventory/v1/offer' });
    expect(Object.fromEntries(create!.headers)).toMatchObject({
      authorization: 'Bearer user-token',
      'content-type': 'application/json',
      'content-language': 'de-DE',
      'accept-language': 'de-DE',
    });
    expect(JSON.parse(create!.body)).toEqual({ sku: 'SKU-1', marketplaceId: 'EBAY_DE', format: 'FIXED_PRICE' });
    expect(item!.url).toBe('http://ebay.test/sell/inventory/v1/inventory_item/SKU%201%2Fa');
  });

  it('names the operation when a 2xx answer is not JSON, instead of a bare SyntaxError', async () => {
    const { context } = recording(() => new Response('<html>Down for maintenance</html>', { headers: { 'content-type': 'text/html' } }));
    const failure = await createInventoryItemsApi(context)
      .getInventoryItem('t', 'SKU-1')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EbayInvalidAnswerError);
    expect(failure).toMatchObject({ operation: 'GET /sell/inventory/v1/inventory_item/{sku}', httpStatus: 200 });
    expect(String(failure)).toContain(
      "eBay's answer to GET /sell/inventory/v1/inventory_item/{sku} (HTTP 200, text/html) is not JSON: <html>",
    );
  });

  it('reads 204 and empty answers as no body, and non-2xx as the EbayApiError it always was', async () => {
    const { context } = recording((call) =>
      call.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : Response.json({ errors: [{ errorId: 150002, message: 'Not served' }] }, { status: 400 }),
    );
    await expect(createInventoryItemsApi(context).deleteInventoryItem('t', 'SKU-1')).resolves.toBeUndefined();
    const negotiation = createNegotiationApi(context);
    await expect(negotiation.findEligibleItems('t', 'EBAY_US')).rejects.toMatchObject({ httpStatus: 400, errorId: 150002 });
    await expect(negotiation.findEligibleItems('t', 'EBAY_US')).rejects.toBeInstanceOf(EbayApiError);
  });

  it('sends a call again with the same body when the fetch under it does (paced-fetch after a 429)', async () => {
    let first = true;
    const bodies: string[] = [];
    const inner = (async (_input: string | URL | Request, init?: RequestInit) => {
      bodies.push(await new Response(init?.body).text());
      if (first) {
        first = false;
        return new Response('', { status: 429, headers: { 'retry-after': '0' } });
      }
      return Response.json({ offerId: '5001' }, { status: 201 });
    }) satisfies typeof globalThis.fetch;
    const host = 'http://ebay.test';
    const offers = createOffersApi({
      fetch: createEbayFetch({ fetch: pacedFetch(inner, { sleep: async () => {} }) }),
      hosts: { api: host, apiz: host, apim: host, auth: host },
      withApplicationToken: (call) => call('app-token'),
    });
    expect(await offers.createOffer('t', { sku: 'SKU-1', marketplaceId: 'EBAY_US', format: 'FIXED_PRICE' })).toBe('5001');
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toBe(bodies[0]);
    expect(JSON.parse(bodies[0]!)).toMatchObject({ sku: 'SKU-1' });
  });

  it('uploads an image as multipart/form-data with its boundary (the document has no body for it)', async () => {
    const { sent, context } = recording(() =>
      Response.json({ imageUrl: 'https://i.ebayimg.test/1.jpg' }, { status: 201, headers: { location: 'http://ebay.test/image/v1%7C1' } }),
    );
    const image = await createMediaApi(context).createImageFromFile('t', {
      data: new Uint8Array([0xff, 0xd8, 0xff]),
      filename: 'front.jpg',
      contentType: 'image/jpeg',
    });
    expect(image).toEqual({ imageUrl: 'https://i.ebayimg.test/1.jpg', imageId: 'v1|1', expirationDate: null });
    const [upload] = sent;
    expect(upload!.url).toBe('http://ebay.test/commerce/media/v1_beta/image/create_image_from_file');
    expect(upload!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload!.body).toContain('name="image"; filename="front.jpg"');
  });
});
