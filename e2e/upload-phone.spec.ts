import { utimesSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { Item } from '@shared/contracts/items';
import { listedItemsWithPhotos } from './support/listed-items';
import { generateJpegs, type GeneratedPhoto } from './capture-helpers';
import { expect, test } from './support/fixtures';
import { boxSize, longPress } from './support/touch';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

// Nothing is misfiled, on a 390x844 touch phone.
test.skip(({ isMobile }) => !isMobile, 'touch phone only');

let photos: GeneratedPhoto[];
test.beforeAll(async () => {
  photos = await generateJpegs(6, { prefix: 'phone' });
  // Two garments shot 3 minutes apart: photos 1-3 within 20 s, photos 4-6 within 20 s (file times; no EXIF).
  const start = Date.now() / 1000 - 3600;
  [0, 10, 20, 200, 210, 220].forEach((offset, i) => utimesSync(photos[i]!.path, start + offset, start + offset));
});

async function openUploadDialog(page: Page): Promise<Locator> {
  await page.goto('/capture');
  await page.getByRole('button', { name: /Upload Files/ }).tap();
  const dialog = page.getByRole('dialog', { name: 'Upload and Assign SKUs' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('upload-file-input').setInputFiles(photos.map((p) => p.path));
  await expect(dialog.getByTestId('upload-tile').locator('img')).toHaveCount(6);
  return dialog;
}

const tile = (dialog: Locator, n: number) => dialog.getByRole('button', { name: new RegExp(`^Photo ${n}:`) });

const batches = (page: Page): Promise<Item[]> => listedItemsWithPhotos(page.request, 'view=batches');

test('each tap adds to the selection, a long-press selects the range; touch targets are 44 px; a removed photo can be undone', async ({
  signedInPage: page,
}) => {
  const dialog = await openUploadDialog(page);
  await tile(dialog, 1).tap();
  await tile(dialog, 3).tap();
  await expect(dialog.getByText('2 selected')).toBeVisible();
  await tile(dialog, 1).tap();
  await expect(dialog.getByText('1 selected')).toBeVisible();
  // Touch and hold photo 6: photos 3 to 6 are selected.
  await longPress(tile(dialog, 6));
  await expect(dialog.getByText('4 selected')).toBeVisible();
  for (const n of [3, 4, 5, 6]) await expect(tile(dialog, n)).toHaveAttribute('aria-pressed', 'true');
  await expect(tile(dialog, 1)).toHaveAttribute('aria-pressed', 'false');
  await dialog.getByRole('textbox', { name: 'SKU for selected photos' }).fill('denim-jkt-042');
  await dialog.getByRole('button', { name: 'Assign' }).tap();

  // The SKU under a photo is readable whole.
  const sku = dialog.getByRole('textbox', { name: 'SKU for photo 4', exact: true });
  await expect(sku).toHaveValue('DENIM-JKT-042');
  expect(await sku.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(true);

  for (const control of [
    dialog.getByRole('checkbox', { name: 'Select photo 2', exact: true }),
    dialog.getByRole('button', { name: 'Remove photo 2' }),
  ]) {
    const size = await boxSize(control);
    expect(size.width).toBeGreaterThanOrEqual(44);
    expect(size.height).toBeGreaterThanOrEqual(44);
  }

  await dialog.getByRole('button', { name: 'Remove photo 2' }).tap();
  await expect(dialog.getByTestId('upload-tile')).toHaveCount(5);
  await expect(dialog.getByTestId('removed-photo')).toContainText('Photo 2 removed');
  await dialog.getByRole('button', { name: 'Undo' }).tap();
  await expect(dialog.getByTestId('removed-photo')).toHaveCount(0);
  await expect(dialog.getByTestId('upload-tile')).toHaveCount(6);
  await expect(tile(dialog, 2)).toHaveAccessibleName(/phone-002\.jpg/);
});

test('photos without a SKU: Upload asks first, and grouping by shot time makes one product per garment', async ({ signedInPage: page }) => {
  const dialog = await openUploadDialog(page);

  // A SKU typed with no photo selected is refused with the reason, not dropped.
  const bulk = dialog.getByRole('textbox', { name: 'SKU for selected photos' });
  await bulk.fill('lost-sku');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).tap();
  await expect(dialog.getByRole('alert')).toHaveText('No photos selected for LOST-SKU: select its photos, or clear the field');
  await expect(dialog.getByTestId('upload-tile')).toHaveCount(6);
  await bulk.fill('');

  await dialog.getByRole('button', { name: 'Upload', exact: true }).tap();
  const question = dialog.getByTestId('no-sku-question');
  await expect(question).toContainText('6 photos have no SKU: make them one product, one product each, or go back.');
  await question.getByRole('button', { name: 'Go back' }).tap();
  await expect(question).toHaveCount(0);
  await expect(dialog.getByTestId('upload-tile')).toHaveCount(6);

  await dialog.getByRole('button', { name: 'Upload', exact: true }).tap();
  // Adjustable gap: 5 minutes keeps all six together, 60 s splits the two garments.
  await question.getByRole('spinbutton', { name: 'Seconds between products' }).fill('300');
  await expect(question.getByRole('button', { name: /Group by shot time: 1 product$/ })).toBeVisible();
  await question.getByRole('spinbutton', { name: 'Seconds between products' }).fill('60');
  await question.getByRole('button', { name: 'Group by shot time: 2 products' }).tap();

  await expect(dialog.getByTestId('queue-entry')).toHaveCount(2);

  // The end of the upload says what was made, and leads on to the listings in one tap.
  const summary = dialog.getByTestId('upload-summary');
  await expect(summary).toContainText('Uploaded 2 products', { timeout: paced(60_000) });
  const items = await batches(page);
  expect(items.map((i) => i.photoCount).sort()).toEqual([3, 3]);
  await expect(summary.getByTestId('created-product')).toHaveText(items.map((i) => `${i.sku} · 3 photos`).reverse());
  await summary.getByRole('button', { name: 'Generate listings for these 2' }).tap();
  await expect(page).toHaveURL(/\/listings$/);
  for (const item of items)
    await expect(page.locator(`[data-testid="listing-card"][data-sku="${item.sku}"]`).getByTestId('badge-ready')).toBeVisible({
      timeout: paced(60_000),
    });
  const widths = (await batches(page))
    .map((i) => [...i.images].sort((a, b) => a.order - b.order).map((im) => im.width))
    .sort((a, b) => a[0]! - b[0]!);
  expect(widths).toEqual([photos.slice(0, 3).map((p) => p.width), photos.slice(3).map((p) => p.width)]);
});

/** WCAG contrast ratio of an element's text colour on its own background colour (both opaque rgb()). */
async function contrastOf(target: Locator): Promise<number> {
  return target.evaluate((el) => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (css: string) => {
      const [r = 0, g = 0, b = 0] = rgb(css).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const style = getComputedStyle(el);
    const [a = 0, b = 0] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
  });
}

test('legible and reachable: white-on-green Upload reads at 4.5:1, Sign Out shows a log-out arrow, slider knobs are 44 px', async ({
  signedInPage: page,
}) => {
  const dialog = await openUploadDialog(page);
  expect(await contrastOf(dialog.getByRole('button', { name: 'Upload', exact: true }))).toBeGreaterThanOrEqual(4.5);
  expect((await boxSize(dialog.getByRole('button', { name: /^Next: / }))).height).toBeGreaterThanOrEqual(44);
  await dialog.getByRole('button', { name: 'Cancel' }).tap();
  expect((await boxSize(page.getByRole('link', { name: 'Dashboard' }))).height).toBeGreaterThanOrEqual(44);

  // Log out: the arrow leaves the door (its tip is further from the door than the door's own far edge).
  // A phone keeps Sign Out in the header's Account menu.
  await page.getByRole('button', { name: 'Account', exact: true }).tap();
  await saveScreen(page, { path: 'e2e/.artifacts/account-menu-phone.png' });
  const [door, arrow] = await page
    .getByRole('menuitem', { name: 'Sign Out' })
    .locator('svg path')
    .evaluateAll((paths) =>
      paths.map((p) => {
        const box = (p as SVGGraphicsElement).getBBox();
        return { left: box.x, right: box.x + box.width };
      }),
    );
  expect(arrow!.right).toBeGreaterThan(door!.right);
  expect(arrow!.left).toBeGreaterThanOrEqual(door!.left);

  await page.goto('/capture');
  await page.getByRole('button', { name: /Take Photos/ }).tap();
  await page.getByRole('button', { name: 'Filters', exact: true }).tap();
  const knob = page.getByRole('slider', { name: 'Brightness' });
  const size = await boxSize(knob);
  expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(44);

  // Text links on the sign-in screen are 44 px tall too.
  await page.context().clearCookies();
  await page.goto('/');
  expect((await boxSize(page.getByRole('button', { name: 'Create an account' }))).height).toBeGreaterThanOrEqual(44);
});
