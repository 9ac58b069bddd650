/**
 * On the default install (the basic server: no keys, the simulated eBay) a newcomer makes a sale
 * without a buyer, from the product card ("Simulate a sale") or from the simulated listing page ("Buy it now
 * (simulation)"); the sale comes in through the sales pull and the card shows Sold.
 */
import sharp from 'sharp';
import type { Item } from '@shared/contracts/items';
import { SIMULATED_EBAY_LABEL, simulatedSaleWords } from '@shared/domain/simulated-ebay';
import { simulatedOrderWords } from '@shared/domain/simulated-orders';
import type { APIRequestContext, Page } from '@playwright/test';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { e2eEnv } from './support/e2e-env';
import { expect, test, uniqueEmail } from './support/fixtures';
import { cardAction } from './support/card-actions';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

const base = e2eEnv.basicBaseURL;
const run = Date.now().toString(36).toUpperCase();

/** A new seller on the basic server with one product live on the simulated eBay: its SKU and listing link. */
async function liveOnSimulatedEbay(page: Page, name: string): Promise<{ sku: string; listingUrl: string }> {
  const api: APIRequestContext = page.context().request;
  const user = { email: uniqueEmail(`simulated-sale-${name}`), password: 'correct-horse' };
  expect((await api.post(`${base}/api/auth/sign-up/email`, { data: { ...user, name: 'Newcomer' } })).ok()).toBe(true);
  expect((await api.post(`${base}/api/auth/sign-in/email`, { data: user })).ok()).toBe(true);
  const sku = `SALE-${run}-${name}`;
  const created = await api.post(`${base}/api/items`, { data: { sku, category: 'Mens Jeans', condition: 'good', brand: "Levi's" } });
  expect(created.status(), await created.text()).toBe(201);
  const item = (await created.json()) as Item;
  const photo = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#334155' } })
    .jpeg()
    .toBuffer();
  const uploaded = await api.post(`${base}/api/items/${item.id}/images`, {
    multipart: { photos: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  expect((await api.post(`${base}/api/listings/generate`, { data: { itemIds: [item.id] } })).ok()).toBe(true);
  const itemNow = async () => (await (await api.get(`${base}/api/items/${item.id}`)).json()) as Item;
  await expect.poll(async () => (await itemNow()).aiGenerationStatus, { timeout: paced(60_000) }).toBe('completed');
  await connectFakeEbaySeller(api, { baseURL: base });
  const published = await api.post(`${base}/api/items/${item.id}/publish`, {
    data: {
      price: { amountMinor: 2499, currency: 'USD' },
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
  await expect
    .poll(async () => (await itemNow()).listings.find((l) => l.channel === 'ebay')?.status, { timeout: paced(60_000) })
    .toBe('live');
  const listingUrl = (await itemNow()).listings.find((l) => l.channel === 'ebay')!.url!;
  return { sku, listingUrl };
}

test('"Simulate a sale" on the card of a product live on the simulated eBay: Sold', async ({ page }, testInfo) => {
  const { sku } = await liveOnSimulatedEbay(page, `C${testInfo.project.name === 'phone' ? 'P' : 'D'}`);
  await page.goto(`${base}/`);
  const card = page.locator(`[data-testid="product-card"][data-sku="${sku}"]`);
  await expect(card.getByTestId('badge-published')).toBeVisible();
  await (await cardAction(page, sku, `${simulatedSaleWords.cardAction}: ${sku}`)).click();
  await expect(page.getByTestId('toasts').getByText(simulatedSaleWords.sold(sku))).toBeVisible();
  await expect(card.getByTestId('badge-sold')).toContainText('$24.99');
  // Sold out: no second sale offered.
  await expect(card.getByRole('button', { name: `${simulatedSaleWords.cardAction}: ${sku}` })).toHaveCount(0);
  await saveScreen(page, { path: testInfo.outputPath(`card-sold-${testInfo.project.name}.png`) });
});

test('"Buy it now (simulation)" on the simulated listing page: the card shows Sold', async ({ page }, testInfo) => {
  const { sku, listingUrl } = await liveOnSimulatedEbay(page, `L${testInfo.project.name === 'phone' ? 'P' : 'D'}`);
  await page.goto(listingUrl);
  await expect(page.getByTestId('simulated-ebay-label')).toHaveText(SIMULATED_EBAY_LABEL);
  await saveScreen(page, { path: testInfo.outputPath(`listing-page-${testInfo.project.name}.png`) });
  await page.getByRole('button', { name: simulatedSaleWords.buyNow }).click();
  await expect(page.getByText('A simulated buyer bought this listing')).toBeVisible();
  const orderId = /\(order ([^)]+)\)/.exec(await page.getByText('A simulated buyer bought this listing').innerText())![1]!;
  await page.goto(`${base}/`);
  const card = page.locator(`[data-testid="product-card"][data-sku="${sku}"]`);
  await expect(card.getByTestId('badge-sold')).toContainText('$24.99');
  // The listing has ended: its page offers nothing more to buy.
  await page.goto(listingUrl);
  await expect(page.getByText('Ended')).toBeVisible();
  await expect(page.getByRole('button', { name: simulatedSaleWords.buyNow })).toHaveCount(0);

  // The order's page on the simulated Seller Hub (where "Cancel on eBay" leads), and its cancel: the sale
  // is taken back.
  await page.goto(`${base}/simulated-ebay/sh/ord/details?orderid=${encodeURIComponent(orderId)}`);
  await expect(page.getByRole('heading', { name: simulatedOrderWords.heading(orderId) })).toBeVisible();
  await expect(page.getByTestId('simulated-ebay-label')).toHaveText(SIMULATED_EBAY_LABEL);
  await saveScreen(page, { path: `e2e/.artifacts/screens/simulated-ebay-order-${testInfo.project.name}.png`, fullPage: true });
  await page.getByRole('button', { name: simulatedOrderWords.cancel }).click();
  await expect(page.getByText(simulatedOrderWords.cancelled)).toBeVisible();
  await saveScreen(page, { path: `e2e/.artifacts/screens/simulated-ebay-order-cancelled-${testInfo.project.name}.png`, fullPage: true });
  await page.goto(`${base}/`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('badge-sold')).toHaveCount(0);
});
