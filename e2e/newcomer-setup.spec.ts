/**
 * On the default install (the basic server: no eBay keys, no Etsy keys): /test-ebay-config
 * says the simulated eBay is running and what real keys would change, with no red "Missing" and no raw codes; the
 * eBay screen names the marketplace and the simulation in words; Etsy runs simulated: offered by "List
 * on..." and connectable from the Marketplaces screen, labelled simulated.
 */
import { simulatedEbayConfigWords } from '@shared/domain/simulated-ebay';
import { SIMULATED_ETSY_LABEL } from '@shared/domain/simulated-etsy';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { e2eEnv } from './support/e2e-env';
import { expect, test, uniqueEmail } from './support/fixtures';
import { controlledByServiceWorker, withServiceWorker } from './support/service-worker';
import { saveScreen } from './support/screens';

test.skip(({ isMobile }) => isMobile, 'a flow runs once: on the desktop; its screens are checked on the phone elsewhere (decision 135)');

// The path sellers run: with the app's service worker answering the app.
test.use(withServiceWorker);

const base = e2eEnv.basicBaseURL;
const run = Date.now().toString(36).toUpperCase();

test('/test-ebay-config on the simulated eBay: it runs, nothing is missing, the keys’ effect is said', async ({ page }, testInfo) => {
  await page.goto(`${base}/test-ebay-config`);
  await controlledByServiceWorker(page);
  await page.getByRole('button', { name: 'Test Configuration' }).click();
  await expect(page.getByText(simulatedEbayConfigWords.title)).toBeVisible();
  await expect(page.getByText(simulatedEbayConfigWords.withKeys)).toBeVisible();
  await expect(page.getByText('Not ready to connect eBay accounts')).toHaveCount(0);
  await expect(page.getByText('Missing', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Environment: Sandbox')).toHaveCount(0);
  await expect(page.getByTestId('ebay-client_id')).toContainText(simulatedEbayConfigWords.notNeeded);
  await saveScreen(page, { path: testInfo.outputPath(`test-ebay-config-${testInfo.project.name}.png`), fullPage: true });
});

test('the eBay screen on the simulation: "eBay US" and "Simulated eBay", not EBAY_US and Sandbox', async ({ page }, testInfo) => {
  const api = page.context().request;
  const user = { email: uniqueEmail('newcomer-ebay'), password: 'correct-horse' };
  expect((await api.post(`${base}/api/auth/sign-up/email`, { data: { ...user, name: 'Newcomer' } })).ok()).toBe(true);
  expect((await api.post(`${base}/api/auth/sign-in/email`, { data: user })).ok()).toBe(true);
  await connectFakeEbaySeller(api, { baseURL: base });
  await page.goto(`${base}/ebay`);
  await controlledByServiceWorker(page);
  const card = page.getByTestId('ebay-connection-card');
  await expect(card.getByTestId('ebay-environment')).toContainText('Simulated eBay');
  await expect(card).toContainText('eBay US');
  await expect(card).not.toContainText('EBAY_US');
  await expect(card).not.toContainText('Sandbox');
  await saveScreen(page, { path: testInfo.outputPath(`ebay-screen-${testInfo.project.name}.png`) });
});

test('Etsy without keys: simulated, offered by "List on..." and connectable from the Marketplaces screen', async ({ page }, testInfo) => {
  const api = page.context().request;
  const user = { email: uniqueEmail('newcomer-etsy'), password: 'correct-horse' };
  expect((await api.post(`${base}/api/auth/sign-up/email`, { data: { ...user, name: 'Newcomer' } })).ok()).toBe(true);
  expect((await api.post(`${base}/api/auth/sign-in/email`, { data: user })).ok()).toBe(true);
  const sku = `ETSY-${run}`;
  expect((await api.post(`${base}/api/items`, { data: { sku, category: 'Mens Jeans' } })).status()).toBe(201);

  await page.goto(`${base}/`);
  await controlledByServiceWorker(page);
  await page.getByRole('button', { name: `List on... ${sku}` }).click();
  const picker = page.getByTestId('channel-picker');
  await expect(picker.getByTestId('picker-ebay')).toBeVisible();
  await expect(picker.getByTestId('picker-etsy')).toBeVisible();
  await expect(picker.getByTestId('simulated-etsy-label')).toHaveText(SIMULATED_ETSY_LABEL);
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();

  await page.goto(`${base}/channels`);
  const section = page.getByRole('region', { name: 'Etsy' });
  await expect(section.getByTestId('etsy-status')).toHaveText('Not connected.');
  await expect(section.getByTestId('simulated-etsy-label')).toHaveText(SIMULATED_ETSY_LABEL);
  await expect(section.getByRole('button', { name: 'Connect Etsy' })).toBeVisible();
  await expect(section).not.toContainText('ETSY_KEYSTRING');
  await saveScreen(page, { path: testInfo.outputPath(`marketplaces-${testInfo.project.name}.png`) });
});
