/**
 * On the default install (the basic server: no eBay keys, no Etsy keys): Etsy runs simulated as eBay does.
 * A newcomer connects the simulated Etsy from the Marketplaces screen (its "Allow access" page under the app's
 * address), lists one product on eBay and Etsy from the card's picker, simulates a sale on Etsy from the card, and
 * sees it Sold and "Ended on eBay". Every screen that shows Etsy says it is simulated.
 */
import sharp from 'sharp';
import { money } from '@shared/domain/money';
import type { Item } from '@shared/contracts/items';
import { SIMULATED_ETSY_LABEL, simulatedEtsySaleWords } from '@shared/domain/simulated-etsy';
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
  saveScreen(page, { path: testInfo.outputPath(`simulated-etsy-${name}-${testInfo.project.name}.png`), fullPage: true });

/** A new seller on the basic server with one product written by the basic AI and live on the simulated eBay. */
async function liveOnSimulatedEbay(page: Page, sku: string): Promise<Item> {
  const api = page.context().request;
  const user = { email: uniqueEmail('simulated-etsy'), password: 'correct-horse' };
  expect((await api.post(`${base}/api/auth/sign-up/email`, { data: { ...user, name: 'Newcomer' } })).ok()).toBe(true);
  expect((await api.post(`${base}/api/auth/sign-in/email`, { data: user })).ok()).toBe(true);
  // The seller's price list gives the basic writer its asking price, which Etsy lists at.
  const prices = await api.put(`${base}/api/price-list`, {
    data: { currency: 'USD', rows: [{ category: 'Mens Jeans', amountMinor: 2499 }], adjustments: [] },
  });
  expect(prices.ok(), await prices.text()).toBe(true);
  const created = await api.post(`${base}/api/items`, { data: { sku, category: 'Mens Jeans', condition: 'good', brand: "Levi's" } });
  expect(created.status(), await created.text()).toBe(201);
  const item = (await created.json()) as Item;
  const photo = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#7c2d12' } })
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
      price: money(2499),
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
  // Etsy asks when it was made (never assumed).
  const answered = await api.put(`${base}/api/items/${item.id}/listings/etsy/answers`, { data: { whenMade: '1990s' } });
  expect(answered.ok(), await answered.text()).toBe(true);
  return item;
}

test('the simulated Etsy: connect, list on eBay and Etsy, a simulated sale on Etsy: Sold and "Ended on eBay"', async ({
  page,
}, testInfo) => {
  const sku = `SETSY-${run}-${testInfo.project.name === 'phone' ? 'P' : 'D'}`;
  const item = await liveOnSimulatedEbay(page, sku);

  // The Marketplaces screen offers Connect Etsy on the simulation, and says so.
  await page.goto(`${base}/channels`);
  await controlledByServiceWorker(page);
  const section = page.getByRole('region', { name: 'Etsy' });
  await expect(section.getByTestId('simulated-etsy-label')).toHaveText(SIMULATED_ETSY_LABEL);
  await expect(section.getByTestId('etsy-status')).toHaveText('Not connected.');
  await shot(page, testInfo, 'marketplaces');
  await section.getByRole('button', { name: 'Connect Etsy' }).click();
  // The simulated "Allow access" page, under the app's own address.
  await expect(page.getByRole('heading', { name: /Allow Resale Studio to access your Etsy shop/ })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/simulated-etsy/oauth/connect');
  await expect(page.getByText(SIMULATED_ETSY_LABEL)).toBeVisible();
  await shot(page, testInfo, 'consent');
  await page.getByRole('button', { name: 'Allow access' }).click();
  await expect(section.getByTestId('etsy-status')).toHaveText(/^Connected: FakeVintageShop\d*\.$/);
  const form = section.getByRole('form', { name: 'Set up your Etsy shop' });
  await form.getByLabel('Ship-from postal code').fill('95125');
  await form.getByRole('button', { name: 'Save shop setup' }).click();
  await expect(form).toBeHidden();
  await shot(page, testInfo, 'connected');

  // "List on..." offers Etsy again, labelled simulated.
  await page.goto(`${base}/`);
  const card = page.locator(`[data-testid="product-card"][data-sku="${sku}"]`);
  await card.getByRole('button', { name: `List on... ${sku}` }).click();
  const picker = page.getByRole('dialog', { name: 'List on...' });
  await expect(picker.getByTestId('picker-etsy')).toContainText('Connected');
  await expect(picker.getByTestId('simulated-etsy-label')).toHaveText(SIMULATED_ETSY_LABEL);
  await picker.getByRole('checkbox', { name: 'Etsy' }).check();
  await shot(page, testInfo, 'picker');
  await picker.getByRole('button', { name: 'List 1 item on Etsy' }).click();
  await expect(picker.getByTestId('list-on-outcome')).toBeVisible();
  await picker.getByRole('button', { name: 'Done' }).click();
  const api = page.context().request;
  await expect
    .poll(
      async () =>
        ((await (await api.get(`${base}/api/items/${item.id}`)).json()) as Item).listings.find((l) => l.channel === 'etsy')?.status,
      {
        timeout: paced(60_000),
      },
    )
    .toBe('live');

  // A simulated buyer on Etsy: the sale comes in through Etsy's pull; the eBay listing ends.
  await page.reload();
  await (await cardAction(page, sku, `${simulatedEtsySaleWords.cardAction}: ${sku}`)).click();
  await expect(page.getByTestId('toasts').getByText(simulatedEtsySaleWords.sold(sku))).toBeVisible();
  await expect(card.getByTestId('badge-sold')).toContainText('Etsy');
  await expect(card.getByTestId('badge-ended')).toHaveText('Ended on eBay');
  await expect(card.getByRole('button', { name: `${simulatedEtsySaleWords.cardAction}: ${sku}`, exact: true })).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'sold');

  // Sold: the item's listing screen asks nothing more for Etsy.
  await page.goto(`${base}/listings?q=${sku}`);
  const listing = page.locator(`[data-testid="listing-card"][data-sku="${sku}"]`);
  await listing.getByTestId('listing-toggle').click();
  await expect(listing.getByTestId('etsy-listing-questions')).toHaveText('Sold: Etsy asks nothing more of it.');
  await expect(listing.getByLabel('When was it made? (for Etsy)')).toHaveCount(0);
});
