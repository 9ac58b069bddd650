/**
 * Nothing filed under the wrong product: the Next SKU hint skips every SKU in use (the server's above a
 * gap too), a SKU typed for a product is never generated for a photo sent before it, and Retry after a SKU conflict
 * takes the next free SKU and names it. Desktop and phone.
 */
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
  photos = await generateJpegs(3, { prefix: 'next-free' });
});

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const skuField = (dialog: Locator, n: number) => dialog.getByRole('textbox', { name: `SKU for photo ${n}`, exact: true });
const nextHint = (dialog: Locator) => dialog.getByTestId('sku-hints').getByRole('button', { name: /^Next:/ });
const batches = (page: Page): Promise<Item[]> => listedItemsWithPhotos(page.request, 'view=batches&limit=100');

/** Selects one photo: its checkbox on a touch phone, a click on the tile on a desktop. */
async function selectOnly(dialog: Locator, n: number, isMobile: boolean) {
  if (isMobile) await dialog.getByRole('checkbox', { name: `Select photo ${n}`, exact: true }).tap();
  else await dialog.getByRole('button', { name: new RegExp(`^Photo ${n}:`) }).click();
  await expect(dialog.getByText('1 selected')).toBeVisible();
}

async function useNextFor(dialog: Locator, n: number, isMobile: boolean, expected: string) {
  await expect(nextHint(dialog)).toHaveText(`Next: ${expected}`);
  await selectOnly(dialog, n, isMobile);
  await nextHint(dialog).click();
  await expect(dialog.getByRole('textbox', { name: 'SKU for selected photos' })).toHaveValue(expected);
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(skuField(dialog, n)).toHaveValue(expected);
}

/** PSTFSH-001 to 003 generated, then 005 and 006 typed by hand: 004 is a gap, and 005 and 006 are in use above it. */
async function seedGapAndHigherSkus(page: Page) {
  for (let i = 0; i < 3; i++) expect((await page.request.post('/api/items', { data: {} })).ok()).toBe(true);
  for (const sku of ['PSTFSH-005', 'PSTFSH-006']) expect((await page.request.post('/api/items', { data: { sku } })).ok()).toBe(true);
}

async function openWithPhotos(page: Page): Promise<Locator> {
  await page.goto('/capture');
  await page.getByRole('button', { name: /Upload Files/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload and Assign SKUs' });
  await dialog.getByTestId('upload-file-input').setInputFiles(photos.map((p) => p.path));
  await expect(dialog.getByTestId('upload-tile').locator('img')).toHaveCount(3);
  return dialog;
}

test('Next offers only free SKUs: the gap first, then past every SKU in use on the screen or on the server', async ({
  signedInPage: page,
  isMobile,
}) => {
  await seedGapAndHigherSkus(page);
  const dialog = await openWithPhotos(page);
  await useNextFor(dialog, 1, isMobile, 'PSTFSH-004');
  await useNextFor(dialog, 2, isMobile, 'PSTFSH-007'); // 005 and 006 exist
  await useNextFor(dialog, 3, isMobile, 'PSTFSH-008');
  await expect(nextHint(dialog)).toHaveText('Next: PSTFSH-009');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByTestId('queue-entry')).toHaveCount(0, { timeout: paced(30_000) });
  expect((await batches(page)).map((i) => i.sku).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `PSTFSH-00${i + 1}`));
});

test('a photo without a SKU never takes the SKU typed for a product after it; Retry after a conflict takes the next free SKU and names it', async ({
  signedInPage: page,
  isMobile,
}) => {
  await seedGapAndHigherSkus(page);
  const dialog = await openWithPhotos(page);
  // Photo 1 stays without a SKU (generated, sent first); photos 2 and 3 are typed.
  await skuField(dialog, 2).fill('PSTFSH-004');
  await skuField(dialog, 3).fill('PSTFSH-007');
  // Meanwhile another tab takes PSTFSH-007.
  expect((await page.request.post('/api/items', { data: { sku: 'PSTFSH-007' } })).ok()).toBe(true);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();

  const entries = dialog.getByTestId('queue-entry');
  const failed = entries.filter({ has: page.getByRole('alert') });
  await expect(failed).toHaveCount(1, { timeout: paced(30_000) });
  await expect(failed).toHaveAttribute('data-sku', 'PSTFSH-007');
  await expect(failed.getByRole('alert')).toHaveText('SKU conflict - please try again');

  await failed.getByRole('button', { name: 'Retry', exact: true }).click();
  const renamed = dialog.getByTestId('queue-entry-renamed');
  await expect(renamed).toHaveText('PSTFSH-007 was already in use, so this product was uploaded as PSTFSH-009.', {
    timeout: paced(30_000),
  });
  if (SHOTS) await saveScreen(page, { path: `${SHOTS}/sku-retry-renamed-${isMobile ? 'phone' : 'desktop'}.png` });

  // Photo 1 took 008, never the 004 typed for photo 2; photo 3 is PSTFSH-009; the other tab's 007 has no photo.
  const bySku = new Map((await batches(page)).map((i) => [i.sku, i]));
  expect([...bySku.keys()].sort()).toEqual(Array.from({ length: 9 }, (_, i) => `PSTFSH-00${i + 1}`));
  expect(bySku.get('PSTFSH-008')?.images.map((image) => image.width)).toEqual([photos[0]!.width]);
  expect(bySku.get('PSTFSH-004')?.images.map((image) => image.width)).toEqual([photos[1]!.width]);
  expect(bySku.get('PSTFSH-009')?.images.map((image) => image.width)).toEqual([photos[2]!.width]);
  expect(bySku.get('PSTFSH-007')?.photoCount).toBe(0);

  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(renamed).toHaveCount(0);
});
