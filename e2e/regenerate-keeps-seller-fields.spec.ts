/**
 * On the eBay screen a seller types a brand, size, size type and colour (Publish Settings) and a
 * title (Edit Item Details), then a Quick Fix of the category and condition makes the listing out of date. Saving
 * the edited text brings it up to date; Regenerate says first what it rewrites and what it keeps, and keeps what the
 * seller typed (it had made "Patagonia Better Sweater..." into "Pre-Owned Patagonia Men's Top"). Also,
 * Publish Settings says by the price field that a price has at most 2 decimals, and refuses 0.
 */
import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { expect, test } from './support/fixtures';
import { seedWrittenListing } from './support/listed-items';
import { saveScreen } from './support/screens';

test.skip(({ isMobile }) => isMobile, 'a flow runs once: on the desktop; its screens are checked on the phone elsewhere (decision 135)');

const outOfDate =
  'Listing out of date: the category, condition or brand changed after it was written. Regenerate it, or edit its text and save.';
const typedTitle = 'Patagonia Better Sweater Fleece Jacket Grey L';

let jpeg: Buffer;
test.beforeAll(async () => {
  jpeg = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#6b6b6b' } })
    .jpeg()
    .toBuffer();
});

const run = Date.now().toString(36).toUpperCase();
let serial = 0;

const shot = (page: Page, name: string, project: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/regenerate-${name}-${project}.png`, fullPage: true });

const toast = (page: Page, text: string) => expect(page.getByTestId('toasts').getByText(text).last()).toBeVisible();

async function openPanel(card: Locator, name: string | RegExp) {
  const button = card.getByRole('button', { name });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
}

test('Quick Fix, then Regenerate: the typed title, brand, size, size type and colour are kept, and the confirmation names what it rewrites', async ({
  signedInPage: page,
}, testInfo) => {
  const project = testInfo.project.name;
  await connectFakeEbaySeller(page.request);
  const item = await seedWrittenListing(page.request, jpeg, `REGEN-${project === 'phone' ? 'P' : 'D'}${run}-${++serial}`);
  await page.goto('/ebay');
  const card = page.locator(`[data-testid="publish-card"][data-sku="${item.sku}"]`);
  await expect(card.getByTestId('readiness-panel')).toBeVisible();

  // Publish Settings: the price says at once what is wrong with it, by the field; the typed facts are saved.
  await openPanel(card, /Publish Settings/);
  const settings = card.getByRole('form', { name: `Publish settings ${item.sku}` });
  const price = settings.getByLabel('Price (USD)');
  await price.fill('0.001');
  await expect(settings.getByText('Price can have at most 2 decimals')).toBeVisible();
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'price-decimals', project);
  await price.fill('0');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText('Price must be a number above 0')).toBeVisible();
  await price.fill('');
  await settings.getByLabel('Brand').fill('Patagonia');
  await settings.getByLabel('Size', { exact: true }).fill('L');
  await settings.getByLabel('Size type').selectOption('Big & Tall');
  await settings.getByLabel('Color').fill('Grey');
  await settings.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Publish settings saved');

  // Quick Fix of the category and condition: the text no longer matches them.
  await openPanel(card, 'Quick Fix');
  const fix = card.getByRole('form', { name: `Quick fix ${item.sku}` });
  await fix.getByLabel('Category').selectOption('Mens Outerwear');
  await fix.getByLabel('Condition').selectOption({ label: 'Excellent' });
  await fix.getByRole('button', { name: 'Apply Quick Fix' }).click();
  await toast(page, 'Item updated successfully!');
  await expect(card.getByTestId('readiness-errors')).toContainText(outOfDate);

  // Edit Item Details: the seller's own title, saved, brings the listing up to date.
  await openPanel(card, 'Edit Item Details');
  const edit = card.getByRole('form', { name: `Edit listing ${item.sku}` });
  await edit.getByLabel('Title').fill(typedTitle);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(card).toContainText(typedTitle);
  await expect(card.getByText(outOfDate)).toHaveCount(0);

  // Regenerate says what it rewrites and what it keeps, then keeps it.
  await card.getByRole('button', { name: 'Regenerate with Full Auto-Fill' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Regenerate listing' });
  const plan = confirm.getByTestId('regenerate-plan');
  await expect(plan).toContainText('It rewrites the description, tags');
  await expect(plan).toContainText('eBay category');
  await expect(plan).toContainText('Kept as you set them: title, brand, size, size type, colour and condition grade.');
  await shot(page, 'confirm', project);
  await confirm.getByRole('button', { name: 'Regenerate' }).click();
  await toast(page, 'Listing regenerated successfully!');
  await expect(card).toContainText(typedTitle);
  await expect(card.getByText(outOfDate)).toHaveCount(0);

  await openPanel(card, /Publish Settings/);
  await expect(settings.getByLabel('Brand')).toHaveValue('Patagonia');
  await expect(settings.getByLabel('Size', { exact: true })).toHaveValue('L');
  await expect(settings.getByLabel('Size type')).toHaveValue('Big & Tall');
  await expect(settings.getByLabel('Color')).toHaveValue('Grey');
  const stored = await (await page.request.get(`/api/items/${item.id}/listing`)).json();
  expect(stored).toMatchObject({ aiTitle: typedTitle, extractedBrand: 'Patagonia', extractedSize: 'L', extractedColor: 'Grey' });
  await shot(page, 'kept', project);
});
