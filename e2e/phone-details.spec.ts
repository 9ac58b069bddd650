/**
 * Smaller things, on the 390x844 touch phone: no stale "Invalid password" beside "Passwords do
 * not match"; "Last" names the SKU just assigned, never "none yet".
 */
import { generateJpegs, type GeneratedPhoto } from './capture-helpers';
import { expect, test } from './support/fixtures';
import { saveScreen } from './support/screens';

test.skip(({ isMobile }) => !isMobile, 'touch phone only');

let photos: GeneratedPhoto[];
test.beforeAll(async () => {
  photos = await generateJpegs(2, { prefix: 'details' });
});

test('Change Password: a new mismatch replaces the stale "Invalid password"', async ({ signedInPage: page }) => {
  await page.goto('/change-password');
  await page.getByLabel('Current password').fill('not-it');
  await page.getByLabel('New password', { exact: true }).fill('next-password');
  await page.getByLabel('Confirm new password').fill('next-password');
  await page.getByRole('button', { name: 'Update Password' }).tap();
  await expect(page.getByRole('alert')).toContainText(/invalid password/i);

  await page.getByLabel('Confirm new password').fill('other-password');
  await page.getByRole('button', { name: 'Update Password' }).tap();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByText(/invalid password/i)).toHaveCount(0);
  await saveScreen(page, { path: 'e2e/.artifacts/screens/phone-details-password-phone.png' });
});

test('Upload: once a SKU is assigned, "Last" names it, not "none yet"', async ({ signedInPage: page }) => {
  await page.goto('/capture');
  await page.getByRole('button', { name: /Upload Files/ }).tap();
  const dialog = page.getByRole('dialog', { name: 'Upload and Assign SKUs' });
  await dialog.getByTestId('upload-file-input').setInputFiles(photos.map((p) => p.path));
  await expect(dialog.getByTestId('upload-tile').locator('img')).toHaveCount(photos.length);
  const hints = dialog.getByTestId('sku-hints');
  await expect(hints).toContainText('Last: none yet');
  await dialog.getByRole('button', { name: 'Select All' }).tap();
  await dialog.getByRole('textbox', { name: 'SKU for selected photos' }).fill('coat-9');
  await dialog.getByRole('button', { name: 'Assign' }).tap();
  await expect(hints).toContainText('Last: COAT-9');
  await expect(hints).not.toContainText('none yet');
  await saveScreen(page, { path: 'e2e/.artifacts/screens/phone-details-last-sku-phone.png' });
});
