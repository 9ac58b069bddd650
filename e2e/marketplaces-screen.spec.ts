/**
 * The Marketplaces screen: reached from the header on a desktop and a phone, one section per marketplace;
 * eBay's says whether it is connected and leads to the eBay screen.
 */
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { connectFakeEtsy } from './support/etsy-seller';
import { controlledByServiceWorker, withServiceWorker } from './support/service-worker';
import { saveScreen } from './support/screens';

// The path sellers run: with the app's service worker answering the app.
test.use(withServiceWorker);

const shot = (name: string) => `e2e/.artifacts/screens/${name}-${test.info().project.name}.png`;

test('the header leads to Marketplaces; eBay is not connected and its section opens the eBay screen', async ({ signedInPage: page }) => {
  await page.goto('/');
  await controlledByServiceWorker(page);
  await page.getByRole('link', { name: 'Marketplaces' }).click();
  await expect(page.getByRole('heading', { name: 'Marketplaces', level: 1 })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/channels');
  const ebay = page.getByRole('region', { name: 'eBay' });
  await expect(ebay.getByText('Not connected.')).toBeVisible();
  // Depop, not connected, is handed over with the marketplaces no app lists on: the section says it need not stay so.
  await expect(page.getByRole('region', { name: 'Listed by you, prepared by the app' })).toContainText(
    'Depop: listed for you once connected above; until then, prepared here.',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreen(page, { path: shot('marketplaces'), fullPage: true });
  await ebay.getByRole('link', { name: 'Open eBay screen' }).click();
  expect(new URL(page.url()).pathname).toBe('/ebay');
});

test.describe('on the phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

  test('the Marketplaces screen and eBay’s diagnostics say how many sales checks were made today of each daily limit', async ({
    signedInPage: page,
  }) => {
    await page.goto('/channels');
    await controlledByServiceWorker(page);
    const checks = page.getByRole('region', { name: 'Sales checks' });
    await expect(checks.getByTestId('sales-checks-ebay')).toHaveText(/^eBay: Sales checks today: [\d,]+ of 100,000$/);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreen(page, { path: shot('sales-checks'), fullPage: true });

    await page.goto('/test-ebay-config');
    await page.getByRole('button', { name: 'Test Configuration' }).click();
    await expect(page.getByTestId('sales-checks')).toContainText(/Sales checks today: [\d,]+ of 100,000/);
    await saveScreen(page, { path: shot('test-ebay-config'), fullPage: true });
  });

  test('the Marketplaces screen says how sales arrive on each connected marketplace, and why push is off', async ({
    signedInPage: page,
  }) => {
    await connectFakeEbaySeller(page.request);
    await connectFakeEtsy(page.request);
    await page.goto('/channels');
    await controlledByServiceWorker(page);
    const arrive = page.getByRole('region', { name: 'How sales arrive' });
    // The e2e server has no public https address: eBay cannot push, and says so; Etsy never pushes.
    await expect(arrive.getByTestId('sales-arrive-ebay')).toHaveText(
      /^eBay: checked every [\d,]+ s eBay can only push sales to a public https address, and this server has none \(PUBLIC_URL\)\.$/,
    );
    await expect(arrive.getByTestId('sales-arrive-etsy')).toHaveText(/^Etsy: checked every [\d,]+ s Etsy does not push sales\.$/);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreen(page, { path: shot('how-sales-arrive'), fullPage: true });
  });
});
