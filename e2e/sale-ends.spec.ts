/**
 * Ending everything else at once after a sale (decision 083), desktop and phone, on the fake eBay and the fake Etsy: an
 * item live on both sells on eBay.
 * - Etsy refuses the end: the card (and the item's channels in the Listings screen) say "Still live on Etsy: end it now", with the listing's
 *   link and a button that tries again (refused while Etsy is down, and said so); once an end succeeds the notice goes. The
 *   card's badge says "Still live on Etsy", never "Live on Etsy" beside the notice.
 * - The last unit sells on eBay and on Etsy before either listing ends: "Sold twice: on eBay and on Etsy" on the card
 *   and the dashboard's banner and the item screen, both orders with their buyer and a link to cancel one; the
 *   dashboard's "Sold twice" filter finds it; the seller marks the one cancelled, after confirming, and the notice goes.
 */
import sharp from 'sharp';
import { money } from '@shared/domain/money';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import type { Item } from '@shared/contracts/items';
import { saleEndsMessages } from '@shared/contracts/sale-ends';
import { e2eEnv } from './support/e2e-env';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { connectFakeEtsy } from './support/etsy-seller';
import { expect, test } from './support/fixtures';
import { seedWrittenListing } from './support/listed-items';
import { expectPhoneFriendly } from './support/phone-checks';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

const run = Date.now().toString(36).toUpperCase();

const shot = (page: Page, testInfo: TestInfo, step: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/sale-ends-${step}-${testInfo.project.name}.png`, scale: 'css' });

const itemOf = async (request: APIRequestContext, id: string) => (await (await request.get(`/api/items/${id}`)).json()) as Item;

/** The item's screen: its card on the Listings screen, opened. */
async function openItemScreen(page: Page, sku: string) {
  await page.goto('/listings');
  const listing = page.locator(`[data-testid="listing-card"][data-sku="${sku}"]`);
  await listing.getByTestId('listing-toggle').click();
  await expect(listing.getByTestId('listing-toggle')).toHaveAttribute('aria-expanded', 'true');
  return listing;
}

/** A seller on the fake eBay and the fake Etsy with one item live on both: the item and the eBay SKU to sell. */
async function liveOnEbayAndEtsy(page: Page, testInfo: TestInfo, name: string) {
  const request = page.request;
  const tag = `${run}-${name}-${testInfo.project.name.toUpperCase()}`;
  const ebayUserId = `saleends${tag.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
  const added = await request.post(`${e2eEnv.fakeEbayURL}/__control/add-seller`, { data: { userId: ebayUserId, username: `se_${tag}` } });
  expect(added.ok()).toBe(true);
  await connectFakeEbaySeller(request, { ebayUserId });
  await connectFakeEtsy(request);
  const photo = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#35604a' } })
    .jpeg()
    .toBuffer();
  const item = await seedWrittenListing(request, photo, `ENDS-${tag}`);
  const publish = await request.post(`/api/items/${item.id}/publish`, { data: { price: money(2900), quantity: 1, categoryId: '11483' } });
  expect(publish.status(), await publish.text()).toBe(202);
  expect((await request.put(`/api/items/${item.id}/listings/etsy/answers`, { data: { whenMade: '1990s' } })).ok()).toBe(true);
  const onEtsy = await request.post('/api/etsy/publish', { data: { itemIds: [item.id] } });
  expect(onEtsy.ok(), await onEtsy.text()).toBe(true);
  const statusOn = async (channel: string) => (await itemOf(request, item.id)).listings.find((l) => l.channel === channel)?.status;
  await expect.poll(() => statusOn('ebay'), { timeout: paced(60_000) }).toBe('live');
  await expect.poll(() => statusOn('etsy'), { timeout: paced(60_000) }).toBe('live');
  const { skuPrefix } = (await (await request.get('/api/ebay/connection')).json()) as { skuPrefix: string };
  const sellOnEbay = async () => {
    const sale = await request.post(`${e2eEnv.fakeEbayURL}/__control/sell`, {
      data: { sku: `${skuPrefix}${item.sku}`, sellerUserId: ebayUserId, price: '29.00', shipping: '0' },
    });
    expect(sale.ok(), await sale.text()).toBe(true);
  };
  return { item, sellOnEbay };
}

/** Etsy is down for the item's Etsy listing until `etsyBack`: every end (the sale's, the queue's, the seller's) is refused. */
async function etsyDown(request: APIRequestContext, itemId: string) {
  const etsyUrl = (await itemOf(request, itemId)).listings.find((l) => l.channel === 'etsy')?.url ?? '';
  const listingId = Number(/\/listing\/(\d+)/.exec(etsyUrl)?.[1]);
  expect(listingId).toBeGreaterThan(0);
  const failing = await request.post(`${e2eEnv.fakeEtsyURL}/__control/fail`, {
    data: { operationId: 'updateListing', listingId, status: 503, message: 'Etsy is down for maintenance', times: 1000 },
  });
  expect(failing.ok()).toBe(true);
  return { etsyUrl, listingId };
}

/**
 * "End it now" pressed while Etsy is down: the seller is told and the notice stays. Pressed again as Etsy comes back
 * (once the press is sent, so the queue's own retry cannot take the button away first): the end goes through, the
 * notice goes, the seller is told (even when the notice went before the answer came) and the listing is ended.
 */
async function endNowAsEtsyComesBack(page: Page, notice: Locator, itemId: string, listingId: number) {
  const endNow = notice.getByRole('button', { name: 'End it now' });
  await endNow.click();
  await expect(page.getByTestId('toasts').getByText(saleEndsMessages.endNowFailed)).toBeVisible({ timeout: paced(30_000) });
  await expect(notice.getByText('Still live on Etsy: end it now')).toBeVisible();

  // The answer is held until the item's own update (its event) has taken the notice away, as it can on a slow
  // connection: the seller is told all the same.
  await page.route(`**/api/items/${itemId}/ends/retry`, async (route) => {
    expect((await page.request.post(`${e2eEnv.fakeEtsyURL}/__control/recover`, { data: { listingId } })).ok()).toBe(true);
    const answer = await route.fetch();
    await expect(notice).toHaveCount(0, { timeout: paced(30_000) });
    await route.fulfill({ response: answer });
  });
  await endNow.click();
  await expect(page.getByTestId('toasts').getByText('Ended on Etsy.')).toBeVisible({ timeout: paced(45_000) });
  await expect(notice).toHaveCount(0, { timeout: paced(30_000) });
  await expect
    .poll(async () => (await itemOf(page.request, itemId)).listings.find((l) => l.channel === 'etsy')?.status, { timeout: paced(30_000) })
    .toBe('ended');
}

test('an Etsy end that fails: "Still live on Etsy: end it now" on the card and the item, until it ends', async ({
  signedInPage: page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const { item, sellOnEbay } = await liveOnEbayAndEtsy(page, testInfo, 'LIVE');
  const { listingId } = await etsyDown(page.request, item.id);
  await sellOnEbay();

  await page.goto('/');
  await page.getByRole('button', { name: 'Check for sales' }).click();
  const card = page.locator(`[data-testid="product-card"][data-sku="${item.sku}"]`);
  const notice = card.getByTestId('still-live');
  await expect(notice.getByText('Still live on Etsy: end it now')).toBeVisible({ timeout: paced(30_000) });
  await expect(notice.getByText('Etsy is down for maintenance', { exact: false })).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Open on Etsy' })).toHaveAttribute('href', /\/listing\/\d+/);
  // The badge says what the notice says: still live, in amber; never "Live on Etsy" beside "Sold".
  await expect(card.getByTestId('channel-badge-etsy')).toHaveText('Still live on Etsy');
  await expect(card.getByTestId('channel-badge-etsy')).toHaveAttribute('data-status', 'still-live');
  await expect(card.getByText('Live on Etsy', { exact: true })).toHaveCount(0);
  await notice.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'still-live-card');
  if (phone) await expectPhoneFriendly(page, 'sale-ends-still-live-phone');

  await endNowAsEtsyComesBack(page, notice, item.id, listingId);
});

test('the last unit sold on eBay and on Etsy: "Sold twice: on eBay and on Etsy", both orders, resolved', async ({
  signedInPage: page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const { item, sellOnEbay } = await liveOnEbayAndEtsy(page, testInfo, 'TWICE');
  await sellOnEbay();
  const etsySale = await page.request.post(`${e2eEnv.fakeEtsyURL}/__control/seed-receipt`, { data: { sku: item.sku, price: 31 } });
  expect(etsySale.ok(), await etsySale.text()).toBe(true);

  await page.goto('/');
  await page.getByRole('button', { name: 'Check for sales' }).click();
  const card = page.locator(`[data-testid="product-card"][data-sku="${item.sku}"]`);
  const notice = card.getByTestId('sold-twice');
  await expect(notice.getByText('Sold twice: on eBay and on Etsy')).toBeVisible({ timeout: paced(30_000) });

  // The dashboard's banner names it with both orders.
  const banner = page.getByTestId('double-sales-banner');
  await expect(banner.getByText(`${item.sku}`, { exact: false })).toBeVisible();
  await expect(banner.getByText('Sold twice: on eBay and on Etsy', { exact: false })).toBeVisible();
  await expect(banner.getByTestId('double-sale-order')).toHaveCount(2);
  await expect(banner.getByRole('link', { name: 'Cancel on eBay' })).toHaveAttribute('href', /\/sh\/ord\/details\?orderid=/);
  await expect(banner.getByRole('link', { name: 'Cancel on Etsy' })).toHaveAttribute('href', /\/your\/orders\/sold\?order_id=/);
  await expect(banner.getByText(/Etsy Buyer \d+/)).toBeVisible();
  await banner.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'sold-twice-banner');

  // On the card: both orders on demand.
  await notice.getByRole('button', { name: 'Show both orders' }).click();
  await expect(notice.getByTestId('double-sale-order')).toHaveCount(2);
  await notice.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'sold-twice-card');
  if (phone) await expectPhoneFriendly(page, 'sale-ends-sold-twice-phone');

  // The item's screen says it too, with both orders on demand.
  const itemScreen = await openItemScreen(page, item.sku);
  const itemNotice = itemScreen.getByTestId('sold-twice');
  await expect(itemNotice.getByText('Sold twice: on eBay and on Etsy')).toBeVisible({ timeout: paced(30_000) });
  await itemNotice.getByRole('button', { name: 'Show both orders' }).click();
  await expect(itemNotice.getByTestId('double-sale-order')).toHaveCount(2);
  await expect(itemNotice.getByRole('link', { name: 'Cancel on Etsy' })).toBeVisible();
  await expect(itemNotice.getByText(/Etsy Buyer \d+/)).toBeVisible();
  await itemNotice.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'sold-twice-item');
  if (phone) await expectPhoneFriendly(page, 'sale-ends-sold-twice-item-phone');
  await page.goto('/');

  // The dashboard's "Sold twice" status filter, beside Sold, finds it.
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Sold twice' });
  await expect(card.getByTestId('sold-twice')).toBeVisible();
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await card.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'sold-twice-filter');
  await notice.getByRole('button', { name: 'Show both orders' }).click();
  await expect(notice.getByTestId('double-sale-order')).toHaveCount(2);

  // The seller cancelled the Etsy order: marked after confirming; the notice and the banner go.
  const etsyOrder = notice.getByTestId('double-sale-order').filter({ hasText: 'Etsy' });
  await etsyOrder.getByRole('button', { name: 'I cancelled this one' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Resolve the double sale' });
  await expect(dialog.getByText('Mark the Etsy order as cancelled?', { exact: false })).toBeVisible();
  await shot(page, testInfo, 'sold-twice-confirm');
  await dialog.getByRole('button', { name: 'Mark cancelled' }).click();
  // Told, though the answer takes away the notice whose button asked.
  await expect(page.getByTestId('toasts').getByText('Resolved: the Etsy order is cancelled.')).toBeVisible();
  await expect(card.getByTestId('sold-twice')).toHaveCount(0);
  await expect(page.getByTestId('double-sales-banner')).toHaveCount(0);
  // No longer sold twice: gone from the filter.
  await expect(card).toHaveCount(0);
  expect((await itemOf(page.request, item.id)).sale?.doubleSale).toBeUndefined();
});

test('the item screen: "Still live on Etsy: end it now" in its channels, the badges agree, until it ends', async ({
  signedInPage: page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const { item, sellOnEbay } = await liveOnEbayAndEtsy(page, testInfo, 'SCREEN');
  const { etsyUrl, listingId } = await etsyDown(page.request, item.id);
  await sellOnEbay();
  await page.goto('/');
  await page.getByRole('button', { name: 'Check for sales' }).click();
  const card = page.locator(`[data-testid="product-card"][data-sku="${item.sku}"]`);
  await expect(card.getByTestId('still-live')).toBeVisible({ timeout: paced(30_000) });

  const itemScreen = await openItemScreen(page, item.sku);
  const notice = itemScreen.getByTestId('still-live');
  await expect(notice.getByText('Still live on Etsy: end it now')).toBeVisible({ timeout: paced(30_000) });
  await expect(notice.getByText('Etsy is down for maintenance')).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Open on Etsy' })).toHaveAttribute('href', etsyUrl);
  // Sold, never "Live on eBay" or "Ready to publish" beside the notice.
  await expect(itemScreen.getByTestId('badge-sold')).toBeVisible();
  await expect(itemScreen.getByText('Live on eBay', { exact: true })).toHaveCount(0);
  await notice.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'still-live-item');
  if (phone) await expectPhoneFriendly(page, 'sale-ends-still-live-item-phone');

  // "End it now" from the item screen.
  await endNowAsEtsyComesBack(page, notice, item.id, listingId);
});
