/**
 * Sold with no cost (decision 155): a seller whose past sales came in without what they paid sees them
 * listed on What sells, ticks two bought together, types the total, picks where they bought them and saves; the
 * count drops, the brand no longer leaves sales out of its profit, and the source now shows a profit per hour.
 */
import { expect, test } from './support/fixtures';
import { expectPhoneFriendly } from './support/phone-checks';
import { saveScreen } from './support/screens';

// Marketplace history as it comes in: no cost and no source, but for one sale the seller had written down.
const pastSales = [
  'Sold date,Listed date,Marketplace,Title,SKU,Brand,Category,Source,Cost,Price',
  '2026-10-03,2026-09-28,eBay,Barbour wax jacket,COST-1,Barbour,Jackets,,,60.00',
  '2026-10-20,2026-10-12,eBay,Barbour quilted gilet,COST-2,Barbour,Jackets,,,30.00',
  '2026-11-03,2026-10-30,Etsy,Levi’s 501 jeans,COST-3,Levi’s,Jeans,,,25.00',
  '2026-09-12,2026-09-01,eBay,Patagonia fleece,COST-4,Patagonia,Jackets,Car boot sale,6.00,58.00',
].join('\n');

test('past sales with no cost: two bought together get their total and source, and count in the profit', async ({
  signedInPage: page,
  isMobile,
}, testInfo) => {
  const project = testInfo.project.name;
  const seeded = await page.request.post('/api/what-sells/past-sales', { data: { csv: pastSales, locale: 'en-US' } });
  expect(seeded.ok(), await seeded.text()).toBe(true);
  expect(await seeded.json()).toMatchObject({ imported: 4, problems: [] });

  await page.goto('/what-sells');
  await expect(page.getByRole('heading', { name: 'What sells' })).toBeVisible();
  const panel = page.getByTestId('sold-without-cost');
  await expect(panel.getByRole('heading', { name: /Sold with no cost/ })).toBeVisible();
  await expect(panel.getByTestId('sold-without-cost-count')).toHaveText('3 items');
  await expect(panel).toContainText('Their profit is left out until you say what you paid.');
  await expect(panel.getByTestId('sold-without-cost-item').first()).toContainText('Sold on Etsy for $25.00 on Nov 3, 2026');

  const rows = isMobile ? page.getByTestId('what-sells-card') : page.getByTestId('what-sells-table').locator('tbody tr');
  const barbour = rows.filter({ hasText: 'Barbour' });
  await expect(barbour).toContainText('2 sold with no cost: left out');

  await panel.getByLabel('Select COST-1').check();
  await panel.getByLabel('Select COST-2').check();
  await expect(panel).toContainText('2 selected');
  await panel.getByLabel('What you paid').fill('30');
  await expect(panel.getByLabel('By price sold')).toBeChecked();
  await panel.getByRole('button', { name: 'Car boot sale' }).click();
  await expect(panel.getByRole('button', { name: 'Car boot sale' })).toHaveAttribute('aria-pressed', 'true');
  // From the top: a full-page screenshot taken scrolled paints the sticky header over the middle.
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreen(page, { path: `e2e/.artifacts/screens/what-sells-cost-panel-${project}.png`, fullPage: true });
  if (isMobile) {
    await panel.getByRole('button', { name: 'Save cost of 2 items' }).scrollIntoViewIfNeeded();
    await expectPhoneFriendly(page, `what-sells-cost-${project}`);
  }
  await panel.getByRole('button', { name: 'Save cost of 2 items' }).click();

  await expect(page.getByTestId('toasts').getByText('Saved: 2 items now count in your profit')).toBeVisible();
  await expect(panel.getByTestId('sold-without-cost-count')).toHaveText('1 item');
  await expect(panel.getByLabel('Select COST-1')).toHaveCount(0);
  await expect(panel.getByLabel('Select COST-3')).not.toBeChecked();
  await expect(barbour).not.toContainText('sold with no cost');

  await page.getByRole('button', { name: 'Source', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Source', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const carBoot = rows.filter({ hasText: 'Car boot sale' });
  await expect(carBoot).toContainText('3 of 3');
  if (isMobile) await expect(carBoot).toContainText(/\$\d+\.\d\d\s*\/ hour/);
  else await expect(carBoot.locator('td').first()).toHaveText(/^\$\d+\.\d\d$/);
  await expect(carBoot).not.toContainText('sold with no cost');
  await saveScreen(page, { path: `e2e/.artifacts/screens/what-sells-cost-source-${project}.png`, fullPage: true });
});
