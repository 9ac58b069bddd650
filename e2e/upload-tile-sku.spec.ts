/**
 * A SKU one of the seller's products already has is warned about on the upload tile's own SKU field, as
 * in the bulk field, before the upload fails as a conflict. Phone and desktop.
 */
import { generateJpegs, type GeneratedPhoto } from './capture-helpers';
import { expect, test } from './support/fixtures';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

let photos: GeneratedPhoto[];
test.beforeAll(async () => {
  photos = await generateJpegs(2, { prefix: 'tile-sku' });
});

test('a tile’s own SKU field warns when the SKU is taken, and stops when it is free', async ({ signedInPage: page }) => {
  const created = await page.request.post('/api/items', { data: { sku: 'JACKET-7' } });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/capture');
  await page.getByRole('button', { name: /Upload Files/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload and Assign SKUs' });
  await dialog.getByTestId('upload-file-input').setInputFiles(photos.map((p) => p.path));
  await expect(dialog.getByTestId('upload-tile')).toHaveCount(2);

  const secondTile = dialog.getByTestId('upload-tile').nth(1);
  const field = secondTile.getByRole('textbox', { name: 'SKU for photo 2', exact: true });
  await field.fill('jacket-7');
  await expect(secondTile.getByTestId('tile-sku-taken')).toHaveText(
    'JACKET-7 is already used by one of your products: choose another SKU.',
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  // The other tile and the bulk field say nothing: the warning sits where the SKU was typed.
  await expect(dialog.getByTestId('upload-tile').nth(0).getByTestId('tile-sku-taken')).toHaveCount(0);
  await expect(dialog.getByTestId('sku-taken')).toHaveCount(0);

  await field.fill('jacket-8');
  await expect(secondTile.getByTestId('tile-sku-taken')).toHaveCount(0);
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
});
