/**
 * "What sells" (decision 149): a seller imports the spreadsheet of their past sales and sees, for each brand
 * and source, profit per hour of their time and days to sale: cards on a phone, a table on a wide screen; corrects
 * their minutes per item and the profit per hour follows; exports the table as CSV.
 */
import path from 'node:path';
import { whatSellsCsvColumns } from '@shared/contracts/what-sells';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { expectPhoneFriendly } from './support/phone-checks';
import { saveScreen } from './support/screens';

const sheet = path.join(import.meta.dirname, 'fixtures/past-sales.csv');

test('an imported history: profit per hour and days to sale by brand and source, the seller’s own minutes, CSV', async ({
  signedInPage: page,
  isMobile,
}, testInfo) => {
  const project = testInfo.project.name;
  await page.goto('/profit');
  await page.getByRole('link', { name: 'What sells' }).click();
  await expect(page.getByRole('heading', { name: 'What sells' })).toBeVisible();
  await expect(page.getByText('Nothing listed or sold yet.')).toBeVisible();

  await page.getByLabel('Import past sales (CSV)').setInputFiles(sheet);
  await expect(page.getByRole('status')).toHaveText('Imported 8 sales.');

  // By brand, best per hour first: Patagonia sold in a week at the best margins.
  const rows = isMobile ? page.getByTestId('what-sells-card') : page.getByTestId('what-sells-table').locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('Patagonia');
  await expect(rows.first()).toContainText('7.0 days');
  await expect(rows.first()).toContainText('3 of 3');
  const perHourBefore = await rows
    .first()
    .getByText(/^\$\d+\.\d\d/)
    .first()
    .textContent();
  await expect(page.getByTestId('what-sells-chart')).toContainText('Profit per hour of your time');
  await saveScreen(page, { path: `e2e/.artifacts/screens/what-sells-brand-${project}.png`, fullPage: true });

  await page.getByRole('button', { name: 'Source', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Source', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Goodwill' })).toContainText('5 of 5');
  await expect(rows.filter({ hasText: 'Car boot sale' })).toContainText('3 of 3');

  // The seller photographs slower than the estimate: the profit per hour falls.
  await page.getByText('Your time per item').click();
  await page.getByLabel('Photographing an item (minutes)').fill('12');
  await page.getByRole('button', { name: 'Save my time' }).click();
  await expect(page.getByText('Saved. Profit per hour is worked out again.')).toBeVisible();
  await page.getByRole('button', { name: 'Brand', exact: true }).click();
  await expect(rows.first()).not.toContainText(perHourBefore!);
  await page.getByLabel('Photographing an item (minutes)').fill('-2');
  await page.getByRole('button', { name: 'Save my time' }).click();
  await expect(page.getByText('Minutes from 0 to 600, such as 4 or 2.5')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const { readFileSync } = await import('node:fs');
  const csv = readFileSync(file, 'utf8').trim().split('\r\n');
  expect(csv[0]).toBe(whatSellsCsvColumns.join(','));
  expect(csv).toHaveLength(4);

  expect(await seriousViolations(page)).toEqual([]);
  if (isMobile) await expectPhoneFriendly(page, 'what sells');
  await saveScreen(page, { path: `e2e/.artifacts/screens/what-sells-time-${project}.png`, fullPage: true });
});
