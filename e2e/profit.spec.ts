import { ebayPublishStateOf } from '@shared/contracts/ebay-listing';
import { money, type Money } from '@shared/domain/money';
/**
 * Cost and profit, desktop and phone, against the fake eBay: the seller enters a cost at capture; an item
 * published and sold on the fake shows "fees pending" until eBay's fees come (the fake's set-fees), its profit counting
 * eBay's published fees meanwhile, named as an estimate (decision 127), then its profit (price + shipping charged −
 * fees − shipping cost − cost); the Profit view shows the month (chart, table or
 * phone cards) and exports it as CSV. Each test connects its own fake eBay user (add-seller), so other specs' sales
 * never reach it.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Item } from '@shared/contracts/items';
import { profitCsvColumns, profitCsvSaleColumns } from '@shared/contracts/profit';
import { openCamera, steerCamera, takePhotos } from './capture-helpers';
import { seriousViolations } from './support/axe';
import { connectFakeEbaySeller, newFakeEbaySeller } from './support/ebay-seller';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { seedWrittenListing } from './support/listed-items';
import { expectNoSidewaysScroll } from './support/phone-checks';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

let jpeg: Buffer;
test.beforeAll(async () => {
  jpeg = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#7a2c4a' } })
    .jpeg()
    .toBuffer();
});

const shot = (name: string, page: Page, project: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/profit-${name}-${project}.png`, fullPage: true });

const run = Date.now().toString(36).toUpperCase();

const newEbayUser = newFakeEbaySeller;

/** Publishes through the API and waits for the job. */
async function publish(request: APIRequestContext, item: Item, price: Money) {
  const answer = await request.post(`/api/items/${item.id}/publish`, {
    data: { price, quantity: 1, condition: 'good', categoryId: '11483', sizeType: 'Regular', size: '32', brand: 'Levi', color: 'Blue' },
  });
  expect(answer.status(), await answer.text()).toBe(202);
  await expect
    .poll(async () => ebayPublishStateOf((await (await request.get(`/api/items/${item.id}`)).json()) as Item)?.status, {
      timeout: paced(60_000),
    })
    .toBe('published');
}

const control = async (request: APIRequestContext, action: string, data: object) => {
  const answer = await request.post(`${e2eEnv.fakeEbayURL}/__control/${action}`, { data });
  expect(answer.ok(), await answer.text()).toBe(true);
  return answer.json();
};

const checkForSales = async (request: APIRequestContext) => {
  const answer = await request.post('/api/channels/ebay/sales/check');
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as { newSales: number };
};

test('a cost entered at capture and on the sold item; fees pending, then the profit; the Profit view and its CSV', async ({
  signedInPage: page,
}, testInfo) => {
  const project = testInfo.project.name;

  // At capture: one field, optional, on the created batch.
  await steerCamera(page);
  await page.goto('/capture');
  await openCamera(page);
  await takePhotos(page, 1);
  await page.getByRole('button', { name: 'Upload 1' }).click();
  const created = page.getByTestId('batch-created');
  await expect(created.getByText('Product Batch Created!')).toBeVisible({ timeout: paced(30_000) });
  const capturedSku = (await created.getByTestId('created-sku').textContent())!;
  const captureCost = created.getByRole('textbox', { name: `Cost (what you paid, optional) of ${capturedSku}`, exact: true });
  await captureCost.fill('abc');
  await captureCost.press('Enter');
  await expect(created.getByRole('alert')).toHaveText('Enter an amount such as 4.50');
  await captureCost.fill('3.5');
  await captureCost.press('Enter');
  await expect(created.getByRole('status').filter({ hasText: 'Cost saved' })).toBeVisible();
  await expect(captureCost).toHaveValue('3.50');
  await shot('capture-cost', page, project);
  const captured = ((await (await page.request.get('/api/items?view=batches')).json()) as { items: Item[] }).items.find(
    (i) => i.sku === capturedSku,
  );
  expect(captured?.cost).toEqual(money(350));

  // An item published on the fake eBay and bought there.
  const ebayUserId = await newEbayUser(page.request);
  await connectFakeEbaySeller(page.request, { ebayUserId });
  const item = await seedWrittenListing(page.request, jpeg, `PROFIT-${run}-${project}`.toUpperCase());
  await publish(page.request, item, money(3450));
  const state = (await (await page.request.get(`${e2eEnv.fakeEbayURL}/__control/state`)).json()) as {
    offers: { sku: string; userId: string }[];
  };
  const ebaySku = state.offers.find((o) => o.userId === ebayUserId)!.sku;
  const order = (await control(page.request, 'sell', { sku: ebaySku, sellerUserId: ebayUserId, shipping: '5.99' })) as { orderId: string };

  // "Check for sales" on the dashboard; on its card: fees pending, their published estimate named; the seller enters
  // the cost and what the label cost.
  await page.goto('/');
  await page.getByRole('button', { name: 'Check for sales' }).click();
  // The pull asks every connected marketplace: under load it can take over the default 10 s.
  await expect(page.getByTestId('toasts').getByText('1 new sale.')).toBeVisible({ timeout: paced(30_000) });
  const card = page.locator(`[data-testid="product-card"][data-sku="${item.sku}"]`);
  await card.getByTestId('item-profit-button').click();
  const sheet = page.getByRole('dialog', { name: `Cost and profit · ${item.sku}` });
  const sale = sheet.getByTestId('item-sale');
  await expect(sale.getByTestId('sale-fees')).toHaveText('fees pending');
  await expect(sale.getByTestId('sale-profit')).toContainText('enter the cost to see it');
  const cost = sheet.getByRole('textbox', { name: `Cost (what you paid, optional) of ${item.sku}`, exact: true });
  await cost.fill('6');
  await cost.press('Enter');
  await expect(sheet.getByText('Cost saved')).toBeVisible();
  const shipping = sale.getByRole('textbox', { name: 'Your shipping cost' });
  await shipping.fill('7.45');
  await shipping.press('Enter');
  // 34.50 + 5.99 − eBay's published fees (13.25% of 40.49 + 0.40 = 5.76, an estimate) − 7.45 − 6.00.
  await expect(sale.getByTestId('sale-profit')).toContainText('$21.28');
  await expect(sale.getByTestId('sale-profit-estimated')).toHaveText('estimated: counts published fees');

  // eBay charges its fees; the next check reads them, and the open sheet follows: 34.50 + 5.99 − 4.77 − 7.45 − 6.00.
  await control(page.request, 'set-fees', { orderId: order.orderId, fees: ['4.77'] });
  await checkForSales(page.request);
  const stored = await page.request.get(`/api/items/${item.id}/profit`);
  expect((await stored.json()).sales[0]).toMatchObject({
    fees: { amountMinor: 477, currency: 'USD' },
    profit: { amountMinor: 2227, currency: 'USD' },
  });
  await expect(sale.getByTestId('sale-fees')).toHaveText('$4.77', { timeout: paced(20_000) });
  await expect(sale.getByTestId('sale-profit')).toContainText('$22.27');
  await expect(shipping).toHaveValue('7.45');
  await shot('item-profit', page, project);
  await sheet.getByRole('button', { name: 'Close' }).click();

  // The Profit view, from the header.
  await page.getByRole('link', { name: 'Profit' }).click();
  await expect(page.getByRole('heading', { name: 'Profit', level: 1 })).toBeVisible();
  // One month: its three bars (revenue, fees and costs, profit).
  await expect(page.getByTestId('profit-chart').locator('.recharts-bar-rectangle')).toHaveCount(3);
  const month = await page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
  });
  const row = page.locator(`[data-testid="${project === 'phone' ? 'profit-card' : 'profit-row'}"][data-month="${month}"]`);
  await expect(row).toContainText('$40.49');
  await expect(row).toContainText('$4.77');
  await expect(row).toContainText('$22.27');
  await expect(row).not.toContainText('Profit leaves out');
  await shot('view', page, project);
  expect(await seriousViolations(page)).toEqual([]);
  if (project === 'phone') await expectNoSidewaysScroll(page);

  // The CSV export: the month as the table shows it, then the sale on its own line.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^profit-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await download.path())!, 'utf8').split('\r\n');
  expect(lines[0]).toBe(profitCsvColumns.join(','));
  expect(lines.slice(1)).toEqual([
    `${month},USD,1,1,40.49,4.77,7.45,6.00,22.27,0,0,0,0,0,0,0.0`,
    '',
    profitCsvSaleColumns.join(','),
    expect.stringMatching(
      new RegExp(`^${month}-\\d{2},${item.sku},.*,ebay,${order.orderId},1,USD,34\\.50,5\\.99,4\\.77,7\\.45,6\\.00,22\\.27,$`),
    ),
    '',
  ]);
});
