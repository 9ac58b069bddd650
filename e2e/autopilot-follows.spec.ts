/**
 * The dashboard follows the autopilot: a product the seller saw on the Listings screen while its
 * photos were still coming is written and published by the autopilot, and its card on the dashboard takes the
 * listing's title and price without a reload (the refetch went only to the Listings screen's copy before). After
 * Disconnect eBay, the autopilot panel counts nothing live and nothing on its way: eBay is gone.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { APIRequestContext } from '@playwright/test';
import { autopilotPaths } from '@shared/contracts/autopilot';
import { itemsPaths, type Item, type UploadImagesResponse } from '@shared/contracts/items';
import { formatMoney } from '@shared/domain/money';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { expect, test } from './support/fixtures';
import { expectPhoneFriendly } from './support/phone-checks';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

/** One part of a product of two photos, as the phone sends it (the second part says the upload is whole). */
async function sendPart(request: APIRequestContext, query: { uploadKey: string; sku: string; offset: number }): Promise<Item> {
  const photo = await sharp({ create: { width: 640, height: 640, channels: 3, background: query.offset ? '#6b2f4a' : '#2f4a6b' } })
    .jpeg()
    .toBuffer();
  const res = await request.post(
    itemsPaths.productUpload({ ...query, category: 'Mens Jeans', condition: 'good', brand: "Levi's", photoTotal: 2 }),
    { multipart: { photos: { name: `${query.offset}.jpg`, mimeType: 'image/jpeg', buffer: photo } } },
  );
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as UploadImagesResponse).item;
}

test('the card follows an autopilot publish without a reload; after Disconnect eBay the panel counts nothing live', async ({
  signedInPage: page,
  isMobile,
}, testInfo) => {
  const project = testInfo.project.name;
  const request = page.request;
  await connectFakeEbaySeller(request);
  const settings = await request.put(autopilotPaths.settings, {
    data: { enabled: true, channels: ['ebay'], priceBasis: 'ai', percent: 0, floor: null },
  });
  expect(settings.ok(), await settings.text()).toBe(true);

  // The first photo in: the product waits for its second before anything is written.
  const sku = `APF-${project.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
  const uploadKey = randomUUID();
  const item = await sendPart(request, { uploadKey, sku, offset: 0 });
  await page.goto('/listings');
  await expect(page.locator(`[data-testid="listing-card"][data-sku="${sku}"]`)).toBeVisible();
  await page.getByRole('link', { name: 'Resale Studio' }).click();
  const card = page.locator(`[data-testid="product-card"][data-sku="${sku}"]`);
  await expect(card).toBeVisible();

  // The second photo: written, priced and published by the autopilot, while the seller watches the dashboard.
  await sendPart(request, { uploadKey, sku, offset: 1 });
  const panel = page.getByTestId('autopilot-panel');
  await expect(panel.getByTestId('autopilot-counts')).toHaveText('Autopilot finished: 1 live', { timeout: paced(45_000) });
  const live = (await (await request.get(itemsPaths.item(item.id))).json()) as Item;
  const ebay = live.listings.find((listing) => listing.channel === 'ebay')!;
  expect(ebay.status).toBe('live');
  expect(live.aiTitle).toBeTruthy();
  await expect(card.getByText(live.aiTitle!, { exact: true })).toBeVisible();
  await expect(card.getByTestId('card-price')).toHaveText(formatMoney(ebay.price!));
  await saveScreen(card, { path: `e2e/.artifacts/screens/autopilot-follows-card-${project}.png` });

  // Disconnect eBay (its listing ended first): the panel says nothing is live or on its way.
  await page.goto('/ebay');
  await page.getByTestId('ebay-connection-card').getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('alertdialog', { name: 'Disconnect eBay' }).getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Connect eBay First')).toBeVisible({ timeout: paced(30_000) });
  await page.getByRole('link', { name: 'Resale Studio' }).click();
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('autopilot-counts')).toHaveCount(0);
  await expect(panel).not.toContainText(/\d+ live|on the way/);
  if (isMobile) await expectPhoneFriendly(page, 'autopilot after disconnect');
  await saveScreen(panel, { path: `e2e/.artifacts/screens/autopilot-follows-disconnected-${project}.png` });
});
