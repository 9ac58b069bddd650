/**
 * Manage Photos (issue 11): crop at 1:1 and rotate by 90° on the server (the stored sizes checked through the API),
 * reorder in the dialog with Save Changes and Cancel, the crop alert when signed out, and adding a photo to an
 * existing product from its card. Screenshots of the dialog go to e2e/.artifacts/screenshots/.
 */
import path from 'node:path';
import sharp from 'sharp';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Item } from '@shared/contracts/items';
import { e2eEnv } from './support/e2e-env';
import { expect, test, uniqueEmail } from './support/fixtures';

const colours = ['#b91c1c', '#15803d', '#1d4ed8'];
let jpegs: Buffer[];
test.beforeAll(async () => {
  jpegs = await Promise.all(
    colours.map((background) =>
      sharp({ create: { width: 640, height: 480, channels: 3, background } })
        .jpeg()
        .toBuffer(),
    ),
  );
});

async function seedProduct(request: APIRequestContext, photos: number): Promise<Item> {
  const created = await request.post('/api/items', { data: {} });
  expect(created.status(), await created.text()).toBe(201);
  let item = (await created.json()) as Item;
  for (let i = 0; i < photos; i++) {
    const uploaded = await request.post(`/api/items/${item.id}/images`, {
      multipart: { photos: { name: `p${i}.jpg`, mimeType: 'image/jpeg', buffer: jpegs[i % jpegs.length]! } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
    item = (await uploaded.json()).item as Item;
  }
  return item;
}

const fetchItem = async (page: Page, id: string) => (await (await page.request.get(`/api/items/${id}`)).json()) as Item;
const card = (page: Page, sku: string): Locator => page.locator(`[data-testid="product-card"][data-sku="${sku}"]`);
const photoIds = (scope: Locator) =>
  scope.getByTestId('photo').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-image-id')));

async function openManagePhotos(page: Page, item: Item): Promise<Locator> {
  await page.goto('/');
  await card(page, item.sku)
    .getByRole('button', { name: `Manage photos of ${item.sku}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Manage Photos' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('crop-image')).toBeVisible();
  await expect.poll(() => dialog.getByTestId('crop-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
  return dialog;
}

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(e2eEnv.root, 'e2e/.artifacts/screenshots', `${name}-${test.info().project.name}.png`) });

test.describe('Manage Photos', () => {
  test('crop at 1:1 stores a square image; rotate by 90° swaps width and height', async ({ signedInPage: page }) => {
    const item = await seedProduct(page.request, 2);
    const dialog = await openManagePhotos(page, item);
    await expect(dialog.getByTestId('photo').first().getByTestId('primary-label')).toHaveText('MAIN');

    await dialog.getByRole('radio', { name: '1:1' }).click();
    await expect(dialog.getByRole('radio', { name: '1:1' })).toHaveAttribute('aria-checked', 'true');
    await dialog.getByRole('button', { name: 'Grid' }).click();
    await expect(dialog.getByText('Selection: 432 x 432 pixels of 640 x 480.')).toBeVisible();
    await screenshot(page, 'manage-photos-crop');
    const cropped = page.waitForResponse((r) => r.url().endsWith(`/images/${item.images[0]!.id}/crop`));
    await dialog.getByRole('button', { name: 'Apply Crop' }).click();
    expect((await cropped).status()).toBe(200);
    await expect
      .poll(async () => (await fetchItem(page, item.id)).images.map((i) => [i.width, i.height]))
      .toEqual([
        [432, 432],
        [640, 480],
      ]);
    await expect
      .poll(() => dialog.getByTestId('crop-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(432);

    await dialog.getByRole('button', { name: 'Edit photo 2' }).click();
    const rotated = page.waitForResponse((r) => r.url().endsWith(`/images/${item.images[1]!.id}/rotate`));
    await dialog.getByRole('button', { name: 'Rotate 90°' }).click();
    expect((await rotated).status()).toBe(200);
    const after = await fetchItem(page, item.id);
    expect(after.images.map((i) => [i.id, i.width, i.height])).toEqual([
      [item.images[0]!.id, 432, 432],
      [item.images[1]!.id, 480, 640],
    ]);
    await expect
      .poll(() => dialog.getByTestId('crop-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight))
      .toBe(640);
    await screenshot(page, 'manage-photos-rotated');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
  });

  test('reorder in the dialog: Cancel forgets it, Save Changes keeps it with MAIN on the new first photo', async ({
    signedInPage: page,
  }) => {
    const item = await seedProduct(page.request, 3);
    const [a, b, c] = item.images.map((image) => image.id);
    let dialog = await openManagePhotos(page, item);
    const moveFirstRight = async () => {
      await dialog.getByRole('button', { name: `Photo 1 of ${item.sku}, main. Drag to reorder.` }).focus();
      await page.keyboard.press('Space');
      await page.waitForTimeout(150);
      await page.keyboard.press('ArrowRight');
      await page.waitForTimeout(300);
      await page.keyboard.press('Space');
      await expect.poll(() => photoIds(dialog)).toEqual([b, a, c]);
      await expect(dialog.getByTestId('photo').first().getByTestId('primary-label')).toHaveText('MAIN');
      await expect(dialog.getByTestId('primary-label')).toHaveCount(1);
    };

    await moveFirstRight();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await fetchItem(page, item.id)).images.map((i) => i.id)).toEqual([a, b, c]);

    dialog = await openManagePhotos(page, item);
    await moveFirstRight();
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/items/${item.id}/images/order`) && r.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    expect((await saved).status()).toBe(200);
    await expect(dialog).toBeHidden();
    const after = await fetchItem(page, item.id);
    expect(after.images.map((i) => [i.id, i.isPrimary])).toEqual([
      [b, true],
      [a, false],
      [c, false],
    ]);
  });

  test('a crop when signed out shows the crop alert with "User not authenticated"', async ({ signedInPage: page }) => {
    const item = await seedProduct(page.request, 1);
    const dialog = await openManagePhotos(page, item);
    await dialog.getByRole('radio', { name: '16:9' }).click();
    await page.context().clearCookies();
    await dialog.getByRole('button', { name: 'Apply Crop' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to crop image. Please try again. Error: User not authenticated');
  });

  test('adds a photo to an existing product from its card', async ({ signedInPage: page }) => {
    const item = await seedProduct(page.request, 1);
    await page.goto('/');
    const product = card(page, item.sku);
    await expect(product.getByTestId('photo-count')).toHaveText('1 photo');
    const chooser = page.waitForEvent('filechooser');
    await product.getByRole('button', { name: `Add photos to ${item.sku}` }).click();
    const uploaded = page.waitForResponse((r) => r.url().endsWith(`/api/items/${item.id}/images`) && r.request().method() === 'POST');
    await (await chooser).setFiles({ name: 'tag.jpg', mimeType: 'image/jpeg', buffer: jpegs[2]! });
    expect((await uploaded).status()).toBe(200);
    await expect(product.getByTestId('photo-count')).toHaveText('2 photos');
    await screenshot(page, 'product-card-photos');
    const after = await fetchItem(page, item.id);
    expect(after.images.map((i) => [i.id === item.images[0]!.id, i.order, i.isPrimary])).toEqual([
      [true, 0, true],
      [false, 1, false],
    ]);
  });

  test('opens from a completed listing on Generate Listings and rotates its photo there', async ({ page }) => {
    test.setTimeout(120_000);
    // The second e2e server writes listings offline (AI_PROVIDER=basic), so a listing completes without a fake.
    const base = e2eEnv.basicBaseURL;
    const user = { email: uniqueEmail('photos'), password: 'correct-horse' };
    const api = page.context().request;
    expect((await api.post(`${base}/api/auth/sign-up/email`, { data: { ...user, name: 'Photos' } })).ok()).toBe(true);
    expect((await api.post(`${base}/api/auth/sign-in/email`, { data: user })).ok()).toBe(true);
    const item = (await (
      await api.post(`${base}/api/items`, { data: { category: 'Mens Tops', condition: 'good', brand: 'Patagonia' } })
    ).json()) as Item;
    const uploaded = await api.post(`${base}/api/items/${item.id}/images`, {
      multipart: { photos: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: jpegs[0]! } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);

    await page.goto(`${base}/listings`);
    const listing = page.locator(`[data-testid="listing-card"][data-sku="${item.sku}"]`);
    await listing.getByRole('button', { name: 'Generate Listing' }).click();
    await listing.getByTestId('listing-toggle').click({ timeout: 60_000 });
    await listing.getByRole('button', { name: 'Manage Photos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Photos' });
    await expect(dialog.getByTestId('photo').first().getByTestId('primary-label')).toHaveText('MAIN');
    const rotated = page.waitForResponse((r) => r.url().endsWith('/rotate'));
    await dialog.getByRole('button', { name: 'Rotate 90°' }).click();
    expect((await rotated).status()).toBe(200);
    const after = (await (await api.get(`${base}/api/items/${item.id}`)).json()) as Item;
    expect(after.images.map((i) => [i.width, i.height])).toEqual([[480, 640]]);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
  });
});
