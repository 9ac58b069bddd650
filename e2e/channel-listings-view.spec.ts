/**
 * Decision 080: the item view's uniform `listings[]` and "Simulate a sale" from the web channel registry.
 * On the default install (the basic server, every marketplace simulated) one product goes live on eBay, Etsy and
 * Shopify; the item answers one entry per channel with the price that channel gets, the card shows each channel and
 * offers "Simulate a sale" once per simulated channel, and the eBay screen reads eBay's entry. Desktop and phone.
 */
import sharp from 'sharp';
import { money } from '@shared/domain/money';
import type { Item } from '@shared/contracts/items';
import { ebayCategoryOf, ebayPublishStateOf } from '@shared/contracts/ebay-listing';
import { simulatedSaleWords } from '@shared/domain/simulated-ebay';
import { simulatedEtsySaleWords } from '@shared/domain/simulated-etsy';
import { simulatedShopifySaleWords } from '@shared/domain/simulated-shopify';
import type { Page, TestInfo } from '@playwright/test';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { e2eEnv } from './support/e2e-env';
import { expect, test, uniqueEmail } from './support/fixtures';
import { controlledByServiceWorker, withServiceWorker } from './support/service-worker';
import { cardAction } from './support/card-actions';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => isMobile, 'a flow runs once: on the desktop; its screens are checked on the phone elsewhere (decision 135)');

// The path sellers run: with the app's service worker answering the app.
test.use(withServiceWorker);

const base = e2eEnv.basicBaseURL;
const run = Date.now().toString(36).toUpperCase();
const shot = (page: Page, testInfo: TestInfo, name: string) =>
  saveScreen(page, { path: testInfo.outputPath(`channel-listings-${name}-${testInfo.project.name}.png`), fullPage: true });

test('live on eBay, Etsy and Shopify: one listings entry per channel with its price; Simulate a sale on each', async ({
  page,
}, testInfo) => {
  const sku = `VIEW-${run}-${testInfo.project.name === 'phone' ? 'P' : 'D'}`;
  const api = page.context().request;
  const user = { email: uniqueEmail('listings-view'), password: 'correct-horse' };
  expect((await api.post(`${base}/api/auth/sign-up/email`, { data: { ...user, name: 'Newcomer' } })).ok()).toBe(true);
  expect((await api.post(`${base}/api/auth/sign-in/email`, { data: user })).ok()).toBe(true);
  // The seller's price list gives the basic writer a price ($24.99); the seller's own price on eBay ($29.99) then becomes
  // the item's asking price, which Etsy and Shopify list at (decision 121: the seller's price wins over the list).
  const prices = await api.put(`${base}/api/price-list`, {
    data: { currency: 'USD', rows: [{ category: 'Mens Jeans', amountMinor: 2499 }], adjustments: [] },
  });
  expect(prices.ok(), await prices.text()).toBe(true);
  const created = await api.post(`${base}/api/items`, { data: { sku, category: 'Mens Jeans', condition: 'good', brand: "Levi's" } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as Item;
  const photo = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#1e3a8a' } })
    .jpeg()
    .toBuffer();
  const uploaded = await api.post(`${base}/api/items/${id}/images`, {
    multipart: { photos: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  expect((await api.post(`${base}/api/listings/generate`, { data: { itemIds: [id] } })).ok()).toBe(true);
  const itemNow = async () => (await (await api.get(`${base}/api/items/${id}`)).json()) as Item;
  await expect.poll(async () => (await itemNow()).aiGenerationStatus, { timeout: paced(60_000) }).toBe('completed');

  // eBay at a price of its own ($29.99), through its publish route.
  await connectFakeEbaySeller(api, { baseURL: base });
  const published = await api.post(`${base}/api/items/${id}/publish`, {
    data: {
      price: money(2999),
      quantity: 1,
      condition: 'good',
      categoryId: '11483',
      sizeType: 'Regular',
      size: '32',
      brand: "Levi's",
      color: 'Blue',
    },
  });
  expect(published.status(), await published.text()).toBe(202);

  // Etsy (consent, shop setup, when it was made) and Shopify (its store's address) on the Marketplaces screen.
  await page.goto(`${base}/channels`);
  await controlledByServiceWorker(page);
  const etsy = page.getByRole('region', { name: 'Etsy' });
  await etsy.getByRole('button', { name: 'Connect Etsy' }).click();
  await page.getByRole('button', { name: 'Allow access' }).click();
  await expect(etsy.getByTestId('etsy-status')).toHaveText(/^Connected: /);
  const setup = etsy.getByRole('form', { name: 'Set up your Etsy shop' });
  await setup.getByLabel('Shipping price ($)').fill('6.50');
  await setup.getByLabel('Ship-from postal code').fill('95125');
  await setup.getByRole('button', { name: 'Save shop setup' }).click();
  await expect(setup).toBeHidden();
  const shopify = page.getByRole('region', { name: 'Shopify' });
  await shopify.getByLabel('Your store’s Shopify address').fill('view-finds');
  await shopify.getByRole('button', { name: 'Connect Shopify' }).click();
  await expect(shopify.getByTestId('shopify-status')).toHaveText(/^Connected: /);
  await page.goto(`${base}/listings`);
  const listing = page.locator(`[data-testid="listing-card"][data-sku="${sku}"]`);
  await listing.getByTestId('listing-toggle').click();
  await listing.getByLabel('When was it made? (for Etsy)').selectOption('1990s');
  await expect(listing.getByTestId('etsy-listing-questions').getByText(/^Ready for Etsy/)).toBeVisible();

  // Etsy and Shopify from the card's picker.
  await page.goto(`${base}/`);
  const card = page.locator(`[data-testid="product-card"][data-sku="${sku}"]`);
  await card.getByRole('button', { name: `List on... ${sku}` }).click();
  const picker = page.getByRole('dialog', { name: 'List on...' });
  for (const name of ['Etsy', 'Shopify']) await picker.getByRole('checkbox', { name }).check();
  await picker.getByRole('button', { name: 'List 1 item on Etsy and Shopify' }).click();
  await expect(picker.getByTestId('list-on-outcome')).toBeVisible();
  await picker.getByRole('button', { name: 'Done' }).click();
  const statuses = async () => (await itemNow()).listings.map((l) => `${l.channel}:${l.status}`);
  await expect.poll(statuses, { timeout: paced(45_000) }).toEqual(['ebay:live', 'etsy:live', 'shopify:live']);

  // The item view: one uniform entry per channel, each with the price that channel gets, in minor units.
  const item = await itemNow();
  expect(item).not.toHaveProperty('publish');
  expect(item).not.toHaveProperty('ebayCategoryId');
  const [ebay, onEtsy, onShopify] = item.listings;
  expect(ebay).toMatchObject({ price: { amountMinor: 2999, currency: 'USD' }, ownPrice: true, quantity: 1, change: null });
  expect(ebay!.part).toMatchObject({ categoryId: '11483', settingsSaved: true });
  expect(onEtsy).toMatchObject({ channel: 'etsy', price: { amountMinor: 2999, currency: 'USD' } });
  expect(onShopify).toMatchObject({ channel: 'shopify', price: { amountMinor: 2999, currency: 'USD' } });
  expect(ebayPublishStateOf(item)).toMatchObject({ status: 'published', price: money(2999), quantity: 1 });
  expect(ebayCategoryOf(item).categoryId).toBe('11483');

  // The card: eBay's publish badge, Etsy's and Shopify's, and "Simulate a sale" once per simulated channel.
  await page.reload();
  await expect(card.getByTestId('badge-published')).toBeVisible();
  await expect(card.getByTestId('channel-badge-etsy')).toHaveText('Live on Etsy');
  await expect(card.getByTestId('channel-badge-shopify')).toHaveText('Live on Shopify');
  await card.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'card');
  for (const words of [simulatedSaleWords, simulatedEtsySaleWords, simulatedShopifySaleWords]) {
    await expect(await cardAction(page, sku, `${words.cardAction}: ${sku}`)).toBeVisible();
    await page.keyboard.press('Escape');
  }

  // The eBay screen reads eBay's entry: its price, quantity and link.
  await page.goto(`${base}/ebay`);
  const publishCard = page.locator(`[data-testid="publish-card"]`).filter({ hasText: sku });
  await expect(publishCard.getByTestId('publish-terms')).toContainText('Price $29.99 · Quantity 1');
  await expect(publishCard.getByRole('link', { name: 'View on eBay' })).toBeVisible();
  await publishCard.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'ebay-item');

  // A simulated sale on Etsy, from the card: sold there, and the card offers no more simulated sales.
  await page.goto(`${base}/`);
  await (await cardAction(page, sku, `${simulatedEtsySaleWords.cardAction}: ${sku}`)).click();
  await expect(page.getByTestId('toasts').getByText(simulatedEtsySaleWords.sold(sku))).toBeVisible();
  await expect(card.getByTestId('badge-sold')).toContainText('Etsy');
  await expect(card.getByRole('button', { name: `${simulatedSaleWords.cardAction}: ${sku}`, exact: true })).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'card-sold');
});
