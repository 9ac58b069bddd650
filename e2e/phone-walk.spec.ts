/**
 * The whole flow on a 390x844 touch phone with long real titles, brands and SKUs. On every
 * screen: no sideways scroll, no target under 44 px, no serious or critical axe violation (e2e/support/phone-checks).
 * Screenshots of each step go to e2e/.artifacts/screens/phone-walk-*.png.
 */
import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Item } from '@shared/contracts/items';
import { generateJpegs, openCamera, steerCamera } from './capture-helpers';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { expect, test } from './support/fixtures';
import { cardAction } from './support/card-actions';
import { expectPhoneFriendly } from './support/phone-checks';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'touch phone only');

/** SKUs unique to this run (every test user connects as the fake eBay's one seller, whose offers are per SKU). */
const run = Date.now().toString(36).toUpperCase();
const longTitle = 'Madewell Womens Straight Jeans 28 Dark Wash High Rise Stretch Denim Cotton Blend';
const longBrand = 'Abercrombie & Fitch';

let jpeg: Buffer;
test.beforeAll(async () => {
  jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2c3e6a' } })
    .jpeg()
    .toBuffer();
});

async function seedItem(
  request: APIRequestContext,
  sku: string,
  brand: string,
  { photos = 2, category = 'Mens Jeans', condition = 'good' } = {},
): Promise<Item> {
  const created = await request.post('/api/items', { data: { sku, category, condition, brand } });
  expect(created.status(), await created.text()).toBe(201);
  const item = (await created.json()) as Item;
  for (let i = 0; i < photos; i++) {
    const uploaded = await request.post(`/api/items/${item.id}/images`, {
      multipart: { photos: { name: `photo-${i}.jpg`, mimeType: 'image/jpeg', buffer: jpeg } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
  }
  return item;
}

/** Generates the listing through the fake AI, then gives it a long real title. */
async function generateWithLongTitle(request: APIRequestContext, item: Item, title = longTitle) {
  const queued = await request.post('/api/listings/generate', { data: { itemIds: [item.id] } });
  expect(queued.ok(), await queued.text()).toBe(true);
  await expect
    .poll(async () => ((await (await request.get(`/api/items/${item.id}`)).json()) as Item).aiGenerationStatus, { timeout: paced(60_000) })
    .toBe('completed');
  const listing = await (await request.get(`/api/items/${item.id}/listing`)).json();
  const edited = await request.patch(`/api/items/${item.id}/listing`, {
    data: { title, description: listing.aiDescription ?? 'Dark wash straight jeans.', tags: ['jeans'] },
  });
  expect(edited.ok(), await edited.text()).toBe(true);
}

const productCard = (page: Page, sku: string) => page.locator(`[data-testid="product-card"][data-sku="${sku}"]`);

/** Signed in as the seeded user, with a listing under a long real title, an item still to describe and a third. */
async function signInWithItems(page: Page, user: { email: string; password: string }) {
  const signedIn = await page.request.post('/api/auth/sign-in/email', { data: user });
  expect(signedIn.ok()).toBe(true);
  const request = page.request;
  const listed = await seedItem(request, `MADEWELL-STRAIGHT-28-${run}`, longBrand);
  await generateWithLongTitle(request, listed);
  const pending = await seedItem(request, `ABERCROMBIE-FITCH-W28-${run}`, longBrand, {
    photos: 1,
    category: 'Womens Outerwear',
    condition: 'new_without_tags',
  });
  await seedItem(request, `RALPHLAUREN-OXFORD-L-${run}`, 'Polo Ralph Lauren Purple Label', { photos: 3 });
  return { listed, pending };
}

// The walk in two halves, each well within a minute: the screens are the same, each checked once.
test('sign-in, dashboard, Manage Photos, capture and upload on a phone with long real titles: nothing sideways, 44 px targets, no serious axe violation', async ({
  page,
  user,
}) => {
  const check = (step: string) => expectPhoneFriendly(page, `phone-walk-${step}`);

  // Sign-in screen, then sign in as the seeded user.
  await page.goto('/');
  await expect(page.getByRole('button', { name: /sign in/i }).first()).toBeVisible();
  await check('01-sign-in');
  const { listed, pending } = await signInWithItems(page, user);

  // Dashboard: normal, a card expanded, the SKU editor open, select mode.
  await page.goto('/');
  const card = productCard(page, listed.sku);
  await expect(card).toContainText(longTitle);
  await check('02-dashboard');
  await card.getByRole('button', { name: /^Show (all \d+ photos|photo)$/ }).tap();
  await expect(card.getByTestId('photo-list')).toBeVisible();
  await check('03-dashboard-expanded');
  await card.getByRole('button', { name: `Edit SKU ${listed.sku}` }).tap();
  await expect(card.getByRole('textbox', { name: 'SKU', exact: true })).toBeVisible();
  await check('04-dashboard-sku-editor');
  await card.getByRole('textbox', { name: 'SKU', exact: true }).press('Escape');
  await page.getByRole('button', { name: 'Select', exact: true }).tap();
  await expect(page.getByTestId('select-bar')).toBeVisible();
  // Tapping a card in select mode selects it.
  await productCard(page, pending.sku).getByTestId('item-sku').tap();
  await expect(page.getByRole('checkbox', { name: `Select ${pending.sku}` })).toBeChecked();
  await check('05-dashboard-select');
  await page.getByRole('button', { name: 'Done' }).tap();

  // Manage Photos with the crop tool.
  await (await cardAction(page, listed.sku, `Manage photos of ${listed.sku}`)).tap();
  const photos = page.getByRole('dialog', { name: 'Manage Photos' });
  await expect(photos.getByTestId('crop-image')).toBeVisible();
  await check('06-manage-photos');
  await photos.getByRole('button', { name: 'Cancel' }).tap();
  await expect(photos).toBeHidden();

  // Capture screen, the camera overlay, the upload dialog with files.
  await steerCamera(page);
  await page.goto('/capture');
  await expect(page.getByRole('heading', { name: 'Step 1: Capture Photos' })).toBeVisible();
  await check('07-capture');
  await openCamera(page);
  await check('08-camera');
  await page.goto('/capture');
  await page.getByRole('button', { name: /Upload Files/ }).tap();
  const upload = page.getByRole('dialog', { name: 'Upload and Assign SKUs' });
  await upload.getByTestId('upload-file-input').setInputFiles((await generateJpegs(4, { prefix: 'walk' })).map((p) => p.path));
  await expect(upload.getByTestId('upload-tile').locator('img')).toHaveCount(4);
  await upload.getByRole('button', { name: /^Photo 1:/ }).tap();
  await upload.getByRole('textbox', { name: 'SKU for selected photos' }).fill(`LEVIS-501-ORIGINAL-FIT-${run}`);
  await check('09-upload-dialog');
  await upload.getByRole('button', { name: 'Close' }).first().tap();
});

test('Generate Listings, the eBay screen, Publish Settings and the account pages on a phone with long real titles: nothing sideways, 44 px targets, no serious axe violation', async ({
  page,
  user,
}) => {
  const check = (step: string) => expectPhoneFriendly(page, `phone-walk-${step}`);
  const { listed, pending } = await signInWithItems(page, user);
  const request = page.request;

  // Generate Listings: the pending item's inline Category and Brand, the completed long title.
  await page.goto('/listings');
  await expect(page.locator(`[data-testid="listing-card"][data-sku="${pending.sku}"]`)).toBeVisible();
  await expect(page.getByText(longTitle).first()).toBeVisible();
  await check('10-listings');
  await saveScreen(page.locator(`[data-testid="listing-card"][data-sku="${pending.sku}"]`), {
    path: 'e2e/.artifacts/screens/phone-walk-10-listings-card.png',
    scale: 'css',
  });

  // eBay screen, connected to the fake eBay, a publish-ready item with its Publish Settings open.
  await connectFakeEbaySeller(request);
  await page.goto('/ebay');
  const publishCard = page.locator(`[data-testid="publish-card"][data-sku="${listed.sku}"]`);
  await expect(publishCard.getByTestId('readiness-bar')).toHaveAttribute('data-colour', 'green');
  await check('11-ebay');
  await publishCard.getByRole('button', { name: /Publish Settings/ }).tap();
  await expect(publishCard.getByRole('form', { name: `Publish settings ${listed.sku}` })).toBeVisible();
  await check('12-ebay-publish-settings');

  // Change password, and the two diagnostic pages.
  await page.goto('/change-password');
  await expect(page.getByRole('heading', { name: /change password/i })).toBeVisible();
  await check('13-change-password');
  await page.goto('/env-check');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await check('14-env-check');
  await page.goto('/test-ebay-config');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await check('15-test-ebay-config');
});
