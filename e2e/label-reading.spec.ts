/**
 * On the defaults (the basic server: the offline writer, the simulated eBay, no keys), a product photographed with its
 * brand tag and size tag reaches the review queue with its brand and size read from the photos (decision 165): the
 * form does not ask them, and says what was read on which photo for the seller to check. Desktop and phone.
 */
import { randomUUID } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { autopilotPaths, type AutopilotSettingsBody } from '@shared/contracts/autopilot';
import { itemsPaths } from '@shared/contracts/items';
import { garmentPhoto } from '../src/server/test/garment-photos';
import { labelPhoto, type LabelSpec } from '../src/server/test/label-photos';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { e2eEnv } from './support/e2e-env';
import { expect, test, uniqueEmail } from './support/fixtures';
import { saveScreen } from './support/screens';

const base = e2eEnv.basicBaseURL;
const shot = (page: Page, testInfo: TestInfo, step: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/label-reading-${step}-${testInfo.project.name}.png`, scale: 'css' });

const tag = (seed: number, lines: LabelSpec['lines']) =>
  labelPhoto(
    { kind: 'swing tag', lines, home: 'US', seed, truth: { brand: null, size: null, composition: null, country: null, rn: null } },
    { clean: true, size: 640 },
  );

test('a product photographed with its tags reaches the review queue with brand and size read, and where from', async ({
  page,
}, testInfo) => {
  const api = page.context().request;
  const user = { email: uniqueEmail('labels'), password: 'correct-horse' };
  expect((await api.post(`${base}/api/auth/sign-up/email`, { data: { ...user, name: 'Labels' } })).ok()).toBe(true);
  expect((await api.post(`${base}/api/auth/sign-in/email`, { data: user })).ok()).toBe(true);
  await connectFakeEbaySeller(api, { baseURL: base });
  const defaults = (await (await api.get(`${base}${autopilotPaths.settings}`)).json()) as AutopilotSettingsBody;
  expect((await api.put(`${base}${autopilotPaths.settings}`, { data: { ...defaults, enabled: true } })).ok()).toBe(true);

  const sku = `TAGS-${testInfo.project.name.toUpperCase()}`;
  const photos = [
    await garmentPhoto({ garment: '#44618a', background: '#f4f3f0', shape: 'trousers', seed: 7 }),
    await tag(3, [{ text: "LEVI'S", scale: 2.4, bold: true }]),
    await tag(5, [{ text: 'W32 L32', scale: 1.8, bold: true }]),
  ];
  const sent = await api.post(
    `${base}${itemsPaths.productUpload({ uploadKey: randomUUID(), sku, category: 'Mens Jeans', condition: 'good', photoTotal: photos.length })}`,
    {
      multipart: Object.fromEntries(
        photos.map((buffer, i) => [`photos${i}`, { name: `${i + 1}.jpg`, mimeType: 'image/jpeg', buffer }]),
      ) as Record<string, { name: string; mimeType: string; buffer: Buffer }>,
    },
  );
  expect(sent.ok(), await sent.text()).toBe(true);

  await page.goto(`${base}/`);
  const row = page.getByTestId('autopilot-review').locator(`[data-testid="autopilot-review-item"][data-sku="${sku}"]`);
  const read = row.getByTestId('autopilot-read-facts');
  await expect(read).toBeVisible({ timeout: 45_000 });
  await expect(read.getByText('Read from the photos')).toBeVisible();
  await expect(read.locator('[data-fact="brand"]')).toContainText(/Levi's · Photo 2 · Read on the label: "LEVI'?S"/i);
  await expect(read.locator('[data-fact="size"]')).toContainText('W32 L32 · Photo 3');
  const form = row.getByRole('form', { name: `Quick Fix for ${sku}` });
  // Asked only what no photo showed: the colour, not the brand nor the size.
  await expect(form.getByLabel('Color')).toBeVisible();
  await expect(form.getByLabel('Brand', { exact: true })).toHaveCount(0);
  await expect(form.getByLabel('Size', { exact: true })).toHaveCount(0);
  await read.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'review');
});
