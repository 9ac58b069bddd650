/**
 * On the default install (the basic server: the simulated eBay in-process): a men's polo is
 * offered the men's categories first in Publish Settings (not only "Women's Clothing > Tops", which eBay refuses for
 * Department "Men"), and with no inventory location set, the first publish creates it, as readiness promised.
 */
import sharp from 'sharp';
import type { Item } from '@shared/contracts/items';
import { answerFakeConsent } from '../fakes/ebay/fake-ebay-consent';
import { e2eEnv } from './support/e2e-env';
import { expect, test, uniqueEmail } from './support/fixtures';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

const base = e2eEnv.basicBaseURL;
const run = Date.now().toString(36).toUpperCase();

test('without eBay keys: a men’s polo is offered men’s categories, and publishes with no location set', async ({ page }, testInfo) => {
  const api = page.context().request;
  const user = { email: uniqueEmail('simulated-polo'), password: 'correct-horse' };
  expect((await api.post(`${base}/api/auth/sign-up/email`, { data: { ...user, name: 'Polo' } })).ok()).toBe(true);
  expect((await api.post(`${base}/api/auth/sign-in/email`, { data: user })).ok()).toBe(true);
  const sku = `POLO-${run}-${testInfo.project.name === 'phone' ? 'P' : 'D'}`;
  const created = await api.post(`${base}/api/items`, { data: { sku, category: 'Mens Tops', condition: 'good', brand: 'Ralph Lauren' } });
  expect(created.status(), await created.text()).toBe(201);
  const item = (await created.json()) as Item;
  const photo = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#1e3a8a' } })
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

  // Connect the simulated eBay and create the policies, but set no location.
  const start = await api.post(`${base}/api/channels/ebay/connect`);
  const authUrl = new URL((await start.json()).url as string);
  const cookie = (await api.storageState()).cookies
    .filter((c) => c.domain.replace(/^\./, '') === authUrl.hostname)
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
  const callback = await answerFakeConsent(authUrl.href, 'agree', undefined, cookie);
  const exchange = await api.post(`${base}/api/channels/ebay/connection`, {
    data: { code: callback.get('code'), state: callback.get('state') },
  });
  expect(exchange.ok(), await exchange.text()).toBe(true);
  const policies = await api.post(`${base}/api/ebay/policies`, {
    data: {
      handlingTimeDays: 1,
      shippingServiceCode: 'USPSGroundAdvantage',
      shippingCost: '5.99',
      freeShipping: false,
      returnPeriodDays: 30,
    },
  });
  expect(policies.ok(), await policies.text()).toBe(true);

  await page.goto(`${base}/ebay`);
  const card = page.locator(`[data-testid="publish-card"][data-sku="${sku}"]`);
  await expect(card).toContainText('No inventory location set (will be created automatically on first publish)');
  await card.getByRole('button', { name: /Publish Settings/ }).click();
  const settings = card.getByRole('form', { name: `Publish settings ${sku}` });
  const category = settings.getByLabel('eBay category');
  const offered = (await category.locator('option').allTextContents()).filter((label) => label.includes('>'));
  expect(offered.length).toBeGreaterThan(0);
  expect(offered[0]).toMatch(/^Men's Clothing/);
  // A men's top comes with its default eBay category (decision 066), and eBay's suggestions are offered beside it.
  expect(offered.every((label) => label.startsWith("Men's Clothing"))).toBe(true);
  expect(offered).toContain("Men's Clothing > Polos");
  await category.selectOption({ label: "Men's Clothing > Polos" });
  await settings.getByLabel('Price (USD)').fill('29.99');
  await settings.getByLabel('Size', { exact: true }).fill('L');
  await settings.getByLabel('Color').fill('Blue');
  await saveScreen(page, { path: `e2e/.artifacts/screens/polo-settings-${testInfo.project.name}.png` });
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toasts').getByText('Publish settings saved')).toBeVisible();

  await page.reload();
  await card.getByRole('checkbox', { name: `Select ${sku}` }).check();
  await page.getByRole('button', { name: 'Publish 1 to eBay' }).click();
  await expect(page.getByText('Bulk publish complete: 1 published, 0 failed')).toBeVisible({ timeout: paced(60_000) });
  await expect(card.getByTestId('badge-published')).toBeVisible();
  const { connection } = await (await api.get(`${base}/api/ebay/connection`)).json();
  expect(connection.defaultLocation).toMatchObject({ city: 'San Jose' });
  await saveScreen(page, { path: `e2e/.artifacts/screens/polo-published-${testInfo.project.name}.png` });
});
