/**
 * Sizes eBay does not take (decision 113), desktop and phone against the fake eBay and the fake AI: on Generate Listings, jeans whose
 * label size maps onto none of eBay's values ("W32 L30 slim") are held with eBay's question while the other product
 * selected with them is written at once; the seller picks eBay's size by click or tap, and the jeans are then written
 * with it in the title. On the camera's capture screen, the size on the label is typed before the upload and lands
 * on the created product.
 */
import sharp from 'sharp';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Item } from '@shared/contracts/items';
import { openCamera, steerCamera, takePhotos } from './capture-helpers';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { expect, test } from './support/fixtures';
import { listedItemsWithPhotos } from './support/listed-items';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => isMobile, 'a flow runs once: on the desktop; its screens are checked on the phone elsewhere (decision 135)');

let jpeg: Buffer;
test.beforeAll(async () => {
  jpeg = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#2c4a7a' } })
    .jpeg()
    .toBuffer();
});

const run = Date.now().toString(36).toUpperCase();
const card = (page: Page, sku: string): Locator => page.locator(`[data-testid="listing-card"][data-sku="${sku}"]`);
const itemOf = async (request: APIRequestContext, id: string) => (await (await request.get(`/api/items/${id}`)).json()) as Item;

/** Mens Jeans with one photo and the size typed on its label, not yet written. */
async function seedJeans(request: APIRequestContext, sku: string, size: string, brand: string): Promise<Item> {
  const created = await request.post('/api/items', { data: { sku, size, brand, category: 'Mens Jeans', condition: 'good' } });
  expect(created.status(), await created.text()).toBe(201);
  const item = (await created.json()) as Item;
  const uploaded = await request.post(`/api/items/${item.id}/images`, {
    multipart: { photos: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  return item;
}

test('Generate holds jeans whose size eBay does not take; the other is written; the picked size is written in the title', async ({
  signedInPage: page,
}, testInfo) => {
  const project = testInfo.project.name;
  const phone = project === 'phone';
  const tap = (target: Locator) => (phone ? target.tap() : target.click());
  const request = page.request;
  await connectFakeEbaySeller(request);
  // The fake AI reads W32/L30 on the held pair's label; the other pair's 32 is one of eBay's.
  const held = await seedJeans(request, `GEN-${run}-${project[0]!.toUpperCase()}-ASK`, 'W32 L30 slim', "Levi's fake-size:W32/L30");
  const other = await seedJeans(request, `GEN-${run}-${project[0]!.toUpperCase()}-OK`, '32', "Levi's");

  await page.goto('/listings');
  // Both start selected (the screen's default): Generate 2 Listings is one click or tap.
  await expect(card(page, held.sku).getByRole('checkbox', { name: `Select ${held.sku}` })).toBeChecked();
  await expect(card(page, other.sku).getByRole('checkbox', { name: `Select ${other.sku}` })).toBeChecked();
  await tap(page.getByRole('button', { name: 'Generate 2 Listings' }));

  // The other is written at once; the held one asks eBay's size first, with nothing written.
  await expect(card(page, other.sku).getByTestId('badge-ready')).toBeVisible({ timeout: paced(60_000) });
  const question = card(page, held.sku).getByRole('form', { name: `Size question for ${held.sku}` });
  await expect(question.getByTestId('held-reasons')).toHaveText(
    `eBay needs a standard size for Jeans: pick one ("W32 L30 slim" is not one of eBay's)`,
    { timeout: paced(30_000) },
  );
  const before = await itemOf(request, held.id);
  expect(before.aiGenerationStatus).toBe('pending');
  expect(before.aiTitle).toBeNull();
  const size = question.getByLabel('Size', { exact: true });
  const options = (await size.locator('option').allTextContents()).slice(1);
  expect(options).toContain('32x30');
  expect(options).not.toContain('W32 L30 slim');
  await question.scrollIntoViewIfNeeded();
  await saveScreen(page, { path: `e2e/.artifacts/screens/size-generate-question-${project}.png`, scale: 'css' });

  // A reload keeps the hold (decision 116): the held card comes first, with its question, and nothing is written.
  await page.reload();
  await expect(page.getByTestId('held-count')).toHaveText('1 needs a size before writing', { timeout: paced(30_000) });
  await expect(page.getByTestId('listing-card').first()).toHaveAttribute('data-sku', held.sku);
  await expect(question.getByTestId('held-reasons')).toHaveText(
    `eBay needs a standard size for Jeans: pick one ("W32 L30 slim" is not one of eBay's)`,
  );
  await expect(card(page, other.sku).getByTestId('held-question')).toHaveCount(0);
  expect((await itemOf(request, held.id)).aiGenerationStatus).toBe('pending');
  await saveScreen(page, { path: `e2e/.artifacts/screens/held-generate-reloaded-${project}.png`, scale: 'css' });

  // Without a pick the field asks for one; picked by click or tap, the listing is written with eBay's size.
  await tap(question.getByRole('button', { name: `Save and go on: ${held.sku}` }));
  await expect(question.getByRole('alert')).toHaveText('Choose a Size');
  await tap(size);
  await size.selectOption('32x30');
  await tap(question.getByRole('button', { name: `Save and go on: ${held.sku}` }));
  await expect(card(page, held.sku).getByTestId('badge-ready')).toBeVisible({ timeout: paced(60_000) });
  await expect(card(page, held.sku).getByTestId('held-question')).toHaveCount(0);
  await expect(page.getByTestId('held-count')).toHaveCount(0);
  const after = await itemOf(request, held.id);
  expect(after.extractedSize).toBe('32x30');
  expect(after.aiTitle).toContain('32x30');
  expect(after.aiTitle).not.toContain('W32');
  await card(page, held.sku).scrollIntoViewIfNeeded();
  await saveScreen(page, { path: `e2e/.artifacts/screens/size-generate-written-${project}.png`, scale: 'css' });
});

test('the upload dialog’s Generate opens Generate Listings with the product whose size eBay does not take held first', async ({
  signedInPage: page,
}, testInfo) => {
  const project = testInfo.project.name;
  const phone = project === 'phone';
  const tap = (target: Locator) => (phone ? target.tap() : target.click());
  await connectFakeEbaySeller(page.request);
  const sku = (n: number) => `DLG-${run}-${project[0]!.toUpperCase()}-${n}`;

  await page.goto('/capture');
  await tap(page.getByRole('button', { name: /Upload Files/ }));
  const dialog = page.getByRole('dialog', { name: 'Upload and Assign SKUs' });
  await dialog.getByTestId('upload-file-input').setInputFiles([
    { name: 'jeans.jpg', mimeType: 'image/jpeg', buffer: jpeg },
    { name: 'other.jpg', mimeType: 'image/jpeg', buffer: jpeg },
  ]);
  await expect(dialog.getByTestId('upload-tile').locator('img')).toHaveCount(2);
  await dialog.getByRole('textbox', { name: 'SKU for photo 1', exact: true }).fill(sku(1));
  await dialog.getByRole('textbox', { name: 'Size for photo 1', exact: true }).fill('W32 L30 slim');
  await dialog.getByRole('textbox', { name: 'SKU for photo 2', exact: true }).fill(sku(2));
  await dialog.getByRole('textbox', { name: 'Size for photo 2', exact: true }).fill('32');
  await tap(dialog.getByRole('button', { name: 'Upload', exact: true }));
  const summary = dialog.getByTestId('upload-summary');
  await expect(summary).toContainText('Uploaded 2 products', { timeout: paced(60_000) });
  await tap(summary.getByRole('button', { name: 'Generate listings for these 2' }));

  // Generate Listings opens with the held one first, asking what it is (no kind was said) and eBay's size.
  await expect(page).toHaveURL(/\/listings$/);
  await expect(page.getByTestId('held-count')).toHaveText('1 needs a size before writing', { timeout: paced(30_000) });
  await expect(page.getByTestId('listing-card').first()).toHaveAttribute('data-sku', sku(1));
  const question = card(page, sku(1)).getByRole('form', { name: `Size question for ${sku(1)}` });
  await expect(question.getByTestId('held-reasons').getByRole('listitem')).toHaveText([
    `eBay needs a standard size: say what it is, then pick one of its sizes ("W32 L30 slim" is not one of eBay's)`,
    'Choose its category above, then Save and go on.',
  ]);
  await expect(card(page, sku(2)).getByTestId('badge-ready')).toBeVisible({ timeout: paced(60_000) });
  await expect(card(page, sku(2)).getByTestId('held-question')).toHaveCount(0);
  const heldItem = (await listedItemsWithPhotos(page.request)).find((i) => i.sku === sku(1))!;
  expect(heldItem.aiGenerationStatus).toBe('pending');
  expect(heldItem.aiTitle).toBeNull();
  await saveScreen(page, { path: `e2e/.artifacts/screens/held-generate-from-upload-${project}.png`, scale: 'css' });

  // Still held after a reload.
  await page.reload();
  await expect(question.getByTestId('held-reasons')).toContainText('say what it is', { timeout: paced(30_000) });
});

test('the camera batch asks the size on the label before its upload; the product has it', async ({ signedInPage: page }, testInfo) => {
  const project = testInfo.project.name;
  const typed = `W34 L32 ${project}`;
  await steerCamera(page);
  await page.goto('/capture');
  await openCamera(page);
  await takePhotos(page, 2);
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  const size = page.getByRole('textbox', { name: 'Size on label', exact: true });
  await size.fill(typed);
  await saveScreen(page, { path: `e2e/.artifacts/screens/size-generate-capture-${project}.png`, scale: 'css' });
  await page.getByRole('button', { name: 'Upload 2' }).click();

  const created = page.getByTestId('batch-created');
  await expect(created.getByText('Product Batch Created!')).toBeVisible({ timeout: paced(60_000) });
  const sku = (await created.getByTestId('created-sku').textContent())!;
  const item = (await listedItemsWithPhotos(page.request)).find((i) => i.sku === sku);
  expect(item?.extractedSize).toBe(typed);
  expect(item?.photoCount).toBe(2);

  // The next batch starts with an empty field; the bottom bar's Upload, without the review grid, asks it too.
  await created.getByRole('button', { name: 'Add Another' }).click();
  await takePhotos(page, 1);
  const barSize = page.getByRole('textbox', { name: 'Size on label', exact: true });
  await expect(barSize).toHaveValue('');
  const typedInBar = `W32 L30 slim ${project}`;
  await barSize.fill(typedInBar);
  await saveScreen(page, { path: `e2e/.artifacts/screens/held-generate-camera-bar-${project}.png`, scale: 'css' });
  await page.getByRole('button', { name: 'Upload 1' }).click();
  await expect(created.getByText('Product Batch Created!')).toBeVisible({ timeout: paced(60_000) });
  const barSku = (await created.getByTestId('created-sku').textContent())!;
  const barItem = (await listedItemsWithPhotos(page.request)).find((i) => i.sku === barSku);
  expect(barItem?.extractedSize).toBe(typedInBar);
  await created.getByRole('button', { name: 'Add Another' }).click();
  await takePhotos(page, 1);
  await expect(barSize).toHaveValue('');
});

test('a phone’s camera batch written in the background holds a size eBay does not take, shown on Generate Listings', async ({
  signedInPage: page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'background generation is a phone camera batch’s');
  await connectFakeEbaySeller(page.request);
  await steerCamera(page);
  await page.goto('/capture');
  await openCamera(page);
  await takePhotos(page, 1);
  await page.getByRole('textbox', { name: 'Size on label', exact: true }).fill('Small-ish');
  await page.getByRole('button', { name: 'Upload 1' }).click();
  const created = page.getByTestId('batch-created');
  await expect(created.getByText('Product Batch Created!')).toBeVisible({ timeout: paced(60_000) });
  const sku = (await created.getByTestId('created-sku').textContent())!;

  // The sweep takes it once its upload settled (10 s) and holds it: no AI call, eBay's question on Generate Listings.
  await page.goto('/listings');
  const question = card(page, sku).getByRole('form', { name: `Size question for ${sku}` });
  await expect(async () => {
    await page.reload();
    await expect(question.getByTestId('held-reasons')).toContainText('"Small-ish" is not one of eBay\'s', { timeout: paced(3000) });
  }).toPass({ timeout: paced(60_000) });
  const item = (await listedItemsWithPhotos(page.request)).find((i) => i.sku === sku)!;
  expect(item.autoGenerateListing).toBe(true);
  expect(item.aiGenerationStatus).toBe('pending');
  expect(item.aiTitle).toBeNull();
  await question.scrollIntoViewIfNeeded();
  await saveScreen(page, { path: `e2e/.artifacts/screens/held-generate-swept-${testInfo.project.name}.png`, scale: 'css' });
});
