import { ebayPublishStateOf } from '@shared/contracts/ebay-listing';
import { money } from '@shared/domain/money';
/**
 * The sale: an item published to the fake eBay sells there; "Check for sales" on the dashboard pulls it,
 * the card says Sold with the price, the day and the channel, and the Sold filter finds it. Desktop and phone.
 */
import sharp from 'sharp';
import type { Item } from '@shared/contracts/items';
import { e2eEnv } from './support/e2e-env';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { expect, test } from './support/fixtures';
import { seedWrittenListing } from './support/listed-items';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

const run = Date.now().toString(36).toUpperCase();
let serial = 0;

test('a sale on eBay shows as Sold on the card after “Check for sales”, and under the Sold filter', async ({
  signedInPage: page,
}, testInfo) => {
  const request = page.request;
  const tag = `${run}-${testInfo.project.name.toUpperCase()}-${++serial}`;
  // A seller of the fake of this test's own, so no other test's orders are among theirs.
  const ebayUserId = (await connectFakeEbaySeller(request))!;

  const photo = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#1f3b63' } })
    .jpeg()
    .toBuffer();
  const item = await seedWrittenListing(request, photo, `SOLD-${tag}`);
  const publish = await request.post(`/api/items/${item.id}/publish`, { data: { price: money(4800), quantity: 1, categoryId: '11483' } });
  expect(publish.status(), await publish.text()).toBe(202);
  await expect
    .poll(async () => ebayPublishStateOf((await (await request.get(`/api/items/${item.id}`)).json()) as Item)?.status, {
      timeout: paced(60_000),
    })
    .toBe('published');

  await page.goto('/');
  const card = page.locator(`[data-testid="product-card"][data-sku="${item.sku}"]`);
  await expect(card.getByTestId('badge-published')).toBeVisible();

  const { skuPrefix } = await (await request.get('/api/ebay/connection')).json();
  const sold = await request.post(`${e2eEnv.fakeEbayURL}/__control/sell`, {
    data: { sku: `${skuPrefix}${item.sku}`, sellerUserId: ebayUserId, price: '45.00', shipping: '6.50' },
  });
  expect(sold.ok(), await sold.text()).toBe(true);
  const soldAt = new Date((await sold.json()).createdAt);

  await page.getByRole('button', { name: 'Check for sales' }).click();
  // The pull asks every connected marketplace: under load it can take over the default 10 s.
  await expect(page.getByTestId('toasts').getByText('1 new sale.')).toBeVisible({ timeout: paced(30_000) });
  const day = soldAt.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
  await expect(card.getByTestId('badge-sold')).toHaveText(`Sold $45.00 · ${day} · eBay`);
  await expect(card.getByTestId('badge-published')).toHaveCount(0);
  await saveScreen(page, { path: testInfo.outputPath('sold-card.png'), fullPage: false });

  // Checked again: nothing new, the card unchanged.
  await page.getByRole('button', { name: 'Check for sales' }).click();
  // The pull asks every connected marketplace: under load it can take over the default 10 s.
  await expect(page.getByTestId('toasts').getByText('No new sales.')).toBeVisible({ timeout: paced(30_000) });

  await page.getByRole('combobox', { name: 'Status' }).selectOption('sold');
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await expect(card.getByTestId('badge-sold')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('published');
  await expect(card).toHaveCount(0);
});
