/**
 * A server with no eBay keys (the basic one: no provider keys at all) runs the simulated eBay. From the
 * eBay screen the seller connects it through its consent page under the app's own address, sees it labelled, publishes
 * one product and finds it listed on the simulation's own page, labelled on every screen it touches.
 */
import sharp from 'sharp';
import type { Item } from '@shared/contracts/items';
import { SIMULATED_EBAY_LABEL } from '@shared/domain/simulated-ebay';
import { e2eEnv } from './support/e2e-env';
import { setUpFakeEbayPolicies } from './support/ebay-seller';
import { expect, test, uniqueEmail } from './support/fixtures';
import { controlledByServiceWorker, withServiceWorker } from './support/service-worker';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => isMobile, 'a flow runs once: on the desktop; its screens are checked on the phone elsewhere (decision 135)');

// The path sellers run: with the app's service worker answering the app.
test.use(withServiceWorker);

const base = e2eEnv.basicBaseURL;
const run = Date.now().toString(36).toUpperCase();

test('without eBay keys: connect the simulated eBay from the eBay screen, publish one product, see it listed, labelled', async ({
  page,
}, testInfo) => {
  const api = page.context().request;
  const user = { email: uniqueEmail('simulated-ebay'), password: 'correct-horse' };
  expect((await api.post(`${base}/api/auth/sign-up/email`, { data: { ...user, name: 'Newcomer' } })).ok()).toBe(true);
  expect((await api.post(`${base}/api/auth/sign-in/email`, { data: user })).ok()).toBe(true);
  const sku = `SIM-${run}-${testInfo.project.name === 'phone' ? 'P' : 'D'}`;
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
  await expect
    .poll(async () => ((await (await api.get(`${base}/api/items/${item.id}`)).json()) as Item).aiGenerationStatus, {
      timeout: paced(60_000),
    })
    .toBe('completed');

  // The eBay screen says it is a simulation before anything is connected.
  await page.goto(`${base}/ebay`);
  await controlledByServiceWorker(page);
  await expect(page.getByTestId('simulated-ebay-label').first()).toHaveText(SIMULATED_EBAY_LABEL);
  await expect(page.getByTestId('ebay-not-connected')).toContainText('(simulated)');

  // Connect: the consent page is the simulation's, under the app's own address, and labelled too.
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect eBay' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: /Grant application access/ })).toBeVisible();
  expect(new URL(popup.url()).origin + new URL(popup.url()).pathname).toBe(`${base}/simulated-ebay/oauth2/authorize`);
  await expect(popup.getByText(SIMULATED_EBAY_LABEL)).toBeVisible();
  await popup.getByRole('button', { name: 'Agree' }).click();
  await expect(popup.getByText('Success')).toBeVisible();
  await expect(popup.getByTestId('simulated-ebay-label')).toHaveText(SIMULATED_EBAY_LABEL);
  await expect(page.getByTestId('ebay-connection-card')).toContainText('simulated_seller', { timeout: paced(15_000) });

  // Policies and a location, as on eBay, through the API; then publish from the card.
  await setUpFakeEbayPolicies(api, base);
  await page.reload();

  const card = page.locator(`[data-testid="publish-card"][data-sku="${sku}"]`);
  await expect(card.getByTestId('simulated-ebay-label')).toHaveText(SIMULATED_EBAY_LABEL);
  // The offline draft has no price: Publish opens the settings, which keep the price, Size and Color.
  await card.getByRole('button', { name: 'Publish to eBay' }).click();
  const settings = card.getByRole('form', { name: `Publish settings ${sku}` });
  await settings.getByLabel('Price (USD)').fill('24.99');
  await settings.getByLabel('Size', { exact: true }).fill('32');
  await settings.getByLabel('Color').fill('Blue');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByTestId('readiness-ok')).toBeVisible();
  await page.reload();
  await card.getByRole('button', { name: 'Publish to eBay' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Publish to eBay' });
  await expect(confirm.getByTestId('simulated-ebay-label')).toHaveText(SIMULATED_EBAY_LABEL);
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await expect(card.getByTestId('badge-published')).toBeVisible({ timeout: paced(60_000) });

  // Listed: the link leads to the simulation's own page, and is labelled beside it and there.
  const link = card.getByRole('link', { name: 'View on eBay' });
  const listingUrl = (await link.getAttribute('href'))!;
  expect(listingUrl).toMatch(new RegExp(`^${base}/simulated-ebay/itm/\\d+$`));
  await expect(card.getByTestId('simulated-ebay-label')).toHaveText(SIMULATED_EBAY_LABEL);
  await saveScreen(page, { path: testInfo.outputPath(`listed-${testInfo.project.name}.png`) });
  const listing = await page.context().newPage();
  await listing.goto(listingUrl);
  await expect(listing.getByTestId('simulated-ebay-label')).toHaveText(SIMULATED_EBAY_LABEL);
  await expect(listing.getByText(`SKU ${sku}`)).toBeVisible();
  await expect(listing.getByText('24.99 USD')).toBeVisible();
});
