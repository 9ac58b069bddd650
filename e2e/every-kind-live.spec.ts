/**
 * On the defaults (the basic server: the offline writer, the simulated eBay, no keys), five
 * products of five kinds (a tee, jeans, trainers, a belt, a dress) uploaded with their SKUs only all go live from the
 * review queue, each asked once in one form, answering only what a seller knows: what it is (in words), its
 * condition, brand, size and colour. The sign-up, eBay connection, price list and "Publish when ready" go through
 * the API (first-run.spec.ts walks them on screen).
 */
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { autopilotPaths, type AutopilotRunResponse, type AutopilotSettingsBody } from '@shared/contracts/autopilot';
import { priceListPaths } from '@shared/contracts/price-list';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { e2eEnv } from './support/e2e-env';
import { expect, test, uniqueEmail } from './support/fixtures';
import { paced } from './support/pace';
import { saveScreen } from './support/screens';

test.skip(({ isMobile }) => isMobile, 'a flow runs once: on the desktop; its screens are checked on the phone elsewhere (decision 135)');

const base = e2eEnv.basicBaseURL;
const pictures = path.join(e2eEnv.root, 'fakes/ebay/pictures');
const runOf = async (page: Page) =>
  (await (await page.context().request.get(`${base}${autopilotPaths.run}`)).json()) as AutopilotRunResponse;
const shot = (page: Page, testInfo: TestInfo, step: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/every-kind-${step}-${testInfo.project.name}.png` });

/** What the seller answers of each: what it is in words, and what they know of it. */
const products = [
  { sku: 'TEE-1', kind: "Men's T-shirt or top", brand: 'Gap', size: 'M', colour: 'Navy' },
  { sku: 'JEANS-1', kind: "Women's jeans", brand: "Levi's", size: '28', colour: 'Blue' },
  { sku: 'TRAINERS-1', kind: "Men's trainers or sneakers", brand: 'Nike', size: '10', colour: 'Orange' },
  { sku: 'BELT-1', kind: "Men's belt", brand: 'Fossil', size: '34', colour: 'Brown' },
  { sku: 'DRESS-1', kind: 'Dress', brand: 'Zara', size: 'M', colour: 'Pink' },
] as const;

/** One seller on the defaults puts `kinds` live from the review queue, answering what a seller knows. */
async function allLive(page: Page, testInfo: TestInfo, kinds: readonly (typeof products)[number][]) {
  const api = page.context().request;
  const user = { email: uniqueEmail('every-kind'), password: 'correct-horse' };
  expect((await api.post(`${base}/api/auth/sign-up/email`, { data: { ...user, name: 'Kinds' } })).ok()).toBe(true);
  expect((await api.post(`${base}/api/auth/sign-in/email`, { data: user })).ok()).toBe(true);
  await connectFakeEbaySeller(api, { baseURL: base });
  const prices = { currency: 'USD', rows: ['Mens Tops', 'Womens Jeans', 'Shoes', 'Accessories', 'Other Clothing'], adjustments: [] };
  const listed = await api.put(`${base}${priceListPaths.priceList}`, {
    data: { ...prices, rows: prices.rows.map((category) => ({ category, amountMinor: 2500 })) },
  });
  expect(listed.ok(), await listed.text()).toBe(true);
  const defaults = (await (await api.get(`${base}${autopilotPaths.settings}`)).json()) as AutopilotSettingsBody;
  expect((await api.put(`${base}${autopilotPaths.settings}`, { data: { ...defaults, enabled: true } })).ok()).toBe(true);

  // Upload Files: one photo each, its SKU typed under it.
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: /Create New Product Batch/ }).click();
  await page.getByRole('button', { name: /Upload Files/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload and Assign SKUs' });
  await dialog.getByTestId('upload-file-input').setInputFiles(kinds.map((_, i) => path.join(pictures, `photo-${i + 1}.jpg`)));
  for (const [i, { sku }] of kinds.entries()) await dialog.getByRole('textbox', { name: `SKU for photo ${i + 1}`, exact: true }).fill(sku);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByTestId('queue-entry')).toHaveCount(0, { timeout: paced(20_000) });
  await page.goto(`${base}/`);
  const review = page.getByTestId('autopilot-review');
  await expect(review.getByTestId('autopilot-review-item')).toHaveCount(kinds.length, { timeout: paced(20_000) });

  for (const [index, { sku, kind, brand, size, colour }] of kinds.entries()) {
    const row = review.locator(`[data-testid="autopilot-review-item"][data-sku="${sku}"]`);
    const form = row.getByRole('form', { name: `Quick Fix for ${sku}` });
    await expect(row.getByTestId('autopilot-reasons')).toContainText('Choose an eBay category');
    // What it is, in words: never an eBay category id.
    await form.getByLabel('What it is').selectOption({ label: kind });
    await expect(row.getByTestId('autopilot-reasons')).not.toContainText('Choose an eBay category');
    await expect(form.getByLabel('Color')).toBeVisible();
    // Only what a seller knows: Department and a Size Type of one value are filled, MPN too ("Does Not Apply").
    const asked = await form.locator('label').allTextContents();
    expect(
      asked.filter((label) => !['What it is', 'Condition', 'Brand', 'Size', 'Size Type', 'US Shoe Size', 'Color'].includes(label)),
      sku,
    ).toEqual([]);
    await form.getByLabel('Condition').selectOption('good');
    await form.getByLabel('Brand').fill(brand);
    await form.getByLabel(/^(Size|US Shoe Size)$/).selectOption(size);
    if (asked.includes('Size Type')) await form.getByLabel('Size Type').selectOption('Regular');
    // eBay's colours, each once; a navy tee is "Blue" there.
    const colours = await form.getByLabel('Color').locator('option').allTextContents();
    expect(new Set(colours).size, `${sku}: each colour once`).toBe(colours.length);
    await form.getByLabel('Color').selectOption(colours.includes(colour) ? colour : 'Blue');
    if (index === 0) await shot(page, testInfo, `review-form-${sku}`);
    await form.getByRole('button', { name: new RegExp(`${sku}$`) }).click();
    await expect(form).toBeHidden({ timeout: paced(15_000) });
  }

  let run: AutopilotRunResponse['run'] = null;
  await expect
    .poll(async () => (run = (await runOf(page)).run)?.counts, { timeout: paced(30_000) })
    .toMatchObject({ live: kinds.length, waiting: 0, failed: 0 })
    // One still on its way: where it stopped (written, checked, published) is what to read.
    .catch((error: unknown) => {
      const onTheWay = (run as AutopilotRunResponse['run'])?.moving.map((m) => `${m.sku}: ${m.stage}`);
      throw new Error(`${error instanceof Error ? error.message : String(error)}\nOn the way: ${JSON.stringify(onTheWay)}`);
    });
  // The cards follow by themselves (the event stream): each says Published.
  for (const { sku } of kinds)
    await expect(page.locator(`[data-testid="product-card"][data-sku="${sku}"]`).getByTestId('badge-published')).toBeVisible();
}

// Split in two sellers, each well within a minute: the flow is the same for all five kinds.
test('a tee, jeans and trainers go live from the review queue on the defaults', async ({ page }, testInfo) => {
  await allLive(page, testInfo, products.slice(0, 3));
});

test('a belt and a dress go live from the review queue on the defaults', async ({ page }, testInfo) => {
  await allLive(page, testInfo, products.slice(3));
});
