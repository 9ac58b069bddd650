/**
 * SKUs where the seller types them. The Next hint never offers a SKU in
 * use in the dialog; a SKU eBay would refuse is named as typed (upload tiles, bulk field, dashboard editor) and never
 * saved; a letter O between digits is flagged with a one-tap fix; the dialog opens without an old summary; a queued
 * product shows no percentage. Desktop and phone.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { Item } from '@shared/contracts/items';
import { listedItemsWithPhotos } from './support/listed-items';
import { generateJpegs, type GeneratedPhoto } from './capture-helpers';
import { expect, test } from './support/fixtures';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

let photos: GeneratedPhoto[];
test.beforeAll(async () => {
  photos = await generateJpegs(4, { prefix: 'sku-rules' });
});

const shot = (page: Page, name: string, isMobile: boolean) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/${name}-${isMobile ? 'phone' : 'desktop'}.png` });

async function openUploadDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /Upload Files/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload and Assign SKUs' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function addPhotos(dialog: Locator, count: number) {
  await dialog.getByTestId('upload-file-input').setInputFiles(photos.slice(0, count).map((p) => p.path));
  await expect(dialog.getByTestId('upload-tile').locator('img')).toHaveCount(count);
}

/** Selects one photo: its checkbox on a touch phone, a click on the tile on a desktop. */
async function selectOnly(dialog: Locator, n: number, isMobile: boolean) {
  if (isMobile) await dialog.getByRole('checkbox', { name: `Select photo ${n}`, exact: true }).tap();
  else await dialog.getByRole('button', { name: new RegExp(`^Photo ${n}:`) }).click();
  await expect(dialog.getByText('1 selected')).toBeVisible();
}

const skuField = (dialog: Locator, n: number) => dialog.getByRole('textbox', { name: `SKU for photo ${n}`, exact: true });
const nextHint = (dialog: Locator) => dialog.getByTestId('sku-hints').getByRole('button', { name: /^Next:/ });
const batches = (page: Page): Promise<Item[]> => listedItemsWithPhotos(page.request, 'view=batches');

test('Next skips every SKU assigned in the dialog: PSTFSH-002, then 003 typed, then Next offers 004', async ({
  signedInPage: page,
  isMobile,
}) => {
  const first = await page.request.post('/api/items', { data: {} });
  expect((await first.json()).sku).toBe('PSTFSH-001');
  await page.goto('/capture');
  const dialog = await openUploadDialog(page);
  await addPhotos(dialog, 3);
  await expect(nextHint(dialog)).toHaveText('Next: PSTFSH-002');

  await selectOnly(dialog, 1, isMobile);
  await nextHint(dialog).click();
  const bulk = dialog.getByRole('textbox', { name: 'SKU for selected photos' });
  await expect(bulk).toHaveValue('PSTFSH-002');
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(skuField(dialog, 1)).toHaveValue('PSTFSH-002');

  await skuField(dialog, 2).fill('pstfsh-003');
  await expect(nextHint(dialog)).toHaveText('Next: PSTFSH-004');
  await selectOnly(dialog, 3, isMobile);
  await nextHint(dialog).click();
  await expect(bulk).toHaveValue('PSTFSH-004');
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(skuField(dialog, 3)).toHaveValue('PSTFSH-004');
  await expect(nextHint(dialog)).toHaveText('Next: PSTFSH-005');
  await expect(dialog.getByTestId('upload-counts')).toHaveText('3 images · 3 with SKU · 3 unique products');
});

test('a SKU eBay would refuse is named as it is typed and never uploaded; a letter O between digits is fixed in one tap', async ({
  signedInPage: page,
  isMobile,
}) => {
  await page.goto('/capture');
  const dialog = await openUploadDialog(page);
  await addPhotos(dialog, 2);
  const refused = 'SKU cannot contain spaces or "!". Use only letters, numbers, hyphens and underscores.';

  // The bulk field: the message as typed, and Assign is refused.
  const bulk = dialog.getByRole('textbox', { name: 'SKU for selected photos' });
  await selectOnly(dialog, 1, isMobile);
  await bulk.fill('pstfsh 5!');
  await expect(dialog.getByTestId('sku-problem')).toHaveText(refused);
  await expect(bulk).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(skuField(dialog, 1)).toHaveValue('');

  // The typo: warned with the SKU meant; one tap puts it in the field.
  await bulk.fill('pstfsh-0O4');
  await expect(dialog.getByTestId('sku-typo')).toContainText('Did you mean PSTFSH-004?');
  await shot(page, 'bulk-sku-typo', isMobile);
  await dialog.getByTestId('sku-typo').getByRole('button', { name: 'Use PSTFSH-004' }).click();
  await expect(bulk).toHaveValue('PSTFSH-004');
  await expect(dialog.getByTestId('sku-typo')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(skuField(dialog, 1)).toHaveValue('PSTFSH-004');

  // A tile's own field: the message under it, and Upload is refused with the photo named.
  await skuField(dialog, 2).fill('pstfsh 5!');
  const tile = dialog.getByTestId('upload-tile').nth(1);
  await expect(tile.getByTestId('sku-problem')).toHaveText(refused);
  await expect(skuField(dialog, 2)).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'tile-sku-problem', isMobile);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(`Photo 2: ${refused}`);
  await expect(dialog.getByTestId('queue-entry')).toHaveCount(0);
  expect(await batches(page)).toEqual([]);

  await skuField(dialog, 2).fill('pstfsh-5');
  await expect(tile.getByTestId('sku-problem')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByTestId('upload-summary')).toBeVisible({ timeout: paced(30_000) });
  expect((await batches(page)).map((i) => i.sku).sort()).toEqual(['PSTFSH-004', 'PSTFSH-5']);
});

test('the dashboard SKU editor names a SKU eBay would refuse as typed, offers the typo fix, and keeps the old SKU', async ({
  signedInPage: page,
  isMobile,
}) => {
  const created = await page.request.post('/api/items', { data: {} });
  const item = (await created.json()) as Item;
  const uploaded = await page.request.post(`/api/items/${item.id}/images`, {
    multipart: { photos: { name: 'a.jpg', mimeType: 'image/jpeg', buffer: readFileSync(photos[0]!.path) } },
  });
  expect(uploaded.status()).toBe(200);
  await page.goto('/');
  const card = page.locator(`[data-testid="product-card"][data-sku="${item.sku}"]`);
  await card.getByRole('button', { name: `Edit SKU ${item.sku}` }).click();
  const field = card.getByRole('textbox', { name: 'SKU', exact: true });
  await field.fill('pstfsh 5!');
  await expect(card.getByTestId('sku-problem')).toHaveText(
    'SKU cannot contain spaces or "!". Use only letters, numbers, hyphens and underscores.',
  );
  await shot(page, 'dashboard-sku-problem', isMobile);
  await field.press('Enter');
  await expect(field).toBeVisible();
  expect(((await (await page.request.get(`/api/items/${item.id}`)).json()) as Item).sku).toBe('PSTFSH-001');

  await field.fill('pstfsh-0O4');
  await expect(card.getByTestId('sku-typo')).toContainText('Did you mean PSTFSH-004?');
  await card.getByRole('button', { name: 'Use PSTFSH-004' }).click();
  await expect(field).toHaveValue('PSTFSH-004');
  await field.press('Enter');
  await expect(page.locator('[data-testid="product-card"][data-sku="PSTFSH-004"]').getByTestId('item-sku')).toHaveText('PSTFSH-004');
});

test('the dialog opens without the summary of an earlier opening', async ({ signedInPage: page, isMobile }) => {
  await page.goto('/capture');
  let dialog = await openUploadDialog(page);
  await addPhotos(dialog, 1);
  await skuField(dialog, 1).fill('coat-1');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByTestId('upload-summary')).toContainText('Uploaded 1 product', { timeout: paced(30_000) });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  dialog = await openUploadDialog(page);
  await expect(dialog.getByRole('button', { name: 'Choose Photos', exact: true })).toBeVisible();
  await expect(dialog.getByTestId('upload-summary')).toHaveCount(0);
  await shot(page, 'reopened-dialog', isMobile);

  // An upload still on its way when the dialog is closed shows in the queue on reopening, and is summed up once made.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/items/upload?**', async (route) => {
    await held;
    await route.continue();
  });
  await addPhotos(dialog, 1);
  await skuField(dialog, 1).fill('coat-2');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.locator('[data-testid="queue-entry"][data-sku="COAT-2"]')).toHaveAttribute('data-status', 'uploading');
  await dialog.getByRole('button', { name: 'Close' }).click();
  dialog = await openUploadDialog(page);
  await expect(dialog.locator('[data-testid="queue-entry"][data-sku="COAT-2"]')).toHaveAttribute('data-status', 'uploading');
  await expect(dialog.getByTestId('upload-summary')).toHaveCount(0);
  release();
  await expect(dialog.getByTestId('upload-summary')).toContainText('Uploaded 1 product', { timeout: paced(30_000) });
  await expect(dialog.getByTestId('created-product')).toHaveText([/^COAT-2/]);
});

test('a queued product shows no percentage, even with its photos compressed, until it is on its way', async ({
  signedInPage: page,
  isMobile,
}) => {
  await page.goto('/capture');
  const dialog = await openUploadDialog(page);

  // Two products: the first is held on its way to the server, so the second waits in the queue, compressed.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  await page.route('**/api/items/upload?**', async (route) => {
    if (first) {
      first = false;
      await held;
    }
    await route.continue();
  });
  await addPhotos(dialog, 2);
  await skuField(dialog, 1).fill('coat-2');
  await skuField(dialog, 2).fill('coat-3');
  // The statuses the seller sees on COAT-3's row, in turn.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { coat3Statuses: string[] }).coat3Statuses = seen;
    new MutationObserver(() => {
      const status = document.querySelector('[data-testid="queue-entry"][data-sku="COAT-3"]')?.getAttribute('data-status');
      if (status && seen.at(-1) !== status) seen.push(status);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const waiting = dialog.locator('[data-testid="queue-entry"][data-sku="COAT-3"]');
  await expect(dialog.locator('[data-testid="queue-entry"][data-sku="COAT-2"]')).toHaveAttribute('data-status', 'uploading');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { coat3Statuses: string[] }).coat3Statuses), { timeout: paced(20_000) })
    .toEqual(['queued', 'compressing', 'queued']);
  // Compressed, but not started: "Queued" with no percentage and an empty bar.
  await expect(waiting.getByTestId('photo-progress')).toHaveAttribute('data-percent', '0');
  await expect(waiting).toContainText('Queued');
  await expect(waiting).not.toContainText('%');
  await shot(page, 'queue-queued', isMobile);
  release();
  await expect(dialog.getByTestId('upload-summary')).toContainText('Uploaded 2 products', { timeout: paced(30_000) });
  await expect(dialog.getByTestId('created-product')).toHaveText([/^COAT-2/, /^COAT-3/]);
});
