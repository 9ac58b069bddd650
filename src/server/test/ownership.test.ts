import { randomUUID } from 'node:crypto';
import { money } from '@shared/domain/money';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemImage } from '@shared/contracts/items';
import { ebayImports, pastSalesFileImports, pastSalesImports } from '../db/schema';
import { makeJpeg } from './images';
import { expectOthersGet404, expectSignedOutGet401, type OwnedRequest } from './ownership';
import { createTestApp, type TestApp } from './test-app';
import { createItemWithPhotos, photoForm, uploadProduct } from './uploads';
import { miniWebApp } from './web-app';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = miniWebApp();
  t = await createTestApp({}, { webDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

/**
 * Every route that takes the id of a user's resource, called by another signed-in user. Later features add
 * their routes to this table.
 */
async function ownedRequests(ids: {
  itemId: string;
  imageId: string;
  otherImageId: string;
  uploadKey: string;
  importId: string;
  bundleId: string;
  pastSalesImportId: string;
  pastSalesFileId: string;
}): Promise<OwnedRequest[]> {
  const { itemId, imageId, otherImageId, uploadKey, importId, bundleId, pastSalesImportId, pastSalesFileId } = ids;
  const jpeg = await makeJpeg(32, 32);
  return [
    { method: 'GET', url: `/api/items/${itemId}` },
    { method: 'PATCH', url: `/api/items/${itemId}`, payload: { sku: 'STOLEN-1', brand: 'x' } },
    { method: 'POST', url: `/api/items/${itemId}/images`, payload: photoForm([{ name: 'a.jpg', bytes: jpeg }]) },
    // a later part of the owner's product upload, named by its key
    { method: 'POST', url: `/api/items/upload?uploadKey=${uploadKey}&offset=1`, payload: photoForm([{ name: 'a.jpg', bytes: jpeg }]) },
    { method: 'PUT', url: `/api/items/${itemId}/images/order`, payload: { imageIds: [otherImageId, imageId] } },
    { method: 'DELETE', url: `/api/items/${itemId}/images/${imageId}` },
    { method: 'POST', url: `/api/items/${itemId}/images/${imageId}/crop`, payload: { x: 0, y: 0, width: 50, height: 50 } },
    { method: 'POST', url: `/api/items/${itemId}/images/${imageId}/rotate`, payload: { degrees: 90 } },
    { method: 'GET', url: `/api/items/${itemId}/listing` },
    { method: 'PATCH', url: `/api/items/${itemId}/listing`, payload: { title: 'Stolen title here', description: 'x', tags: [] } },
    { method: 'DELETE', url: `/api/items/${itemId}/listing` },
    { method: 'POST', url: `/api/items/${itemId}/listing/regenerate` },
    { method: 'POST', url: `/api/items/${itemId}/publish`, payload: { price: money(1000), categoryId: '11483', condition: 'good' } },
    { method: 'PUT', url: `/api/items/${itemId}/publish-settings`, payload: { price: money(1000) } },
    { method: 'POST', url: '/api/ebay/publish', payload: { itemIds: [itemId] } },
    { method: 'GET', url: `/api/items/${itemId}/readiness` },
    { method: 'GET', url: `/api/items/${itemId}/preflight-scores` },
    { method: 'GET', url: `/api/items/${itemId}/comparables` },
    { method: 'GET', url: `/api/items/${itemId}/profit` },
    { method: 'GET', url: `/api/items/${itemId}/profit-floor` },
    { method: 'GET', url: `/api/items/${itemId}/ebay-offer?percent=10` },
    { method: 'POST', url: `/api/items/${itemId}/ebay-offer`, payload: { percent: 10 } },
    {
      method: 'PATCH',
      url: `/api/items/${itemId}/quick-fix`,
      payload: { category: 'Mens Jeans', condition: 'good', aspects: { Department: 'Men' } },
    },
    { method: 'POST', url: `/api/items/${itemId}/listings/ebay/revise` },
    { method: 'POST', url: `/api/items/${itemId}/listings/ebay/end` },
    { method: 'POST', url: `/api/items/${itemId}/listings/ebay/relist` },
    { method: 'GET', url: `/api/items/${itemId}/listings/poshmark/handover` },
    { method: 'POST', url: `/api/items/${itemId}/listings/poshmark/prepare` },
    { method: 'PUT', url: `/api/items/${itemId}/listings/depop/answers`, payload: { condition: 'Used - Good' } },
    {
      method: 'PUT',
      url: `/api/items/${itemId}/listings/depop/fields`,
      payload: { productType: null, sizeSetId: null, sizeId: null, nationalShipping: null },
    },
    { method: 'GET', url: `/api/items/${itemId}/depop-likes` },
    { method: 'GET', url: `/api/items/${itemId}/depop-pricing` },
    { method: 'GET', url: `/api/items/${itemId}/days-to-sale` },
    { method: 'POST', url: '/api/days-to-sale', payload: { itemIds: [itemId] } },
    { method: 'POST', url: `/api/items/${itemId}/listings/mercari/listed`, payload: { url: 'https://www.mercari.com/us/item/m1/' } },
    { method: 'POST', url: `/api/items/${itemId}/listings/vinted/unlist` },
    { method: 'POST', url: '/api/listings/generate', payload: { itemIds: [itemId] } },
    { method: 'POST', url: '/api/listings/delete', payload: { itemIds: [itemId] } },
    { method: 'POST', url: '/api/items/delete', payload: { ids: [itemId] } },
    { method: 'DELETE', url: `/api/items/${itemId}` },
    // bundles: another seller's bundle, or their own bundle with the owner's item, is a 404
    { method: 'POST', url: '/api/bundles', payload: { cost: { amountMinor: 3000, currency: 'USD' }, split: 'equal', itemIds: [itemId] } },
    { method: 'GET', url: `/api/bundles/${bundleId}` },
    { method: 'POST', url: `/api/bundles/${bundleId}/items`, payload: { itemIds: [itemId] } },
    { method: 'DELETE', url: `/api/bundles/${bundleId}/items/${itemId}` },
    { method: 'GET', url: `/api/ebay/imports/${importId}` },
    // the owner's import of past sales (decision 150; its job and marketplace: what-sells/marketplace-import.test.ts)
    { method: 'GET', url: `/api/what-sells/past-sales/imports/${pastSalesImportId}` },
    // the owner's spreadsheet of past sales written by its job (what-sells/past-sales-batches.test.ts)
    { method: 'GET', url: `/api/what-sells/past-sales/files/${pastSalesFileId}` },
    { method: 'POST', url: '/api/channels/listings', payload: { itemIds: [itemId], channels: ['ebay', 'depop'] } },
    { method: 'POST', url: `/api/items/${itemId}/channels/poshmark/delisted` },
    {
      method: 'POST',
      url: `/api/items/${itemId}/channels/depop/sale`,
      payload: { price: { amountMinor: 1000, currency: 'USD' }, fees: { amountMinor: 0, currency: 'USD' }, soldAt: '2026-11-20' },
    },
    { method: 'POST', url: `/api/items/${itemId}/ends/retry` },
    { method: 'GET', url: `/api/items/${itemId}/double-sale` },
    { method: 'POST', url: `/api/items/${itemId}/double-sale/resolve`, payload: { cancelledSaleId: itemId } },
    { method: 'PUT', url: `/api/items/${itemId}/listings/etsy/answers`, payload: { whenMade: '1990s' } },
    { method: 'GET', url: `/api/items/${itemId}/listings/etsy/preflight` },
    { method: 'PUT', url: `/api/items/${itemId}/listings/etsy/processing-profile`, payload: { confirm: true } },
    { method: 'POST', url: '/api/etsy/publish', payload: { itemIds: [itemId] } },
    {
      method: 'POST',
      url: '/api/autopilot/items',
      payload: { itemIds: [itemId], rule: { channels: ['ebay'], priceBasis: 'ai', percent: 0, floor: null } },
    },
    { method: 'POST', url: `/api/autopilot/items/${itemId}/continue`, payload: { price: { amountMinor: 1000, currency: 'USD' } } },
    { method: 'GET', url: `/api/autopilot/items/${itemId}/asks?category=Mens%20Tops` },
    { method: 'DELETE', url: `/api/autopilot/items/${itemId}` },
    {
      method: 'PUT',
      url: '/api/selling-plan/rules',
      payload: { rules: [{ scope: `item:${itemId}`, enabled: true, dropSteps: [], relistAfterDays: 30, automatic: false }] },
    },
    { method: 'DELETE', url: `/api/selling-plan/rules?scope=item:${itemId}` },
    // The test servers' listing age control (decision 108): another seller's item is a 404, as everywhere.
    { method: 'POST', url: `/api/test/items/${itemId}/listings/ebay/age`, payload: { days: 31 } },
    // An action id of the owner's is tried in selling-plan/selling-plan.test.ts (another seller's tick is a 404).
    { method: 'POST', url: `/api/selling-plan/tasks/${itemId}/done` },
  ];
}

/**
 * Routes Fastify registers that take no id of a user's resource, each with why it needs no row above. A new route
 * must land in one of the two tables, or the completeness test below fails with its name. HEAD routes are
 * Fastify's twins of the GETs (the same handler) and are not listed.
 */
const routesWithoutOwnedIds: Record<string, string> = {
  'GET /api/health': 'liveness, no user data',
  'GET /api/env-check': 'diagnostics of the server, no user data (secrets: test/secrets.test.ts)',
  'GET /api/ebay/config-check': 'diagnostics of the keyset, no user data (secrets: test/secrets.test.ts)',
  'GET /api/docs': 'the OpenAPI page, no user data',
  'GET /api/docs/json': 'the OpenAPI document, no user data',
  'GET /api/docs/yaml': 'the OpenAPI document, no user data',
  'GET /api/docs/static/index.html': "the OpenAPI page's files",
  'GET /api/docs/static/swagger-initializer.js': "the OpenAPI page's files",
  'GET /api/docs/static/*': "the OpenAPI page's files",
  'GET /api/auth/*':
    "Better Auth: get-session shows the caller's own (checked below); its endpoints the app does not use answer 404 (auth/auth.test.ts)",
  'POST /api/auth/*': 'Better Auth: sign-in, sign-up, reset and change password name the account by e-mail, token or session',
  'GET /index.html': "the web app's page, no user data",
  'GET /*': "the web app's files and pages (/env-check, /test-ebay-config, /ebay-callback...), no user data",
  'POST /api/account/reset-password': 'takes a reset token, not an id',
  'GET /api/files/:token': 'a signed token names the file; forged and foreign tokens are tested in files/routes.test.ts',
  'POST /api/items': 'creates an item of the caller',
  'GET /api/items': "lists the caller's items (checked below: the other user's list and search are empty)",
  'GET /api/items/summary': "counts the caller's items",
  'GET /api/items/sku-hints': "the caller's next SKU",
  'GET /api/items/sku-available': "looks up a SKU among the caller's items",
  'GET /api/listings': "lists the caller's listings (checked below)",
  'GET /api/listings/held':
    "lists the caller's held items (listings/size-question-before-generate.test.ts: another seller's hold is not listed)",
  'GET /api/events': "the caller's event stream (events/routes.test.ts: another user's events never arrive)",
  'GET /api/ebay/account-deletion': "eBay's challenge, no user data",
  'POST /api/ebay/account-deletion': "eBay's signed notification names the eBay user (signature tested in ebay/ebay-account.test.ts)",
  'GET /api/channels/ebay/notifications': "eBay's challenge, no user data",
  'POST /api/channels/ebay/notifications':
    "eBay's signed notification names an eBay seller and order, fetched with that seller's token (ebay/notifications/ebay-notifications.test.ts)",
  'GET /api/ebay/connection': "the caller's connection (ownership-ebay.test.ts: each user sees their own)",
  'POST /api/channels/:channel/sales/check': 'pulls the caller’s own sales (sales/sales.test.ts: another seller sees none)',
  'POST /api/test/channels/:channel/tokens':
    "test servers only: the simulation ends the caller's own connection's token (channels/token-refusal.test.ts)",
  'POST /api/ebay/policies/check': "the caller's eBay account",
  'PUT /api/ebay/policies/defaults': "policy ids of the caller's eBay account; another's answer 404 (ownership-ebay.test.ts)",
  'GET /api/ebay/shipping-services': "eBay's shipping services, no user data",
  'POST /api/ebay/policies': "creates policies on the caller's eBay account",
  'PUT /api/ebay/location': "sets the caller's default location",
  'PUT /api/ebay/sku-prefix': "sets the caller's eBay SKU prefix",
  'POST /api/ebay/imports': "imports the caller's own eBay listings (unconnected: 409; ebay/import/listing-import.test.ts)",
  'GET /api/ebay/imports/latest': "the caller's latest import (checked below: the other user's is null)",
  'GET /api/profit': "the caller's sales by month (another user's: profit/profit.test.ts)",
  'GET /api/profit.csv': "the caller's sales by month as CSV (another user's: profit/profit.test.ts)",
  'PATCH /api/sales/:id': "a sale of the caller's; another user's answers 404 (profit/profit.test.ts)",
  'GET /api/channels/price-rules': "the caller's price rules (checked below: the other user's are empty)",
  'PUT /api/channels/:channel/price-rule': "sets the caller's price rule (channels/assisted/assisted.test.ts: each seller has their own)",
  'GET /api/channels/delist-tasks': "the caller's delist tasks (delist-tasks/delist-tasks.test.ts: another seller sees none)",
  'GET /api/channels/double-sales': "the caller's double sales (sales/sale-ends.test.ts: another seller sees none)",
  'GET /api/channels/notifications': "the caller's own notification setting",
  'PUT /api/channels/notifications': "sets the caller's own notification setting",
  'GET /api/push/key': "the server's VAPID public key, no user data", // webpush
  'GET /api/push/subscriptions': "counts the caller's own devices (push/web-push.test.ts: two sellers)", // webpush
  'POST /api/push/subscriptions': "keeps a device's subscription for the caller", // webpush
  'DELETE /api/push/subscriptions': "deletes the caller's own device only (push/web-push.test.ts: another's stays)", // webpush
  'GET /api/channels': "the caller's connection on each channel (channels/channel-connections.test.ts: another seller's is not said)",
  'POST /api/channels/:channel/connect': 'a new state bound to the caller (channels/channel-connections.test.ts)',
  'POST /api/channels/:channel/connection':
    "takes a state bound to the caller; another user's is refused (ownership-ebay.test.ts, etsy-marketplace.test.ts)",
  'DELETE /api/channels/:channel/connection': "the caller's connection on that channel (channels/channel-connections.test.ts)",
  'POST /api/channels/:channel/listings/end':
    "ends the caller's own live listings on the channel (listing-changes/listing-changes.test.ts: another seller's call ends none)",
  'GET /api/etsy/connection': "the caller's Etsy connection",
  'POST /api/etsy/shop-setup': "the caller's Etsy shop",
  'POST /api/shopify/webhooks':
    "Shopify's HMAC-signed order names a store; recorded only for its sellers' own listings (shopify/webhooks/orders-webhook.test.ts)",
  'GET /api/shopify/connection': "the caller's Shopify store",
  'POST /api/depop/webhooks':
    "Depop's signed order or like names its seller; recorded only for that seller's own listings (channels/depop/depop-channel.test.ts, offers-to-likers/offers-to-likers.test.ts)",
  'GET /api/depop/offer-rule': "the caller's own Depop offer rule (depop/offers-to-likers/offers-to-likers.test.ts)",
  'PUT /api/depop/offer-rule': "sets the caller's own Depop offer rule",
  'GET /api/depop/shop-settings': "the caller's own Depop shop's shipping price (channels/depop/depop-answers.test.ts)",
  'PUT /api/depop/shop-settings': "sets the caller's own Depop shop's shipping price",
  'GET /api/shopify/oauth/callback': "takes a state sealed for the caller; another user's is refused (shopify-marketplace.test.ts)",
  'GET /api/autopilot/settings': "the caller's autopilot default (checked below)",
  'PUT /api/autopilot/settings': "sets the caller's autopilot default",
  'GET /api/autopilot': "the caller's autopilot run (checked below: the other user's is null)",
  'POST /api/autopilot/control': "pauses, resumes or stops the caller's own autopilot (autopilot/autopilot.test.ts)",
  'GET /api/price-list': "the caller's own price list (checked below: the other user's is empty; price-list/price-list.test.ts)",
  'PUT /api/price-list': "sets the caller's own price list (price-list/price-list.test.ts: each seller has their own)",
  'GET /api/sources': "the caller's own remembered sources (checked below; bundles/bundles.test.ts: another seller's are not offered)",
  'GET /api/profit-floor/settings':
    "the caller's own profit floor settings (profit-floor/profit-floor.test.ts: the other user's are the defaults)",
  'PUT /api/profit-floor/settings': "sets the caller's own profit floor settings (profit-floor/profit-floor.test.ts)",
  'GET /api/ebay/offer-rule': "the caller's own eBay offer rule (ebay/offers-to-buyers/offers.test.ts)",
  'PUT /api/ebay/offer-rule': "sets the caller's own eBay offer rule",
  'GET /api/selling-plan': "the caller's own plan (checked below; selling-plan/selling-plan.test.ts: another seller's is empty)",
  'POST /api/selling-plan/decisions':
    "decides the caller's own planned actions only (selling-plan/selling-plan.test.ts: another seller's ids change nothing)",
  'GET /api/selling-plan/rules': "the caller's own drop and relist rules",
  'PUT /api/selling-plan/rules': "sets the caller's own rules (an item's rule names an owned item: listed above)",
  'GET /api/aging-stock': "the caller's own live stock (aging-stock/aging-stock.test.ts: another seller's item never shows)",
  'GET /api/what-sells': "the caller's own items by group (what-sells/what-sells.test.ts: another seller's items never count)",
  'GET /api/what-sells.csv': "the caller's own groups as CSV (what-sells/what-sells.test.ts)",
  'GET /api/what-sells/seller-time': "the caller's own minutes per item",
  'PUT /api/what-sells/seller-time': "sets the caller's own minutes per item",
  'POST /api/what-sells/past-sales': "imports into the caller's own items (what-sells/past-sales-import.test.ts)",
  'GET /api/what-sells/without-cost':
    "the caller's own sold items with no cost (checked below; what-sells/sold-without-cost.test.ts: another seller's never show)",
  'GET /api/what-sells/past-sales/imports': "the caller's own connected marketplaces and their latest imports",
  'POST /api/what-sells/past-sales/imports':
    "imports the caller's own marketplace account (what-sells/marketplace-import.test.ts: not connected is a 409)",
  'POST /api/ebay/offers':
    "offers on the caller's own eligible eBay listings (ebay/offers-to-buyers/offers.test.ts: another seller's are not sent)",
  'GET /api/seller-region': "the caller's own country and currency (ebay/product-safety/uk-seller.test.ts)",
  'PUT /api/seller-region': "sets the caller's own country (ebay/product-safety/uk-seller.test.ts)",
  'GET /api/ebay/product-safety': "the caller's own brands' product safety details (checked below: the other user's list is empty)",
  'PUT /api/ebay/product-safety/:brand': "saves a brand's details for the caller; a brand is a name, not an owned id",
  'DELETE /api/ebay/product-safety/:brand':
    "the caller's own brand details only; another's answers 404 (ebay/product-safety/uk-seller.test.ts)",
};

/**
 * Every GET of the route table without an owned id, as the URLs the other user reads below: none of them may show
 * anything of the owner. The two left out never answer with a body of rows: the event stream (never ends; tested in
 * events/routes.test.ts) and a signed file URL (its token is the credential).
 */
const readsWithoutOwnedIds = [
  '/api/sources',
  '/api/health',
  '/api/env-check',
  '/api/ebay/config-check',
  '/api/docs',
  '/api/docs/json',
  '/api/docs/yaml',
  '/api/docs/static/index.html',
  '/api/docs/static/swagger-initializer.js',
  '/api/docs/static/swagger-ui.css',
  '/api/auth/get-session',
  '/index.html',
  '/',
  '/env-check',
  '/test-ebay-config',
  '/ebay-callback',
  '/api/items',
  '/api/items?view=drafts',
  '/api/items?view=batches',
  '/api/items?view=ready',
  '/api/items/summary',
  '/api/items/sku-hints',
  '/api/items/sku-available?sku=PSTFSH-001',
  '/api/listings',
  '/api/listings/held',
  '/api/ebay/account-deletion',
  '/api/channels/ebay/notifications',
  '/api/ebay/connection',
  '/api/ebay/shipping-services',
  '/api/ebay/imports/latest',
  '/api/profit',
  '/api/profit.csv',
  '/api/channels/price-rules',
  '/api/channels/delist-tasks',
  '/api/channels/double-sales',
  '/api/channels/notifications',
  '/api/channels',
  '/api/push/subscriptions', // webpush
  '/api/push/key', // webpush
  '/api/items?view=listings&channel=poshmark',
  '/api/etsy/connection',
  '/api/shopify/connection',
  '/api/shopify/oauth/callback',
  '/api/autopilot/settings',
  '/api/autopilot',
  '/api/price-list',
  '/api/profit-floor/settings',
  '/api/ebay/offer-rule',
  '/api/depop/offer-rule',
  '/api/depop/shop-settings',
  '/api/selling-plan',
  '/api/selling-plan/rules',
  '/api/aging-stock',
  '/api/what-sells',
  '/api/what-sells.csv',
  '/api/what-sells/seller-time',
  '/api/what-sells/past-sales/imports',
  '/api/what-sells/without-cost',
  '/api/seller-region',
  '/api/ebay/product-safety',
];
const readsNeverListed = ['GET /api/events', 'GET /api/files/:token'];

/** `/api/items/:id/images/:imageId` (or a `*` wildcard) as a pattern concrete URLs are matched against. */
function routePattern(url: string): RegExp {
  const escaped = url.replace(/[.+?^$()|[\]\\{}]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/:\w+/g, '[^/]+').replace(/\*/g, '.*')}$`);
}

/** `METHOD url` of every route Fastify registered, but the HEAD twins. */
function registeredRoutes(): string[] {
  return [...new Set(t.routes.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`))];
}

describe('another user', () => {
  it('every route the server registers is in the cross-user table or named as taking no owned id', async () => {
    const registered = registeredRoutes();
    // Routes the OpenAPI page hides are in Fastify's table too.
    expect(registered).toEqual(expect.arrayContaining(['GET /api/auth/*', 'POST /api/auth/*', 'GET /*']));
    const table = await ownedRequests({
      itemId: 'i',
      imageId: 'a',
      otherImageId: 'b',
      uploadKey: 'k',
      importId: 'm',
      bundleId: 'u',
      pastSalesImportId: 'p',
      pastSalesFileId: 'f',
    });
    const covered = (route: string) => {
      const [method, url] = route.split(' ') as [string, string];
      return table.some((request) => request.method === method && routePattern(url).test(request.url.split('?')[0]!));
    };
    expect(registered.filter((route) => !(route in routesWithoutOwnedIds) && !covered(route))).toEqual([]);
    expect(Object.keys(routesWithoutOwnedIds).filter((route) => !registered.includes(route))).toEqual([]);
    // Every GET without an owned id is read by the other user in the leak test below.
    const readRoute = (route: string) => {
      const url = route.slice('GET '.length);
      return readsWithoutOwnedIds.some((read) => routePattern(url).test(read.split('?')[0]!));
    };
    const unread = registered.filter((r) => r.startsWith('GET ') && !covered(r) && !readRoute(r) && !readsNeverListed.includes(r));
    expect(unread).toEqual([]);
  });

  it('gets 404 on every route that takes an id of someone else’s resource, and changes nothing', async () => {
    const owner = await t.makeUser();
    const other = await t.makeUser();
    const jpeg = await makeJpeg(64, 64);
    const { item } = await createItemWithPhotos(t.app, owner.cookie, [
      { name: '1.jpg', bytes: jpeg },
      { name: '2.jpg', bytes: jpeg },
    ]);
    const [first, second] = item.images as [ItemImage, ItemImage];
    const uploadKey = randomUUID();
    const product = await uploadProduct(t.app, owner.cookie, { uploadKey }, [{ name: '1.jpg', bytes: jpeg }]);
    expect(product.statusCode).toBe(200);

    // the owner's import of their eBay listings (its job and eBay are listing-import.test.ts's)
    const [ownersImport] = await t.deps.database.db.insert(ebayImports).values({ userId: owner.id, status: 'done', total: 0 }).returning();
    const importId = ownersImport!.id;
    const ownersBundle = await t.app.inject({
      method: 'POST',
      url: '/api/bundles',
      payload: { cost: { amountMinor: 3000, currency: 'USD' }, split: 'equal', source: 'Owner Thrift', itemIds: [item.id] },
      headers: { cookie: owner.cookie },
    });
    expect(ownersBundle.statusCode).toBe(200);
    const bundleId: string = ownersBundle.json().id;
    const [ownersPastSales] = await t.deps.database.db
      .insert(pastSalesImports)
      .values({ userId: owner.id, channel: 'ebay', status: 'done', phase: 'done', lines: 3, imported: 3 })
      .returning();
    const [ownersFile] = await t.deps.database.db
      .insert(pastSalesFileImports)
      .values({ userId: owner.id, status: 'done', locale: 'en-US', currency: 'USD', rows: 3, done: 3, imported: 3 })
      .returning();
    const requests = await ownedRequests({
      itemId: item.id,
      imageId: first.id,
      otherImageId: second.id,
      uploadKey,
      importId,
      bundleId,
      pastSalesImportId: ownersPastSales!.id,
      pastSalesFileId: ownersFile!.id,
    });
    await expectSignedOutGet401(t.app, requests);
    await expectOthersGet404(t.app, other.cookie, requests, [item.sku, owner.id, owner.email]);
    const ownersProduct = await t.app.inject({
      method: 'GET',
      url: `/api/items/${product.json().item.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(ownersProduct.json()).toMatchObject({ photoCount: 1 });

    const after = await t.app.inject({ method: 'GET', url: `/api/items/${item.id}`, headers: { cookie: owner.cookie } });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ sku: item.sku, brand: null, photoCount: 2 });
    expect(after.json().images.map((i: { id: string }) => i.id)).toEqual([first.id, second.id]);
    const othersList = await t.app.inject({ method: 'GET', url: '/api/items?view=listings', headers: { cookie: other.cookie } });
    expect(othersList.json().items).toEqual([]);
    const othersSearch = await t.app.inject({
      method: 'GET',
      url: `/api/items?q=${item.sku}&status=draft`,
      headers: { cookie: other.cookie },
    });
    expect(othersSearch.statusCode).toBe(200);
    expect(othersSearch.json().items).toEqual([]);
    const othersListings = await t.app.inject({ method: 'GET', url: '/api/listings', headers: { cookie: other.cookie } });
    expect(othersListings.json().items).toEqual([]);
    const jobs = await t.deps.database.db.query.jobs.findMany();
    expect(jobs).toEqual([]); // nothing was queued for the owner's item
  });

  it('reads of every GET without an owned id show the other user nothing of the owner', async () => {
    const owner = await t.makeUser();
    const other = await t.makeUser();
    const { item } = await createItemWithPhotos(t.app, owner.cookie, [{ name: '1.jpg', bytes: await makeJpeg(48, 48) }], {
      brand: 'Owner Brand Zebra',
      // Not the first generated SKU, which the other user's own hints show as their next.
      sku: 'ZEBRA-4242',
    });
    // A past sale with no cost, which the owner's list of sold items with no cost shows.
    const sold = await t.app.inject({
      method: 'POST',
      url: '/api/what-sells/past-sales',
      payload: { csv: 'Sold date,Marketplace,SKU,Brand,Price\n2026-10-01,eBay,ZEBRA-SOLD-7,Owner Brand Zebra,20.00', locale: 'en-US' },
      headers: { cookie: owner.cookie },
    });
    expect(sold.json()).toMatchObject({ imported: 1 });
    const ownerMarks = [
      owner.id,
      owner.email,
      owner.cookie.split('=')[1]!.split('.')[0]!,
      item.id,
      item.sku,
      'Owner Brand Zebra',
      'ZEBRA-SOLD-7',
    ];
    for (const url of readsWithoutOwnedIds) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: other.cookie } });
      expect(response.statusCode, url).toBeLessThan(500);
      for (const mark of ownerMarks) expect(response.body, `${url} shows ${mark}`).not.toContain(mark);
    }
    // The reads do reach data: the owner sees their own item where the other user saw nothing.
    const own = await t.app.inject({ method: 'GET', url: '/api/items', headers: { cookie: owner.cookie } });
    expect(own.body).toContain(item.sku);
    const ownWithoutCost = await t.app.inject({ method: 'GET', url: '/api/what-sells/without-cost', headers: { cookie: owner.cookie } });
    expect(ownWithoutCost.body).toContain('ZEBRA-SOLD-7');
  });
});
