/**
 * Days to sale, predicted (decision 147): a seller whose past sales are in (imported from a spreadsheet, as
 * a seller does) photographs a pair of Levi's jeans and its card shows, per marketplace, the predicted days to sale
 * and what it rests on: eBay from their 12 sales of Levi's Mens Jeans, Depop "not enough" with 3.
 *
 * The plan uses it (decision 152): an item live on Poshmark longer than its prediction there leads the aging view,
 * marked "Past its predicted N days on Poshmark"; the collapsed card says "Sells in ~N days on Poshmark"; the seller
 * times the first drop of their rule to the prediction.
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { generateJpegs } from './capture-helpers';
import { cardAction } from './support/card-actions';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { expect, test } from './support/fixtures';
import { expectPhoneFriendly } from './support/phone-checks';
import { saveScreen } from './support/screens';

const header = 'Sold date,Listed date,Marketplace,Title,Brand,Category,Size,Source,Cost,Price,Shipping charged,Fees,Shipping cost';
const day = (offset: number) => new Date(Date.UTC(2026, 5, 1) + offset * 86_400_000).toISOString().slice(0, 10);
const row = (marketplace: string, listed: number, days: number, n: number) =>
  `${day(listed + days)},${day(listed)},${marketplace},Levi's 501 jeans ${n},Levi's,Mens Jeans,32,Goodwill,4.00,35.00,0.00,4.00,5.00`;
const ebayDays = [3, 5, 6, 8, 9, 11, 12, 14, 15, 18, 21, 25];
/** Zara's dresses sell faster on eBay than Levi's jeans: a card of each shows its own figure. */
const zaraRow = (listed: number, days: number, n: number) =>
  `${day(listed + days)},${day(listed)},eBay,Zara dress ${n},Zara,Dresses,M,Goodwill,4.00,25.00,0.00,3.00,4.00`;
const sheet = [
  header,
  ...ebayDays.map((days, n) => row('eBay', n * 3, days, n)),
  ...[4, 9, 30].map((days, n) => row('Depop', n * 5, days, 100 + n)),
  ...[1, 2, 2, 3, 3, 4, 4, 5, 6].map((days, n) => zaraRow(n * 2, days, 200 + n)),
].join('\n');

/** A product with one photo, as the phone sends it. */
async function photographed(request: APIRequestContext, sku: string, facts: { category?: string; brand: string }) {
  const created = await request.post('/api/items', { data: { sku, condition: 'good', ...facts } });
  expect(created.status(), await created.text()).toBe(201);
  const [photo] = await generateJpegs(1, { prefix: sku });
  const uploaded = await request.post(`/api/items/${(await created.json()).id}/images`, {
    multipart: { photos: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: readFileSync(photo!.path) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
}

test('each card shows its own days to sale and what it rests on; none once its marketplace is disconnected', async ({
  signedInPage: page,
  isMobile,
}, testInfo) => {
  const request = page.context().request;
  await connectFakeEbaySeller(request);
  const imported = await request.post('/api/what-sells/past-sales', { data: { csv: sheet, locale: 'en-US' } });
  expect(imported.status(), await imported.text()).toBe(200);
  expect((await imported.json()).imported).toBe(24);

  await photographed(request, 'DTS-1', { category: 'Mens Jeans', brand: "Levi's" });
  // No category yet (its title says "Clothing or Accessory"): Zara's own sales, not every sale.
  await photographed(request, 'DTS-2', { brand: 'Zara' });
  // A brand never sold here: nothing rather than every sale's figure.
  await photographed(request, 'DTS-3', { category: 'Belts', brand: 'Coach' });

  await page.goto('/');
  const card = (sku: string) => page.locator(`[data-testid="product-card"][data-sku="${sku}"]`);
  // Collapsed, each card says it in one line and what it rests on (decisions 152, 168), from one batched call.
  await expect(card('DTS-1').getByTestId('days-to-sale-line')).toHaveText('Sells in ~11 days on eBay');
  await expect(card('DTS-1').getByTestId('days-to-sale-from')).toHaveText("from 12 sales of Levi's Mens Jeans on eBay");
  await expect(card('DTS-2').getByTestId('days-to-sale-line')).toHaveText('Sells in ~3 days on eBay');
  await expect(card('DTS-2').getByTestId('days-to-sale-from')).toHaveText('from 9 sales of Zara on eBay');
  await expect(card('DTS-3')).toBeVisible();
  await expect(card('DTS-3').getByTestId('days-to-sale-card')).toHaveCount(0);
  await saveScreen(card('DTS-2'), { path: `e2e/.artifacts/screens/days-to-sale-own-${testInfo.project.name}.png` });

  await (await cardAction(page, 'DTS-1', 'Show photo')).click();
  const prediction = card('DTS-1').getByRole('region', { name: 'Days to sale, predicted' });
  await expect(prediction.locator('[data-channel="ebay"]')).toHaveText(
    /^eBay: about 11 days \(\d+ to \d+\), from your 12 sales of Levi's Mens Jeans$/,
  );
  await expect(prediction.locator('[data-channel="ebay"]')).toHaveAttribute('data-basis', 'your-sales');
  await expect(prediction.locator('[data-channel="depop"]')).toHaveText(
    "Depop: not enough of your sales of Levi's Mens Jeans to say (3 of the 8 needed); Depop’s similar sold items carry no dates.",
  );
  // The figure first, then the marketplaces without one.
  await expect(prediction.getByRole('listitem').first()).toHaveAttribute('data-channel', 'ebay');
  await prediction.scrollIntoViewIfNeeded();
  if (isMobile) await expectPhoneFriendly(page, 'days to sale');
  await saveScreen(card('DTS-1'), { path: `e2e/.artifacts/screens/days-to-sale-${testInfo.project.name}.png` });

  // eBay disconnected: no card names it any more, without a reload.
  await page.goto('/ebay');
  const connection = page.getByTestId('ebay-connection-card');
  await connection.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('alertdialog', { name: 'Disconnect eBay' }).getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Connect eBay First')).toBeVisible();
  await page.getByRole('link', { name: 'Resale Studio' }).click();
  await expect(card('DTS-2')).toBeVisible();
  await expect(page.getByTestId('days-to-sale-card')).toHaveCount(0);
});

const poshSheet = [header, ...ebayDays.map((days, n) => row('Poshmark', n * 3, days, 200 + n))].join('\n');

/** A photographed Levi's jeans live on Poshmark (marked listed by hand) for `days` days. */
async function liveOnPoshmark(request: APIRequestContext, sku: string, days: number) {
  const created = await request.post('/api/items', { data: { sku, category: 'Mens Jeans', condition: 'good', brand: "Levi's" } });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).id as string;
  const [photo] = await generateJpegs(1, { prefix: sku });
  const uploaded = await request.post(`/api/items/${id}/images`, {
    multipart: { photos: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: readFileSync(photo!.path) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const listed = await request.post(`/api/items/${id}/listings/poshmark/listed`, { data: { url: `https://poshmark.com/listing/${sku}` } });
  expect(listed.ok(), await listed.text()).toBe(true);
  const aged = await request.post(`/api/test/items/${id}/listings/poshmark/age`, { data: { days } });
  expect(aged.status(), await aged.text()).toBe(204);
}

test('the plan uses it: past its prediction first in aging stock, a line on the collapsed card, drops timed to it', async ({
  signedInPage: page,
  isMobile,
}, testInfo) => {
  const request = page.context().request;
  const project = testInfo.project.name;
  const imported = await request.post('/api/what-sells/past-sales', { data: { csv: poshSheet, locale: 'en-US' } });
  expect(imported.status(), await imported.text()).toBe(200);
  await liveOnPoshmark(request, 'DTS-OLD', 60);
  await liveOnPoshmark(request, 'DTS-NEW', 2);

  await page.goto('/');
  const line = (sku: string) => page.locator(`[data-testid="product-card"][data-sku="${sku}"]`).getByTestId('days-to-sale-line');
  await expect(line('DTS-OLD')).toHaveText(/^Sells in ~\d+ days on Poshmark$/);
  await expect(page.locator('[data-testid="product-card"][data-sku="DTS-OLD"]').getByTestId('days-to-sale-from')).toHaveText(
    "from 12 sales of Levi's Mens Jeans on Poshmark",
  );
  await expect(line('DTS-NEW')).toHaveText(/^Sells in ~\d+ days on Poshmark$/);
  const predicted = Number((await line('DTS-OLD').textContent())!.match(/~(\d+)/)![1]);
  expect(predicted).toBeLessThan(60);
  await saveScreen(page.locator('[data-testid="product-card"][data-sku="DTS-OLD"]'), {
    path: `e2e/.artifacts/screens/days-to-sale-collapsed-${project}.png`,
  });

  await page.goto('/aging-stock');
  const past = page.getByTestId('aging-past-prediction');
  await expect(past.getByTestId('aging-item')).toHaveCount(1);
  await expect(past.getByTestId('aging-item').first()).toContainText('DTS-OLD');
  await expect(past.getByTestId('past-prediction')).toHaveText(`Past its predicted ${predicted} days on Poshmark`);
  // In its band too, first; the new one, not past, unmarked in the first band.
  await page.getByTestId('aging-band-31-60').getByRole('button').first().click();
  await expect(page.getByTestId('aging-band-31-60').getByTestId('aging-item').first()).toContainText('DTS-OLD');
  if (isMobile) await expectPhoneFriendly(page, 'aging stock past prediction');
  await saveScreen(page, { path: `e2e/.artifacts/screens/days-to-sale-aging-${project}.png`, fullPage: true });

  await page.goto('/selling-plan');
  const form = page.getByRole('form', { name: 'Your drops and relists' });
  await form.getByLabel('Drop by (%)').fill('10');
  await form.getByLabel('First drop after (days listed)').fill('14');
  await form.getByLabel('Time the first drop to its predicted days to sale').check();
  await form.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByText(/10% off after 14 days, 10% after 28, moved to its predicted days to sale/).first()).toBeVisible();
  if (isMobile) await expectPhoneFriendly(page, 'selling plan timed to the prediction');
  await saveScreen(form, { path: `e2e/.artifacts/screens/days-to-sale-plan-setting-${project}.png` });
});
