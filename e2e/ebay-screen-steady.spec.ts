/**
 * The eBay screen on a phone keeps its listings where they first show: the cards above them take their height once
 * their data is in ("Where you sell from" grows from a line to its form), so the listings wait for them. Before, a tap
 * on a listing's Publish Settings while the page still loaded landed on whatever had moved under it (the profit-floor
 * flow failed so on a slow machine: the settings never opened).
 */
import sharp from 'sharp';
import { publishPaths } from '@shared/contracts/publish';
import { sellerRegionRoutes } from '@shared/contracts/seller-region-routes';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { expect, test } from './support/fixtures';
import { seedWrittenListing } from './support/listed-items';
import { saveScreen } from './support/screens';

test.skip(({ isMobile }) => !isMobile, 'a layout while it loads: on the phone, where the cards stack');

test('a listing on the eBay screen stays where it first shows while the cards above load, and a tap there opens it', async ({
  signedInPage: page,
}, testInfo) => {
  await connectFakeEbaySeller(page.request);
  const photo = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#5a2c7a' } })
    .jpeg()
    .toBuffer();
  const item = await seedWrittenListing(page.request, photo, `STEADY-${Date.now().toString(36)}-${testInfo.project.name}`.toUpperCase());
  // Where you sell from answers late, as on a slow phone network.
  await page.route(`**${sellerRegionRoutes.region}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });

  await page.goto('/ebay');
  const settings = page.locator(`[data-testid="publish-card"][data-sku="${item.sku}"]`).getByRole('button', { name: /Publish Settings/ });
  await settings.waitFor();
  const first = await settings.boundingBox();
  await expect(page.getByTestId('seller-region-summary')).toBeVisible();
  expect(await settings.boundingBox()).toEqual(first);

  await settings.tap();
  await expect(settings).toHaveAttribute('aria-expanded', 'true');
  await saveScreen(page, { path: `e2e/.artifacts/screens/ebay-screen-steady-${testInfo.project.name}.png` });
});

test('a listing’s Quick Fix stays where it first shows while its pre-flight scores come in, and a tap there opens it', async ({
  signedInPage: page,
}, testInfo) => {
  await connectFakeEbaySeller(page.request);
  const photo = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#2c5a7a' } })
    .jpeg()
    .toBuffer();
  const item = await seedWrittenListing(page.request, photo, `STEADYQF-${Date.now().toString(36)}-${testInfo.project.name}`.toUpperCase());
  // The readiness answers at once, the pre-flight scores late.
  await page.route(`**${publishPaths.preflightScores(item.id)}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });

  await page.goto('/ebay');
  const card = page.locator(`[data-testid="publish-card"][data-sku="${item.sku}"]`);
  const quickFix = card.getByRole('button', { name: 'Quick Fix' });
  await expect(quickFix).toBeEnabled();
  const first = await quickFix.boundingBox();
  await expect(card.getByTestId('preflight-score').first()).toBeVisible();
  expect(await quickFix.boundingBox()).toEqual(first);

  await quickFix.tap();
  await expect(card.getByRole('form', { name: `Quick fix ${item.sku}` })).toBeVisible();
});
