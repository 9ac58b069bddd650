import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autopilotPaths } from '@shared/contracts/autopilot';
import { pushPaths } from '@shared/contracts/push';
import { makeJpeg } from './images';
import { createTestApp, type TestApp, type TestUser } from './test-app';
import { createItem, createItemWithPhotos } from './uploads';

let t: TestApp;
let user: TestUser;
let itemId: string;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.makeUser();
  itemId = (await createItemWithPhotos(t.app, user.cookie, [{ name: 'a.jpg', bytes: await makeJpeg(64, 64) }])).item.id;
});
afterAll(async () => {
  await t?.close();
});

const send = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  extra: { payload?: string | object; headers?: Record<string, string> } = {},
) => t.app.inject({ method, url, payload: extra.payload, headers: { cookie: user.cookie, ...extra.headers } });

const cursorOf = (createdAt: string, id = '00000000-0000-4000-8000-000000000000') =>
  Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');

describe('hostile input answers 4xx, never 500', () => {
  it('refuses list cursors naming impossible times on /api/items and /api/listings', async () => {
    for (const time of ['2024-02-30T00:00:00.000000Z', '2023-13-01T00:00:00.000000Z', '2024-01-01T25:00:00.000000Z']) {
      for (const path of ['/api/items?view=drafts&cursor=', '/api/listings?cursor=']) {
        const res = await send('GET', `${path}${cursorOf(time)}`);
        expect({ path, time, status: res.statusCode }).toEqual({ path, time, status: 400 });
        expect(res.json().error.message).toContain('Invalid cursor');
      }
    }
    expect((await send('GET', `/api/items?cursor=${cursorOf('2024-02-29T00:00:00.000000Z')}`)).statusCode).toBe(200);
  });

  it('refuses a NUL byte in a SKU, a listing field or a cursor', async () => {
    expect((await send('POST', '/api/items', { payload: { sku: 'A\u0000B' } })).statusCode).toBe(400);
    expect((await send('PATCH', `/api/items/${itemId}`, { payload: { brand: 'Lev\u0000is' } })).statusCode).toBe(400);
    const listing = await send('PATCH', `/api/items/${itemId}/listing`, { payload: { title: 'Coat\u0000', description: '', tags: [] } });
    expect(listing.statusCode).toBe(400);
    expect(listing.json().error.message).toContain('NUL');
    expect((await send('GET', '/api/items?cursor=%00')).statusCode).toBe(400);
  });

  it('answers a path segment past the router limit or a broken escape in the one error shape, without echoing the path', async () => {
    const long = await send('GET', `/api/items/${'z'.repeat(1_001)}`);
    expect({ status: long.statusCode, body: long.json() }).toEqual({
      status: 414,
      body: { error: { code: 'BAD_REQUEST', message: 'The address is too long.' } },
    });
    const escape = await send('GET', '/api/items/%E0%A4%A');
    expect(escape.statusCode).toBe(400);
    expect(escape.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(escape.body).not.toContain('%E0%A4%A');
  });

  it('answers a malformed multipart upload with 400 and a clear message', async () => {
    const target = (await createItem(t.app, user.cookie)).id;
    const bodies: Array<{ contentType: string; body: string }> = [
      { contentType: 'multipart/form-data', body: 'garbage' },
      { contentType: 'multipart/form-data; boundary=xyz', body: 'garbage' },
      {
        contentType: 'multipart/form-data; boundary=xyz',
        body: '--xyz\r\ncontent-disposition: form-data; name="photos"; filename="a.jpg"\r\n\r\nabc',
      },
      { contentType: 'multipart/form-data; boundary=xyz', body: '--xyz\r\nbroken header line\r\n\r\nabc\r\n--xyz--\r\n' },
    ];
    for (const { contentType, body } of bodies) {
      const res = await send('POST', `/api/items/${target}/images`, { payload: body, headers: { 'content-type': contentType } });
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      // a part busboy cannot make out is skipped: nothing readable was sent
      expect(res.json().error.message).toMatch(/upload could not be read|No images to upload/i);
    }
  });

  it('refuses a push endpoint that is not a browser push service on a public address, a NUL in it, and keys that encrypt nothing', async () => {
    const keys = () => ({
      p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    });
    const subscribe = (endpoint: string, withKeys: { p256dh: string; auth: string } = keys()) =>
      send('POST', pushPaths.subscriptions, { payload: { endpoint, keys: withKeys } });
    const refused = [
      'http://127.0.0.1:3322/x',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://2130706433/x',
      'https://0x7f000001/x',
      'https://127.1/x',
      'https://0.0.0.0/x',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/x',
      'https://192.168.1.1/x',
      'https://[::1]/x',
      'https://metadata.google.internal/computeMetadata/v1',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pass@fcm.googleapis.com/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
    ];
    for (const endpoint of refused) {
      const answer = await subscribe(endpoint);
      expect({ endpoint, status: answer.statusCode }).toEqual({ endpoint, status: 400 });
    }
    const nul = await subscribe('https://fcm.googleapis.com/fcm/send/a\u0000b');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toContain('NUL');
    for (const bad of [
      { p256dh: 'AAAA', auth: keys().auth },
      { p256dh: keys().p256dh, auth: 'AAAA' },
      // 65 bytes, but not a point on P-256.
      { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: keys().auth },
    ]) {
      const answer = await subscribe('https://fcm.googleapis.com/fcm/send/keys', bad);
      expect(answer.statusCode).toBe(400);
    }
    expect((await send('GET', pushPaths.subscriptions)).json()).toEqual({ devices: 0 });
  });

  it('keeps the newest ten of a seller’s push subscriptions', async () => {
    const seller = await t.makeUser();
    const subscribe = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: pushPaths.subscriptions,
        headers: { cookie: seller.cookie },
        payload: {
          endpoint: `https://fcm.googleapis.com/fcm/send/device-${i}`,
          keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
        },
      });
    for (let i = 0; i < 10; i++) expect((await subscribe(i)).json()).toEqual({ devices: i + 1 });
    for (let i = 10; i < 25; i++) expect((await subscribe(i)).json()).toEqual({ devices: 10 });
  });

  it('refuses an autopilot floor in another currency than the seller’s or the product’s', async () => {
    const seller = await t.makeUser();
    const as = (method: 'PUT' | 'POST', url: string, payload: object) =>
      t.app.inject({ method, url, payload, headers: { cookie: seller.cookie } });
    const settings = (currency: string) => ({
      enabled: false,
      channels: ['ebay'],
      priceBasis: 'ai',
      percent: 0,
      floor: { amountMinor: 100_000, currency },
    });
    for (const currency of ['JPY', 'EUR', 'GBP', 'XXX', 'ZZZ']) {
      const answer = await as('PUT', autopilotPaths.settings, settings(currency));
      expect({ currency, status: answer.statusCode }).toEqual({ currency, status: 400 });
    }
    expect((await as('PUT', autopilotPaths.settings, settings('USD'))).json().floor).toEqual({ amountMinor: 100_000, currency: 'USD' });
    // A seller in Britain counts in pounds: a dollar floor is the other currency now.
    expect((await as('PUT', '/api/seller-region', { country: 'GB' })).statusCode).toBe(200);
    expect((await as('PUT', autopilotPaths.settings, settings('USD'))).statusCode).toBe(400);
    expect((await as('PUT', autopilotPaths.settings, settings('GBP'))).statusCode).toBe(200);
    // A product counted in dollars (made before the move) takes no floor in euros either.
    const product = await as('POST', autopilotPaths.items, {
      itemIds: [itemId],
      rule: { channels: ['ebay'], priceBasis: 'ai', percent: 0, floor: { amountMinor: 100_000, currency: 'EUR' } },
    });
    expect(product.statusCode).toBe(404); // another seller's product: not found before any currency
    const own = await as('POST', autopilotPaths.items, {
      itemIds: [(await createItem(t.app, seller.cookie)).id],
      rule: { channels: ['ebay'], priceBasis: 'ai', percent: 0, floor: { amountMinor: 100_000, currency: 'EUR' } },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toContain('GBP');
  });

  it('takes an offer percent only as a whole number: "0x0A", " 10 ", [10] and 1e1 are not 10', async () => {
    for (const percentOff of ['0x0A', ' 10 ', '10', [10], true, 10.5]) {
      const rule = await send('PUT', '/api/ebay/offer-rule', { payload: { enabled: true, percentOff, afterDays: 0 } });
      expect({ percentOff, status: rule.statusCode }).toEqual({ percentOff, status: 400 });
      const offer = await send('POST', `/api/items/${itemId}/ebay-offer`, { payload: { percent: percentOff } });
      expect({ percentOff, status: offer.statusCode }).toEqual({ percentOff, status: 400 });
      const all = await send('POST', '/api/ebay/offers', { payload: { percent: percentOff } });
      expect({ percentOff, status: all.statusCode }).toEqual({ percentOff, status: 400 });
    }
    for (const query of ['0x0A', '%2010%20', '1e1', '10.0', '-10', '']) {
      const preview = await send('GET', `/api/items/${itemId}/ebay-offer?percent=${query}`);
      expect({ query, status: preview.statusCode }).toEqual({ query, status: 400 });
    }
    expect((await send('GET', `/api/items/${itemId}/ebay-offer?percent=10&percent=10`)).statusCode).toBe(400);
    expect((await send('PUT', '/api/ebay/offer-rule', { payload: { enabled: false, percentOff: 10, afterDays: 0 } })).statusCode).toBe(200);
  });
});
