import { ebayPublishStateOf } from '@shared/contracts/ebay-listing';
import { money } from '@shared/domain/money';
/**
 * Touch, on the 390x844 touch phone, each with tap(): the words "Select All" on the eBay screen
 * toggle as the box does; in "List on..." a marketplace's name ticks it and eBay shows Live for an item live there;
 * Manage Photos deletes a photo (on Save Changes, with an undo before) with 44 px buttons; a Poshmark link "not a link"
 * is refused in words; every touch target of the eBay screen is 44 px.
 */
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import type { Item } from '@shared/contracts/items';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { e2eEnv } from './support/e2e-env';
import { expect, test, uniqueEmail } from './support/fixtures';
import { cardAction } from './support/card-actions';
import { seedWrittenListing } from './support/listed-items';
import { expectTouchTargets } from './support/phone-checks';
import { boxSize } from './support/touch';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'touch phone only');

const run = Date.now().toString(36).toUpperCase();
let serial = 0;
const nextSku = (prefix: string) => `${prefix}-${run}-${process.pid}-${++serial}`;

const photo = (background: string) =>
  sharp({ create: { width: 640, height: 640, channels: 3, background } })
    .jpeg()
    .toBuffer();

const shot = (page: Page, name: string) => saveScreen(page, { path: `e2e/.artifacts/screens/phone-touch-${name}.png`, fullPage: false });

test('eBay screen on the default install: tapping the words "Select All" selects every listing; every target is 44 px', async ({
  page,
}) => {
  const base = e2eEnv.basicBaseURL;
  const api = page.context().request;
  const user = { email: uniqueEmail('touch-select'), password: 'correct-horse' };
  expect((await api.post(`${base}/api/auth/sign-up/email`, { data: { ...user, name: 'Touch' } })).ok()).toBe(true);
  expect((await api.post(`${base}/api/auth/sign-in/email`, { data: user })).ok()).toBe(true);
  const created = await api.post(`${base}/api/items`, {
    data: { sku: nextSku('TSEL'), category: 'Mens Jeans', condition: 'good', brand: 'Lee' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const item = (await created.json()) as Item;
  const uploaded = await api.post(`${base}/api/items/${item.id}/images`, {
    multipart: { photos: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo('#33527a') } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  expect((await api.post(`${base}/api/listings/generate`, { data: { itemIds: [item.id] } })).ok()).toBe(true);
  await expect
    .poll(async () => ((await (await api.get(`${base}/api/items/${item.id}`)).json()) as Item).aiGenerationStatus, {
      timeout: paced(60_000),
    })
    .toBe('completed');
  await connectFakeEbaySeller(api, { baseURL: base });

  await page.goto(`${base}/ebay`);
  const bar = page.getByTestId('bulk-bar');
  const box = bar.getByRole('checkbox', { name: 'Select all listings' });
  await expect(box).not.toBeChecked();
  await bar.getByText('Select All', { exact: true }).tap();
  await expect(box).toBeChecked();
  await expect(bar.getByRole('button', { name: 'Publish 1 to eBay' })).toBeEnabled();
  await bar.getByText('Deselect All', { exact: true }).tap();
  await expect(box).not.toBeChecked();

  await expect(page.getByTestId(`publish-card`)).toHaveCount(1);
  await expectTouchTargets(page);
  await shot(page, 'ebay-select-all');
});

test("List on...: tapping a marketplace's name ticks it; eBay shows Live for an item live there", async ({ signedInPage: page }) => {
  const request = page.request;
  const sku = nextSku('TLIVE');
  await connectFakeEbaySeller(request);
  const item = await seedWrittenListing(request, await photo('#5a3d2b'), sku);
  const publish = await request.post(`/api/items/${item.id}/publish`, { data: { price: money(3450), quantity: 1, categoryId: '11483' } });
  expect(publish.status(), await publish.text()).toBe(202);
  await expect
    .poll(async () => ebayPublishStateOf((await (await request.get(`/api/items/${item.id}`)).json()) as Item)?.status, {
      timeout: paced(60_000),
    })
    .toBe('published');

  await page.goto('/');
  const card = page.locator(`[data-testid="product-card"][data-sku="${sku}"]`);
  await expect(card.getByTestId('badge-published')).toBeVisible();
  await card.getByRole('button', { name: /^List on/ }).tap();
  const picker = page.getByRole('dialog', { name: 'List on...' });
  const ebay = picker.getByTestId('picker-ebay');
  await expect(ebay).toContainText('Live');
  await expect(ebay.getByRole('checkbox', { name: 'eBay' })).toBeChecked();
  await expect(ebay.getByRole('checkbox', { name: 'eBay' })).toBeDisabled();

  const vinted = picker.getByRole('checkbox', { name: 'Vinted' });
  await expect(vinted).not.toBeChecked();
  await picker.getByTestId('picker-vinted').getByText('Vinted', { exact: true }).tap();
  await expect(vinted).toBeChecked();
  await expect(picker.getByRole('button', { name: 'List 1 item on Vinted' })).toBeVisible();
  await shot(page, 'list-on');
});

test('Manage Photos: delete a photo (undo before Save Changes); its buttons are 44 px', async ({ signedInPage: page }) => {
  const request = page.request;
  const created = await request.post('/api/items', { data: { sku: nextSku('TPHO') } });
  expect(created.status(), await created.text()).toBe(201);
  const item = (await created.json()) as Item;
  for (const background of ['#7a2c4a', '#2c7a4a']) {
    const uploaded = await request.post(`/api/items/${item.id}/images`, {
      multipart: { photos: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: await photo(background) } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
  }
  const before = ((await (await request.get(`/api/items/${item.id}`)).json()) as Item).images.map((image) => image.id);

  await page.goto('/');
  await (await cardAction(page, item.sku, `Manage photos of ${item.sku}`)).tap();
  const dialog = page.getByRole('dialog', { name: 'Manage Photos' });
  const pencil = dialog.getByRole('button', { name: 'Edit photo 1' });
  await expect(pencil).toBeVisible();
  for (const target of [pencil, dialog.getByRole('button', { name: 'Delete photo 2' })]) {
    const size = await boxSize(target);
    expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(44);
  }

  // Marked, taken back, marked again; Save Changes deletes it.
  await dialog.getByRole('button', { name: 'Delete photo 2' }).tap();
  await expect(dialog.getByText('Deleted on save')).toBeVisible();
  // The last photo left cannot be deleted.
  await expect(dialog.getByRole('button', { name: 'Delete photo 1' })).toBeDisabled();
  await shot(page, 'manage-photos-delete');
  await dialog.getByRole('button', { name: 'Undo delete photo 2' }).tap();
  await expect(dialog.getByText('Deleted on save')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Delete photo 2' }).tap();
  await dialog.getByRole('button', { name: 'Save Changes' }).tap();
  await expect(dialog).toBeHidden();
  const after = ((await (await request.get(`/api/items/${item.id}`)).json()) as Item).images.map((image) => image.id);
  expect(after).toEqual([before[0]]);
});

test('a Poshmark link "not a link" is refused with a message, and not recorded', async ({ signedInPage: page }) => {
  const item = await seedWrittenListing(page.request, await photo('#4a2c7a'), nextSku('TPOSH'));
  await page.goto('/listings');
  const card = page.locator(`[data-testid="listing-card"][data-sku="${item.sku}"]`);
  await card.getByTestId('listing-toggle').tap();
  const others = card.getByTestId('other-marketplaces');
  await others.scrollIntoViewIfNeeded();
  await others.getByRole('button', { name: 'Poshmark', exact: true }).tap();
  const sheet = page.getByRole('dialog', { name: 'List on Poshmark' });
  const link = sheet.getByLabel('Listed it? Paste its link on Poshmark');
  await link.fill('not a link');
  const refusal = sheet.getByText('That link is not a Poshmark listing. Paste the link of your listing on poshmark.com.');
  await sheet.getByRole('button', { name: 'Save link' }).tap();
  await expect(refusal).toBeVisible();
  await sheet.getByRole('button', { name: 'Listed, no link' }).tap();
  await expect(refusal).toBeVisible();
  await shot(page, 'poshmark-not-a-link');
  const listings = ((await (await page.request.get(`/api/items/${item.id}`)).json()) as Item).listings;
  expect(listings.filter((listing) => listing.channel === 'poshmark' && listing.status === 'live')).toEqual([]);
});
