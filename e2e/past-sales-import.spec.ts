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
  await expect(ebay.getByRole('status')).toHaveText('Imported 3 sales from eBay.', { timeout: 15_000 });

  await page.getByRole('button', { name: 'Marketplace', exact: true }).click();
  const rows = isMobile ? page.getByTestId('what-sells-card') : page.getByTestId('what-sells-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('eBay');
  await expect(rows.first()).toContainText('3 of 3');
  if (isMobile) await expectPhoneFriendly(page, `past-sales-import-${project}`);
  else await saveScreen(page, { path: `e2e/.artifacts/screens/past-sales-import-${project}.png`, fullPage: true });

  await ebay.getByRole('button', { name: 'Import past sales from eBay' }).click();
  await expect(ebay.getByRole('status')).toHaveText('Nothing new to import from eBay: 3 sales already here.', { timeout: 15_000 });
  await expect(rows.first()).toContainText('3 of 3');
});
