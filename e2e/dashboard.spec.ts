/**
 * The dashboard's product cards: reorder by keyboard and by drag, surviving a reload with Main on the
 * first photo; photo delete; the last photo's delete disabled; a duplicate SKU; product delete; select-mode bulk
 * delete; search by SKU. Every product is seeded through the API.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Item } from '@shared/contracts/items';
import { openCamera, steerCamera, takePhotos } from './capture-helpers';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { cardAction } from './support/card-actions';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

const colours = ['#b91c1c', '#15803d', '#1d4ed8', '#a16207'];
let jpegs: Buffer[];
test.beforeAll(async () => {
  jpegs = await Promise.all(
    colours.map((background) =>
      sharp({ create: { width: 320, height: 320, channels: 3, background } })
        .jpeg()
        .toBuffer(),
    ),
  );
});

/** A product with `photos` photos, uploaded one request each so their order is known. */
async function seedProduct(request: APIRequestContext, photos: number, body: Record<string, unknown> = {}): Promise<Item> {
  const created = await request.post('/api/items', { data: body });
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

const card = (page: Page, sku: string): Locator => page.locator(`[data-testid="product-card"][data-sku="${sku}"]`);
const photoIds = (product: Locator) =>
  product.getByTestId('photo').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-image-id')));

async function openPhotos(page: Page, sku: string): Promise<Locator> {
  const product = card(page, sku);
  await product.getByRole('button', { name: /^Show (all \d+ photos|photo)$/ }).click();
  await expect(product.getByTestId('photo-list')).toBeVisible();
  return product;
}

async function expectOrderAfterReload(page: Page, sku: string, expected: string[]) {
  await page.reload();
  const product = await openPhotos(page, sku);
  await expect.poll(() => photoIds(product)).toEqual(expected);
  await expect(product.getByTestId('photo').first().getByTestId('primary-label')).toHaveText('Main');
  await expect(product.getByTestId('primary-label')).toHaveCount(1);
}

/** The stored files (display images and thumbnails) of one item: local storage keeps them under {userId}/{itemId}/. */
function storedFilesOf(itemId: string): string[] {
  const root = path.join(e2eEnv.dataDir, 'storage');
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => {
    const parts = file.split(path.sep);
    return parts.at(-2) === itemId; // a file directly inside the item's folder
  });
}

type Point = { x: number; y: number };

async function mouseDrag(page: Page, from: Point, to: Point) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x - 10, from.y, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.waitForTimeout(200);
  await page.mouse.up();
}

/** A finger held still past the TouchSensor's 200 ms delay, then moved (Playwright has no touch-move API: CDP). */
async function touchDrag(page: Page, from: Point, to: Point) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: Point) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [{ x: Math.round(point.x), y: Math.round(point.y) }] : [] });
  await touch('touchStart', from);
  await page.waitForTimeout(400);
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    await touch('touchMove', { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps });
    await page.waitForTimeout(20);
  }
  await page.waitForTimeout(200);
  await touch('touchEnd');
  await cdp.detach();
}

test.describe('Dashboard product cards', () => {
  test('reorder by keyboard: the new order and Main survive a reload', async ({ signedInPage: page }) => {
    const item = await seedProduct(page.request, 3);
    const [a, b, c] = item.images.map((image) => image.id);
    await page.goto('/');
    const product = await openPhotos(page, item.sku);
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/items/${item.id}/images/order`) && r.request().method() === 'PUT');
    const first = product.getByRole('button', { name: `Photo 1 of ${item.sku}, main photo. Drag to reorder.` });
    await first.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    expect((await saved).status()).toBe(200);
    await expect.poll(() => photoIds(product)).toEqual([b, a, c]);
    await expectOrderAfterReload(page, item.sku, [b!, a!, c!]);
  });

  test('reorder by drag (mouse on desktop, press-and-hold touch on the phone): the new order and Main survive a reload', async ({
    signedInPage: page,
    isMobile,
  }) => {
    const item = await seedProduct(page.request, 3);
    const [a, b, c] = item.images.map((image) => image.id);
    await page.goto('/');
    const product = await openPhotos(page, item.sku);
    await product.getByTestId('photo-list').scrollIntoViewIfNeeded();
    const from = (await product.getByTestId('photo').nth(2).boundingBox())!;
    const to = (await product.getByTestId('photo').nth(0).boundingBox())!;
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/items/${item.id}/images/order`) && r.request().method() === 'PUT');
    const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
    const end = { x: to.x + to.width / 2, y: to.y + to.height / 2 };
    if (isMobile) await touchDrag(page, start, end);
    else await mouseDrag(page, start, end);
    expect((await saved).status()).toBe(200);
    await expect.poll(() => photoIds(product)).toEqual([c, a, b]);
    await expectOrderAfterReload(page, item.sku, [c!, a!, b!]);
  });

  test('deletes a photo after the question; the last photo cannot be deleted', async ({ signedInPage: page }) => {
    const item = await seedProduct(page.request, 2);
    const [, second] = item.images.map((image) => image.id);
    await page.goto('/');
    const product = await openPhotos(page, item.sku);
    await product.getByRole('button', { name: 'Delete photo 1' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Are you sure you want to delete this photo?');
    await dialog.getByRole('button', { name: 'Delete photo' }).click();
    await expect.poll(() => photoIds(product)).toEqual([second]);
    await expect(product.getByTestId('photo-count')).toHaveText('1 photo');
    await expect(product.getByRole('button', { name: 'Delete photo 1' })).toBeDisabled();
    expect(storedFilesOf(item.id)).toHaveLength(2);
    await page.reload();
    await expect(card(page, item.sku).getByTestId('photo-count')).toHaveText('1 photo');
  });

  test('a duplicate SKU shows the message and keeps the old SKU; a new one is upper-cased', async ({ signedInPage: page }) => {
    const taken = await seedProduct(page.request, 1, { sku: 'TAKEN-1' });
    const item = await seedProduct(page.request, 1);
    await page.goto('/');
    const product = card(page, item.sku);
    await product.getByRole('button', { name: `Edit SKU ${item.sku}` }).click();
    await product.getByRole('textbox', { name: 'SKU', exact: true }).fill(taken.sku.toLowerCase());
    await product.getByRole('button', { name: 'Save SKU' }).click();
    await expect(product.getByRole('alert')).toHaveText(`SKU ${taken.sku} already exists. ${item.sku} was kept.`);
    await expect(product.getByTestId('item-sku')).toHaveText(item.sku);

    await product.getByRole('button', { name: `Edit SKU ${item.sku}` }).click();
    await product.getByRole('textbox', { name: 'SKU', exact: true }).fill('jeans-77');
    await product.getByRole('textbox', { name: 'SKU', exact: true }).press('Enter');
    await expect(card(page, 'JEANS-77').getByTestId('item-sku')).toHaveText('JEANS-77');
    await page.reload();
    await expect(card(page, 'JEANS-77')).toBeVisible();
  });

  test('deletes a product and its stored files', async ({ signedInPage: page }) => {
    const kept = await seedProduct(page.request, 1);
    const item = await seedProduct(page.request, 2);
    expect(storedFilesOf(item.id)).toHaveLength(4);
    await page.goto('/');
    await (await cardAction(page, item.sku, `Delete product ${item.sku}`)).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete product' }).click();
    await expect(card(page, item.sku)).toHaveCount(0);
    await expect(card(page, kept.sku)).toBeVisible();
    expect((await page.request.get(`/api/items/${item.id}`)).status()).toBe(404);
    expect(storedFilesOf(item.id)).toEqual([]);
    expect(storedFilesOf(kept.id)).toHaveLength(2);
  });

  test('select mode: Select All / Deselect All, toggling clears the selection, Delete Selected after a confirmation', async ({
    signedInPage: page,
  }) => {
    const [one, two, three] = [await seedProduct(page.request, 1), await seedProduct(page.request, 1), await seedProduct(page.request, 1)];
    await page.goto('/');
    await expect(page.getByTestId('batch-count')).toHaveText('(3)');
    // The count comes from the summary; Select All selects the cards shown, so the three are waited for first.
    for (const { sku } of [one, two, three]) await expect(card(page, sku)).toBeVisible();
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    const bar = page.getByTestId('select-bar');
    await bar.getByRole('button', { name: 'Select All' }).click();
    await expect(bar).toContainText('3 selected');
    await bar.getByRole('button', { name: 'Deselect All' }).click();
    await expect(bar).toContainText('0 selected');
    await page.getByRole('checkbox', { name: `Select ${one.sku}` }).check();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await expect(bar).toContainText('0 selected');
    await expect(page.getByRole('checkbox', { name: `Select ${one.sku}` })).not.toBeChecked();

    await page.getByRole('checkbox', { name: `Select ${one.sku}` }).check();
    await page.getByRole('checkbox', { name: `Select ${three.sku}` }).check();
    await bar.getByRole('button', { name: 'Delete Selected' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Selected' }).click();
    await expect(card(page, one.sku)).toHaveCount(0);
    await expect(card(page, three.sku)).toHaveCount(0);
    await expect(card(page, two.sku)).toBeVisible();
    await expect(page.getByTestId('batch-count')).toHaveText('(1)');
  });

  test('500 products: infinite scroll loads past the first page, search by SKU finds one', async ({ signedInPage: page }) => {
    const wanted = await seedProduct(page.request, 1, { sku: 'FIND-ME-42' });
    for (let start = 0; start < 499; start += 25) {
      const chunk = Array.from({ length: Math.min(25, 499 - start) }, () => page.request.post('/api/items', { data: {} }));
      for (const response of await Promise.all(chunk)) expect(response.status()).toBe(201);
    }
    const newestFirst = (await (await page.request.get('/api/items?limit=100')).json()).items.map(
      (i: { sku: string }) => i.sku,
    ) as string[];
    await page.goto('/');
    await expect(page.getByTestId('batch-count')).toHaveText('(500)');
    const cards = page.getByTestId('product-card');
    // Over 100 products: the list is virtualised from the first page, and scrolling loads the second.
    await expect(card(page, newestFirst[0]!)).toBeVisible();
    await expect(page.locator('[data-virtualised="true"]')).toHaveCount(1);
    // A screen at a time (a row is 3 cards on desktop, 1 on a phone) until the 76th card is built: it is in the list
    // once the second page came in (a scroll past it leaves it in the overscan or brings the page back to it).
    const screen = page.viewportSize()!.height;
    await expect(async () => {
      await page.mouse.wheel(0, screen);
      await expect(card(page, newestFirst[75]!)).toBeVisible({ timeout: 250 });
    }).toPass({ timeout: paced(45_000), intervals: [0] });
    await expect(card(page, wanted.sku)).toHaveCount(0);

    await page.getByRole('searchbox', { name: 'Search products' }).fill('find-me');
    await expect(cards).toHaveCount(1);
    await expect(card(page, wanted.sku)).toBeVisible();
    await expect(page.getByTestId('batch-count')).toHaveText('(1)');
    await page.getByLabel('Status').selectOption('listing_ready');
    await expect(cards).toHaveCount(0);
    await expect(page.getByText('No products match this search.')).toBeVisible();
    await page.getByLabel('Status').selectOption('draft');
    await expect(cards).toHaveCount(1);
  });

  test('after a capture the dashboard shows "Product batch created successfully" for 5 seconds, once', async ({ signedInPage: page }) => {
    await steerCamera(page);
    await page.goto('/capture');
    await openCamera(page);
    await takePhotos(page, 1);
    await page.getByRole('button', { name: 'Upload 1' }).click();
    await expect(page.getByText('Product Batch Created!')).toBeVisible({ timeout: paced(30_000) });
    await page.getByRole('button', { name: 'View Dashboard' }).click();
    const banner = page.getByTestId('batch-created-banner');
    await expect(banner).toHaveText('Product batch created successfully');
    const shownAt = Date.now();
    await expect(page.getByTestId('product-card')).toHaveCount(1);
    await expect(banner).toBeHidden({ timeout: paced(8000) });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4000);
    await page.reload();
    await expect(page.getByTestId('product-card')).toHaveCount(1);
    await expect(banner).toHaveCount(0);
  });

  test('an empty dashboard says so', async ({ signedInPage: page }) => {
    await page.goto('/');
    await expect(page.getByText('No product batches yet')).toBeVisible();
    await expect(page.getByRole('button', { name: /Publish to eBay/ })).toBeEnabled();
  });
});
