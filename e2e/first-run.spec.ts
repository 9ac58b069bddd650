/**
 * Issue 42 item 19 and its "Done when": the README's first-run steps, followed literally through the UI on the
 * defaults `npm start` runs with (the basic server: the offline writer, the simulated eBay, no keys), as a newcomer.
 */
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { autopilotPaths, type AutopilotRunResponse } from '@shared/contracts/autopilot';
import { e2eEnv } from './support/e2e-env';
import { expect, test, uniqueEmail } from './support/fixtures';

const base = e2eEnv.basicBaseURL;
const pictures = path.join(e2eEnv.root, 'fakes/ebay/pictures');
const runOf = async (page: Page) => (await (await page.request.get(`${base}${autopilotPaths.run}`)).json()) as AutopilotRunResponse;
const shot = (page: Page, testInfo: TestInfo, step: string) =>
  page.screenshot({ path: `e2e/.artifacts/screens/first-run-${step}-${testInfo.project.name}.png` });

test('the README first run, steps 1-6: sign up, price list, eBay, Publish when ready, upload, the review asks each product', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const user = { email: uniqueEmail('first-run'), password: 'correct-horse' };

  // 1. Sign up.
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await shot(page, testInfo, '1-sign-up');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created! You can now sign in.')).toBeVisible();
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  // 2. Price list, offered once after sign-up.
  await expect(page.getByText('Set your price list')).toBeVisible();
  await shot(page, testInfo, '2-offer');
  await page.getByRole('link', { name: 'Set my prices' }).click();
  await expect(page.getByRole('heading', { name: 'Your price list' })).toBeVisible();
  await shot(page, testInfo, '2-price-list');
  for (const [category, price] of [
    ['Mens Tops', '15'],
    ['Womens Jeans', '28'],
    ['Mens Jeans', '28'],
    ['Mens Outerwear', '45'],
    ['Womens Tops', '15'],
    ['Womens Outerwear', '45'],
  ])
    await page.getByLabel(category!, { exact: true }).fill(price!);
  await page.getByRole('button', { name: 'Save my price list' }).click();
  await expect(page.getByText('Your price list is saved.')).toBeVisible();

  // 3. Marketplaces, Open eBay screen, Connect eBay, Agree; Create Policies and Set Location.
  await page.getByRole('link', { name: 'Marketplaces' }).first().click();
  await shot(page, testInfo, '3-marketplaces');
  await page.getByRole('link', { name: 'Open eBay screen' }).click();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect eBay' }).click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: 'Agree' }).click();
  const card = page.getByTestId('ebay-connection-card');
  await expect(card).toContainText('simulated_seller', { timeout: 15_000 });
  await shot(page, testInfo, '3-ebay-connected');
  await card.getByRole('button', { name: 'Create Policies' }).click();
  const policies = page.getByRole('dialog', { name: 'Create Policies' });
  await shot(page, testInfo, '3-create-policies');
  await policies.getByRole('button', { name: 'Create Policies' }).click();
  await expect(page.getByTestId('toasts').getByText('Business policies created successfully')).toBeVisible();
  await card.getByRole('button', { name: 'Set Location' }).click();
  const location = page.getByRole('dialog', { name: 'Default location' });
  await shot(page, testInfo, '3-set-location');
  await location.getByLabel('City').fill('San Jose');
  await location.getByLabel('State or province').fill('CA');
  await location.getByLabel('Postal code').fill('95125');
  await location.getByRole('button', { name: 'Save Location' }).click();
  await expect(location).toBeHidden();

  // 4. Publish when ready (Marketplaces screen, Settings), on its defaults.
  await page.getByRole('link', { name: 'Marketplaces' }).first().click();
  await page.getByTestId('autopilot-settings-row').getByRole('button', { name: 'Settings' }).click();
  const sheet = page.getByRole('dialog', { name: 'Publish when ready' });
  await sheet.getByRole('switch', { name: 'Publish every new product when ready' }).click();
  await shot(page, testInfo, '4-publish-when-ready');
  await sheet.getByRole('button', { name: 'Save' }).click();
  await expect(sheet).toBeHidden();
  await shot(page, testInfo, '4-saved');

  // 5. Create New Product Batch: pick the photos of 5 products, one SKU each, and upload.
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await page.getByRole('button', { name: /Create New Product Batch/ }).click();
  await shot(page, testInfo, '5-capture');
  await page.getByRole('button', { name: /Upload Files/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload and Assign SKUs' });
  await dialog.getByTestId('upload-file-input').setInputFiles([1, 2, 3, 4, 5].map((n) => path.join(pictures, `photo-${n}.jpg`)));
  await expect(dialog.getByTestId('upload-tile').locator('img')).toHaveCount(5);
  const skus = ['TEE-1', 'WJEANS-1', 'JACKET-1', 'JEANS-1', 'JEANS-2'];
  for (const [i, sku] of skus.entries()) await dialog.getByRole('textbox', { name: `SKU for photo ${i + 1}`, exact: true }).fill(sku);
  await shot(page, testInfo, '5-upload');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  // Each product's entry leaves the queue a moment after it is uploaded; a failed one would stay.
  await expect(dialog.getByTestId('queue-entry')).toHaveCount(5);
  await expect(dialog.getByTestId('queue-entry')).toHaveCount(0, { timeout: 60_000 });
  await shot(page, testInfo, '5-uploaded');
  await page.goto(`${base}/`);
  const review = page.getByTestId('autopilot-review');
  await expect(review.getByTestId('autopilot-review-item')).toHaveCount(5, { timeout: 90_000 });
  await shot(page, testInfo, '6-review');
  const jeans = ['WJEANS-1', 'JEANS-1', 'JEANS-2'];
  const kinds: Record<string, string> = {
    'TEE-1': 'Mens Tops',
    'WJEANS-1': 'Womens Jeans',
    'JACKET-1': 'Mens Outerwear',
    'JEANS-1': 'Mens Jeans',
    'JEANS-2': 'Mens Jeans',
  };
  for (const sku of skus) {
    const form = review
      .locator(`[data-testid="autopilot-review-item"][data-sku="${sku}"]`)
      .getByRole('form', { name: `Quick Fix for ${sku}` });
    await form.getByLabel('What it is').selectOption(kinds[sku]!);
    await form.getByLabel('Condition').selectOption('good');
    await form.getByRole('button', { name: new RegExp(`${sku}$`) }).click();
  }
  await expect.poll(async () => (await runOf(page)).run?.counts.moving, { timeout: 90_000 }).toBe(0);
  await page.reload();
  await expect(page.getByTestId('autopilot-counts')).toBeVisible();
  await shot(page, testInfo, '6-review-2');
  // Then the facts eBay requires of each, all in one form; each product is asked its own Size.
  const wanted: Record<string, string> = { 'Size Type': 'Regular', Color: 'Blue', Brand: "Levi's", Department: 'Men' };
  const asked: Record<string, string[]> = {};
  for (const sku of skus) {
    const row = review.locator(`[data-testid="autopilot-review-item"][data-sku="${sku}"]`);
    if (!(await row.count())) continue;
    const form = row.getByRole('form', { name: `Quick Fix for ${sku}` });
    asked[sku] = [];
    for (const field of await form.locator('select, input').all()) {
      const id = await field.getAttribute('id');
      const name = (await form.locator(`label[for="${id}"]`).textContent())!.trim();
      asked[sku].push(name);
      const value = name === 'Size' ? (kinds[sku]!.includes('Jeans') ? '32' : 'M') : (wanted[name] ?? 'Cotton');
      if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
      else await field.fill(value);
    }
    await shot(page, testInfo, `6-review-${sku}`);
    await form.getByRole('button', { name: new RegExp(`${sku}$`) }).click();
  }
  // Each of the jeans, the two identical ones too, is asked its own Size. The tee and the jacket are not yet: their
  // categories have no eBay category the app knows (HINT_EBAY_CATEGORIES names jeans only), so they wait on
  // "Choose an eBay category" (the Done-when's 5 live is the test.fixme below).
  for (const sku of jeans) expect(asked[sku], `${sku} is asked its Size`).toContain('Size');
});

// Steps 7-9 of the README (Published, Simulate a sale, Profit) on these five products wait for two fixes: the tee's
// and the jacket's categories have no eBay category the app knows (HINT_EBAY_CATEGORIES names jeans only), and the
// jeans, once the seller said what they are, are refused as "Listing out of date: the category, condition or brand
// changed after it was written" (the autopilot does not rewrite a listing whose inputs changed).
test.fixme('Done when: after the price list and each size given once, all 5 go live by themselves, one sells, Profit counts it', () => {});
