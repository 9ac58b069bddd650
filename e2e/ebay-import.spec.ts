import { ebayPublishStateOf } from '@shared/contracts/ebay-listing';
import type { Item } from '@shared/contracts/items';
/**
 * Importing what is already on eBay, against the fake eBay: a seller with 30 live listings (26 made through
 * the Inventory API, 4 on eBay's site) and an auction pastes the site-made item numbers, imports, sees the progress
 * end at "Imported 30 of 30", the auction named with eBay's reason, the products on the dashboard; a second run adds
 * nothing. Each test connects its own fake eBay user (add-seller), so nothing here touches other specs' eBay data.
 */
import type { Page } from '@playwright/test';
import type { SeededListings } from '../fakes/ebay/fake-ebay-import';
import { connectFakeEbaySeller, newFakeEbaySeller } from './support/ebay-seller';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { expectPhoneFriendly } from './support/phone-checks';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

const run = Date.now().toString(36).toUpperCase();
let serial = 0;

const newEbayUser = newFakeEbaySeller;

const shot = (page: Page, name: string, project: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/ebay-import-${name}-${project}.png`, fullPage: true });

test('Import from eBay: 30 live listings come in with their photos, the auction is named with eBay’s reason, and a second run adds nothing', async ({
  signedInPage: page,
}, testInfo) => {
  const phone = testInfo.project.name.includes('phone');
  const ebayUser = await newEbayUser(page.request);
  await connectFakeEbaySeller(page.request, { ebayUserId: ebayUser });
  const seeded = (await (
    await page.request.post(`${e2eEnv.fakeEbayURL}/__control/seed-listings`, {
      data: { sellerUserId: ebayUser, inventory: 26, siteMade: 4, auctions: 1, photos: 2, skuPrefix: `E2E${run}${++serial}` },
    })
  ).json()) as SeededListings;

  await page.goto('/ebay');
  const card = page.getByTestId('ebay-import');
  await expect(card.getByRole('heading', { name: 'Import from eBay' })).toBeVisible();
  const field = card.getByLabel("Listings made on eBay's site (optional)");
  await field.fill(seeded.siteListingIds.map((id, i) => (i === 0 ? `https://www.ebay.com/itm/${id}` : id)).join('\n'));
  await expect(card).toContainText('5 item numbers found.');
  if (phone) await expectPhoneFriendly(page, `ebay-import-form-${testInfo.project.name}`);
  else await shot(page, 'form', testInfo.project.name);
  await card.getByRole('button', { name: 'Import from eBay' }).click();

  const summary = card.getByTestId('ebay-import-summary');
  await expect(summary).toHaveText('Imported 30 of 30: 30 new products.', { timeout: paced(45_000) });
  const refusals = card.getByTestId('ebay-import-refusals');
  await expect(refusals).toContainText('1 listing not imported');
  await expect(refusals).toContainText(`Item ${seeded.auctionIds[0]}`);
  await expect(refusals).toContainText('Cannot migrate listing. Only fixed-price listings can be migrated; this listing is an auction.');
  if (phone) await expectPhoneFriendly(page, `ebay-import-done-${testInfo.project.name}`);
  await shot(page, 'done', testInfo.project.name);

  // the products are here, each with its photos and its live eBay listing
  const list = (await (await page.request.get('/api/items?limit=100')).json()) as { items: { id: string; sku: string }[] };
  expect(list.items).toHaveLength(30);
  const one = (await (await page.request.get(`/api/items/${list.items[0]!.id}`)).json()) as Item;
  expect(one.images).toHaveLength(2);
  expect(ebayPublishStateOf(one)).toMatchObject({ status: 'published' });
  await page.goto('/');
  await expect(page.locator(`[data-testid="product-card"][data-sku="${list.items[0]!.sku}"]`)).toBeVisible();

  // the second run: nothing twice
  await page.goto('/ebay');
  await card.getByRole('button', { name: 'Import from eBay' }).click();
  await expect(summary).toHaveText('Nothing new to import: all 30 live listings are already here.', { timeout: paced(45_000) });
  await shot(page, 'second-run', testInfo.project.name);
  expect(((await (await page.request.get('/api/items?limit=100')).json()) as { items: unknown[] }).items).toHaveLength(30);
});
