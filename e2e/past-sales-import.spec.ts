/**
 * Importing past sales from a connected marketplace (decision 150), against the fake eBay: a seller with
 * orders on eBay from before they used the app connects eBay, presses "Import past sales from eBay" on What sells,
 * follows the job to its result, and sees the sales counted by marketplace; a second import adds nothing. Each test
 * connects its own fake eBay user, so no other spec's orders are among these.
 */
import { expect, test } from './support/fixtures';
import { connectFakeEbaySeller, newFakeEbaySeller } from './support/ebay-seller';
import { e2eEnv } from './support/e2e-env';
import { expectPhoneFriendly } from './support/phone-checks';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test('past sales from eBay: imported from the orders and counted on What sells; a second import adds nothing', async ({
  signedInPage: page,
  isMobile,
}, testInfo) => {
  const project = testInfo.project.name;
  const ebayUser = await newFakeEbaySeller(page.request);
  await connectFakeEbaySeller(page.request, { ebayUserId: ebayUser });
  const orders = [
    { sku: 'PAST-A', title: 'Barbour wax jacket', price: '120.00', shipping: '9.50', daysAgo: 400, fees: true },
    { sku: 'PAST-B', title: 'Levi’s 501 jeans', price: '45.00', daysAgo: 200, fees: true },
    { sku: 'PAST-C', title: 'Patagonia fleece', price: '60.00', daysAgo: 30 },
  ];
  const seeded = await page.request.post(`${e2eEnv.fakeEbayURL}/__control/add-orders`, { data: { sellerUserId: ebayUser, orders } });
  expect(seeded.ok(), await seeded.text()).toBe(true);

  await page.goto('/what-sells');
  await expect(page.getByRole('heading', { name: 'What sells' })).toBeVisible();
  const ebay = page.getByTestId('past-sales-ebay');
  await ebay.getByRole('button', { name: 'Import past sales from eBay' }).click();
  await expect(ebay.getByRole('status')).toHaveText('Imported 3 sales from eBay.', { timeout: paced(15_000) });

  await page.getByRole('button', { name: 'Marketplace', exact: true }).click();
  const rows = isMobile ? page.getByTestId('what-sells-card') : page.getByTestId('what-sells-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('eBay');
  await expect(rows.first()).toContainText('3 of 3');
  if (isMobile) await expectPhoneFriendly(page, `past-sales-import-${project}`);
  else await saveScreen(page, { path: `e2e/.artifacts/screens/past-sales-import-${project}.png`, fullPage: true });

  await ebay.getByRole('button', { name: 'Import past sales from eBay' }).click();
  await expect(ebay.getByRole('status')).toHaveText('Nothing new to import from eBay: 3 sales already here.', { timeout: paced(15_000) });
  await expect(rows.first()).toContainText('3 of 3');
});

/** A spreadsheet of this many past sales: three of the e2e server’s batches of 200 (PAST_SALES_BATCH_ROWS). */
const LONG_SHEET_ROWS = 600;
const longSheet = () => {
  const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
  const rows = Array.from(
    { length: LONG_SHEET_ROWS },
    (_, n) => `${day((n % 300) + 6)},${day(n % 300)},eBay,Levi's,4.00,${(20 + n / 100).toFixed(2)}`,
  );
  return ['Sold date,Listed date,Marketplace,Brand,Cost,Price', ...rows].join('\n');
};

test('a long spreadsheet of past sales: its progress, then its result; history on What sells, no product card', async ({
  signedInPage: page,
  isMobile,
}, testInfo) => {
  const project = testInfo.project.name;
  await page.goto('/what-sells');
  await expect(page.getByRole('heading', { name: 'What sells' })).toBeVisible();
  await page
    .getByLabel('Import past sales (CSV)')
    .setInputFiles({ name: 'history.csv', mimeType: 'text/csv', buffer: Buffer.from(longSheet()) });

  const bar = page.getByRole('progressbar', { name: 'Past sales import' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('max', String(LONG_SHEET_ROWS));
  await expect(page.getByTestId('past-sales-progress')).toContainText(`of ${LONG_SHEET_ROWS.toLocaleString('en-US')} lines`);
  if (isMobile) await expectPhoneFriendly(page, `past-sales-progress-${project}`);
  else await saveScreen(page, { path: `e2e/.artifacts/screens/past-sales-progress-${project}.png`, fullPage: true });
  await expect(page.getByText(`Imported ${LONG_SHEET_ROWS} sales.`)).toBeVisible({ timeout: paced(40_000) });
  await expect(bar).toHaveCount(0);

  // What sells counts the history...
  const rows = isMobile ? page.getByTestId('what-sells-card') : page.getByTestId('what-sells-table').locator('tbody tr');
  await expect(rows.filter({ hasText: "Levi's" })).toContainText(
    `${LONG_SHEET_ROWS.toLocaleString('en-US')} of ${LONG_SHEET_ROWS.toLocaleString('en-US')}`,
  );
  await saveScreen(page, { path: `e2e/.artifacts/screens/past-sales-done-${project}.png`, fullPage: true });

  // ...and the dashboard shows no product of it: a history is no stock.
  await page.goto('/');
  await expect(page.getByTestId('batch-count')).toHaveText('(0)');
  await expect(page.getByTestId('product-card')).toHaveCount(0);
});
