import { ebayPublishStateOf } from '@shared/contracts/ebay-listing';
/**
 * An item live on eBay (the fake) and listed on Vinted sells on Vinted ("Sold on Vinted" on
 * its card). Its eBay listing ends, and every screen says so: the card shows it sold and "Ended on eBay", never a
 * green Ready nor a List on..., the "Listed on eBay" filter leaves it out, and the eBay screen neither offers it as a
 * draft nor selects it with Select All. An item sold on eBay itself is not "Live on eBay" there either. Desktop and phone.
 */
import sharp from 'sharp';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { assistedPaths } from '@shared/contracts/assisted';
import type { Item } from '@shared/contracts/items';
import { e2eEnv } from './support/e2e-env';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { expect, test } from './support/fixtures';
import { cardAction } from './support/card-actions';
import { seedWrittenListing } from './support/listed-items';
import { expectPhoneFriendly } from './support/phone-checks';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

const run = Date.now().toString(36).toUpperCase();

const shot = (page: Page, testInfo: TestInfo, step: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/sold-elsewhere-${step}-${testInfo.project.name}.png`, scale: 'css' });

const itemOf = async (request: APIRequestContext, id: string) => (await (await request.get(`/api/items/${id}`)).json()) as Item;

/** The fake eBay's listings of the item (its SKU carries the seller's prefix): ACTIVE or ENDED. */
async function ebayListings(request: APIRequestContext, sku: string) {
  const state = (await (await request.get(`${e2eEnv.fakeEbayURL}/__control/state`)).json()) as {
    listings: { sku: string; status: string }[];
  };
  return state.listings.filter((listing) => listing.sku.endsWith(sku)).map((listing) => listing.status);
}

async function publishOnEbay(request: APIRequestContext, item: Item) {
  const publish = await request.post(`/api/items/${item.id}/publish`, {
    data: { price: { amountMinor: 2900, currency: 'USD' }, quantity: 1, categoryId: '11483' },
  });
  expect(publish.status(), await publish.text()).toBe(202);
  await expect.poll(async () => ebayPublishStateOf(await itemOf(request, item.id))?.status, { timeout: paced(60_000) }).toBe('published');
}

test('sold on Vinted: eBay ended and shown so, the card sold (not Ready), offered nowhere to publish again', async ({
  signedInPage: page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const request = page.request;
  const tag = `${run}-${testInfo.project.name.toUpperCase()}`;
  const ebayUserId = (await connectFakeEbaySeller(request))!;
  const photo = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#4a3560' } })
    .jpeg()
    .toBuffer();

  // PSTFSH-008's story: live on eBay and listed on Vinted. Beside it, one sold on eBay and one still to publish.
  const item = await seedWrittenListing(request, photo, `SOLDVINTED-${tag}`);
  const soldOnEbay = await seedWrittenListing(request, photo, `SOLDEBAY-${tag}`);
  const draft = await seedWrittenListing(request, photo, `DRAFT-${tag}`);
  await publishOnEbay(request, item);
  await publishOnEbay(request, soldOnEbay);
  const vintedUrl = `https://www.vinted.com/items/${tag.toLowerCase()}`;
  const listed = await request.post(assistedPaths.listed(item.id, 'vinted'), { data: { url: vintedUrl } });
  expect(listed.status(), await listed.text()).toBe(200);
  const { skuPrefix } = await (await request.get('/api/ebay/connection')).json();
  const sale = await request.post(`${e2eEnv.fakeEbayURL}/__control/sell`, {
    data: { sku: `${skuPrefix}${soldOnEbay.sku}`, sellerUserId: ebayUserId, price: '45.00', shipping: '0' },
  });
  expect(sale.ok(), await sale.text()).toBe(true);

  await page.goto('/');
  await page.getByRole('button', { name: 'Check for sales' }).click();
  // The pull asks every connected marketplace: under load it can take over the default 10 s.
  await expect(page.getByTestId('toasts').getByText('1 new sale.')).toBeVisible({ timeout: paced(30_000) });
  const card = page.locator(`[data-testid="product-card"][data-sku="${item.sku}"]`);
  await expect(card.getByTestId('badge-published')).toBeVisible();
  await expect(card.getByTestId('channel-badge-vinted')).toHaveText('Live on Vinted');

  // Sold on Vinted, from the card.
  await (await cardAction(page, item.sku, `Sold on Vinted: ${item.sku}`)).click();
  const dialog = page.getByRole('dialog', { name: 'Record a sale' });
  await dialog.getByLabel('Price the buyer paid').fill('29');
  await dialog.getByLabel('Fees the marketplace took').fill('2.90');
  await dialog.getByRole('button', { name: 'Record sale on Vinted' }).click();
  await expect(dialog).toBeHidden();

  // The eBay listing ended on the fake; the card shows the item sold and its eBay listing ended: not Ready, not live.
  await expect.poll(() => ebayListings(request, item.sku), { timeout: paced(30_000) }).toEqual(['ENDED']);
  await expect(card.getByTestId('badge-sold')).toContainText('Sold $29.00');
  await expect(card.getByTestId('badge-sold')).toContainText('Vinted');
  await expect(card.getByTestId('badge-ended')).toHaveText('Ended on eBay');
  await expect(card.getByTestId('channel-badge-vinted')).toHaveText('Sold on Vinted');
  await expect(card.getByTestId('badge-ready')).toHaveCount(0);
  await expect(card.getByTestId('badge-published')).toHaveCount(0);
  await expect(card.getByRole('button', { name: `List on... ${item.sku}` })).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'card');
  if (phone) await expectPhoneFriendly(page, 'sold-elsewhere-card-phone');

  // "Listed on eBay" holds only what is live there now: neither sold item.
  const marketplace = page.getByRole('combobox', { name: 'Marketplace' });
  await marketplace.selectOption('ebay');
  await expect(page.locator('[data-testid="product-card"]')).toHaveCount(0);
  await marketplace.selectOption('');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('sold');
  await expect(card).toBeVisible();
  await expect(page.locator(`[data-testid="product-card"][data-sku="${soldOnEbay.sku}"]`)).toBeVisible();
  await expect(page.locator(`[data-testid="product-card"][data-sku="${draft.sku}"]`)).toHaveCount(0);

  // The eBay screen: shown sold and ended, with nothing to publish, select or view; Select All takes only the draft.
  await page.goto('/ebay');
  const publishCard = page.locator(`[data-testid="publish-card"][data-sku="${item.sku}"]`);
  await expect(publishCard.getByTestId('badge-ended')).toHaveText('Ended on eBay');
  await expect(publishCard.getByTestId('badge-sold')).toContainText('Sold $29.00');
  await expect(publishCard.getByRole('button', { name: 'Publish to eBay' })).toHaveCount(0);
  await expect(publishCard.getByRole('checkbox')).toHaveCount(0);
  await expect(publishCard.getByRole('button', { name: 'Relist' })).toHaveCount(0);
  await expect(publishCard.getByText('Live on eBay')).toHaveCount(0);
  const soldOnEbayCard = page.locator(`[data-testid="publish-card"][data-sku="${soldOnEbay.sku}"]`);
  await expect(soldOnEbayCard.getByTestId('badge-sold')).toContainText('Sold $45.00');
  await expect(soldOnEbayCard.getByText('Live on eBay')).toHaveCount(0);
  await expect(soldOnEbayCard.getByRole('link', { name: 'View on eBay' })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Select all listings' }).check();
  await expect(page.getByRole('button', { name: 'Publish 1 to eBay' })).toBeVisible();
  await expect(page.locator(`[data-testid="publish-card"][data-sku="${draft.sku}"]`).getByRole('checkbox')).toBeChecked();
  await publishCard.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'ebay-screen');
  if (phone) await expectPhoneFriendly(page, 'sold-elsewhere-ebay-phone');

  // Nothing went live again.
  expect(await ebayListings(request, item.sku)).toEqual(['ENDED']);
  expect(ebayPublishStateOf(await itemOf(request, item.id))?.status).toBe('ended');
});
