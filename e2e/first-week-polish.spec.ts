/**
 * Phone and upload fixes, in the browser: the header links the price list on a phone, Back closes an
 * open dialog instead of leaving the page, the upload dialog says which files it did not add and counts no product
 * before a SKU is typed, its tiles (a HEIC's too) pass axe, and a long eBay user id wraps on the eBay screen.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { generateJpegs } from './capture-helpers';
import { seriousViolations } from './support/axe';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { saveScreen } from './support/screens';

const shots = process.env.SHOTS_DIR ?? 'e2e/.artifacts/screens';
const shot = (page: Page, name: string) => saveScreen(page, { path: `${shots}/polish-${name}-${test.info().project.name}.png` });

test('the header links the price list, and Back closes the upload dialog and stays on the page', async ({ signedInPage: page }) => {
  await page.goto('/capture');
  const priceList = page.getByRole('link', { name: 'Your price list' });
  await expect(priceList).toBeVisible();
  // Nothing of the header is past the screen's edge.
  expect(await page.evaluate(() => document.querySelector('header')!.scrollWidth <= window.innerWidth)).toBe(true);
  await shot(page, 'header');

  await page.getByRole('button', { name: /Upload Files/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload and Assign SKUs' });
  await expect(dialog).toBeVisible();
  // The dialog's own history entry is made a task after it opens (use-back-closes.ts): a thumb is never that quick.
  await expect.poll(() => page.evaluate(() => typeof (history.state as { dialogDepth?: unknown } | null)?.dialogDepth)).toBe('number');
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/capture$/);
  await expect(page.getByRole('button', { name: /Upload Files/ })).toBeVisible();
});

test('the upload dialog names a file it did not add, counts no product before a SKU, and passes axe with a HEIC tile', async ({
  signedInPage: page,
}) => {
  const [photo] = await generateJpegs(1);
  const heic = path.join(e2eEnv.root, 'src/server/adapters/media/fixtures/gradient-320x240.heic');
  await page.goto('/capture');
  await page.getByRole('button', { name: /Upload Files/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload and Assign SKUs' });
  await dialog.getByTestId('upload-file-input').setInputFiles([photo!.path, heic]);
  await expect(dialog.getByTestId('upload-tile')).toHaveCount(2);
  await expect(dialog.getByTestId('upload-tile').nth(1)).toContainText('HEIC photo: its preview shows once uploaded');
  await expect(dialog.getByTestId('upload-counts')).toHaveText('2 images · 0 with SKU · 0 unique products');

  // A text file dropped with the photos is not added, and the dialog says so.
  await dialog.evaluate((element) => {
    const data = new DataTransfer();
    data.items.add(new File(['shopping list'], 'notes.txt', { type: 'text/plain' }));
    for (const type of ['dragenter', 'dragover', 'drop'])
      element.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await expect(dialog.getByText('notes.txt was not added: only photos (JPEG, PNG, WebP or HEIC) can be uploaded.')).toBeVisible();
  await expect(dialog.getByTestId('upload-tile')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'upload-dialog');
});

test('a long eBay user id wraps on the eBay screen, whole', async ({ signedInPage: page }) => {
  await connectFakeEbaySeller(page.request);
  await page.goto('/ebay');
  const id = page.getByTestId('ebay-user-id');
  await expect(id).toBeVisible();
  const fits = await id.evaluate((element) => {
    const dd = element.querySelector('dd')!;
    return dd.scrollWidth <= dd.clientWidth && element.getBoundingClientRect().right <= window.innerWidth;
  });
  expect(fits).toBe(true);
  await shot(page, 'ebay-screen');
});
