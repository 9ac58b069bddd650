/**
 * The aging stock view, desktop and phone, against the fake eBay: two items published through the API (one
 * with a cost, one without), the fake's traffic report and a watcher on one; from the Profit screen to Aging stock,
 * the 0–30 band's count, asking and floor value, the no-cost flag and "None planned"; tapped open, each item with its
 * eBay views and watchers; an item goes to its listing. The bands' boundaries are tested on the server
 * (aging-stock.test.ts): a listing's date cannot be set back through the API.
 */
import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import { ebayPublishStateOf } from '@shared/contracts/ebay-listing';
import type { Item } from '@shared/contracts/items';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { seedWrittenListing } from './support/listed-items';
import { expectPhoneFriendly } from './support/phone-checks';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

let jpeg: Buffer;
test.beforeAll(async () => {
  jpeg = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#2c4a7a' } })
    .jpeg()
    .toBuffer();
});

const shot = (name: string, page: Page, project: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/aging-stock-${name}-${project}.png`, fullPage: true });
const run = Date.now().toString(36).toUpperCase();

async function publish(request: APIRequestContext, item: Item, priceMinor: number) {
  const answer = await request.post(`/api/items/${item.id}/publish`, {
    data: {
      price: { amountMinor: priceMinor, currency: 'USD' },
      quantity: 1,
      condition: 'good',
      categoryId: '11483',
      sizeType: 'Regular',
      size: '32',
      brand: 'Levi',
      color: 'Blue',
    },
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
};

test('aging stock: bands with asking and floor value, no cost flagged, eBay views and watchers; an item goes to its listing', async ({
  signedInPage: page,
  isMobile,
}, testInfo) => {
  const project = testInfo.project.name;
  const ebayUserId = `aging${run}${process.pid}${project}`.toLowerCase().replace(/[^a-z0-9]/g, '');
  const added = await page.request.post(`${e2eEnv.fakeEbayURL}/__control/add-seller`, {
    data: { userId: ebayUserId, username: `s_${ebayUserId}` },
  });
  expect(added.ok()).toBe(true);
  await connectFakeEbaySeller(page.request, { ebayUserId });

  const withCost = await seedWrittenListing(page.request, jpeg, `AGE-${run}-${project}-A`.toUpperCase());
  const noCost = await seedWrittenListing(page.request, jpeg, `AGE-${run}-${project}-B`.toUpperCase());
  expect((await page.request.patch(`/api/items/${withCost.id}`, { data: { cost: { amountMinor: 800, currency: 'USD' } } })).ok()).toBe(
    true,
  );
  await publish(page.request, withCost, 3000);
  await publish(page.request, noCost, 2500);
  const state = (await (await page.request.get(`${e2eEnv.fakeEbayURL}/__control/state`)).json()) as {
    listings: { listingId: string; userId: string; sku: string }[];
  };
  const listings = state.listings.filter((l) => l.userId === ebayUserId);
  expect(listings).toHaveLength(2);
  const first = listings.find((l) => l.sku.endsWith('A')) ?? listings[0]!;
  await control(page.request, 'traffic', { listingId: first.listingId, views: 42, impressions: 1200 });
  await control(page.request, 'watch', { listingId: first.listingId, buyers: ['carol_buys'] });

  // From the Profit screen.
  await page.goto('/profit');
  await page.getByRole('link', { name: 'Aging stock' }).click();
  await expect(page.getByRole('heading', { name: 'Aging stock' })).toBeVisible();
  const band = page.getByTestId('aging-band-0-30');
  await expect(band.getByText('2 items')).toBeVisible();
  // $30.00 + $25.00 asked; the floor of the $8.00 item on eBay only ($9.57), the other has no cost.
  await expect(band.getByTestId('asking-value')).toHaveText('$55.00');
  await expect(band.getByTestId('floor-value')).toHaveText('$9.57');
  await expect(band.getByText('1 with no cost')).toBeVisible();
  await expect(band.getByTestId('actions-planned')).toHaveText('Actions: None planned');
  for (const other of ['31-60', '61-90', 'over-90'])
    await expect(page.getByTestId(`aging-band-${other}`).getByText('0 items')).toBeVisible();
  await shot('bands', page, project);

  const toggle = band.getByRole('button', { expanded: false });
  if (isMobile) await toggle.tap();
  else await toggle.click();
  const items = band.getByTestId('aging-item');
  await expect(items).toHaveCount(2);
  const watched = items.filter({ hasText: withCost.sku });
  await expect(watched).toContainText('eBay · 42 views · watchers');
  await expect(watched).toContainText('floor $9.57');
  await expect(items.filter({ hasText: noCost.sku })).toContainText('No cost entered');
  if (isMobile) await expectPhoneFriendly(page, 'aging stock band open');
  await shot('band-open', page, project);

  if (isMobile) await watched.tap();
  else await watched.click();
  await expect(page).toHaveURL(new RegExp(`/listings\\?q=${withCost.sku}$`));
  await expect(page.getByRole('searchbox', { name: 'Search listings' })).toHaveValue(withCost.sku);
});
