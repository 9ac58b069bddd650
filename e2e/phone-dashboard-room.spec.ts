/**
 * Room on the phone's dashboard. The failed-upload pill covers no filter control; the product card keeps
 * two actions and puts the rest in "More actions for <SKU>" (a menu button: keyboard and touch, Escape closes, focus
 * returns), so a long list scrolls less.
 */
import type { Locator, Page } from '@playwright/test';
import { generateJpegs, type GeneratedPhoto } from './capture-helpers';
import { seedWrittenListing } from './support/listed-items';
import { expect, test } from './support/fixtures';
import { readFileSync } from 'node:fs';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

let photos: GeneratedPhoto[];
test.beforeAll(async () => {
  photos = await generateJpegs(2);
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  expect(box, 'a visible box').not.toBeNull();
  return box!;
};
const card = (page: Page, sku: string) => page.locator(`[data-testid="product-card"][data-sku="${sku}"]`);
const shot = (page: Page, name: string, phone: boolean) =>
  saveScreen(page, { path: `e2e/.artifacts/${name}-${phone ? 'phone' : 'desktop'}.png` });

test('the failed-upload pill covers none of the dashboard’s filters', async ({ signedInPage: page, isMobile }) => {
  await seedWrittenListing(page.request, readFileSync(photos[0]!.path), 'JEANS-1');
  await page.route('**/api/items/upload?**', (route) =>
    route.fulfill({ status: 507, json: { error: { code: 'INSUFFICIENT_STORAGE', message: 'The server’s storage is full.' } } }),
  );
  await page.goto('/capture');
  await page.getByRole('button', { name: /Upload Files/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload and Assign SKUs' });
  await dialog.getByTestId('upload-file-input').setInputFiles([photos[1]!.path]);
  await dialog.getByRole('textbox', { name: 'SKU for photo 1', exact: true }).fill('coat-1');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByTestId('queue-entry')).toHaveAttribute('data-status', 'failed', { timeout: paced(30_000) });
  await page.keyboard.press('Escape');
  // In the app (no reload): the queue is this tab's.
  await page.getByRole('link', { name: 'Resale Studio' }).click();
  await expect(card(page, 'JEANS-1')).toBeVisible();

  const pill = page.getByTestId('upload-indicator');
  await expect(pill).toContainText('1 upload failed');
  const filters = [
    page.getByRole('searchbox', { name: 'Search products' }),
    page.getByRole('combobox', { name: 'Status' }),
    page.getByRole('combobox', { name: 'Marketplace' }),
    page.getByRole('button', { name: 'Select', exact: true }),
  ];
  // At the top of the page, and with the filters scrolled to the bottom of the screen (where a floating pill sits).
  for (const where of ['top', 'filters at the bottom'] as const) {
    if (where !== 'top') {
      await page.evaluate(() => {
        const search = document.querySelector('input[aria-label="Search products"]')!;
        window.scrollBy(0, search.getBoundingClientRect().bottom - window.innerHeight + 40);
      });
    }
    const pillBox = await boxOf(pill);
    for (const filter of filters) {
      if (!(await filter.isVisible())) continue;
      expect(overlaps(pillBox, await boxOf(filter)), `the pill covers ${String(filter)} (${where})`).toBe(false);
    }
    // Nor a card's actions.
    const actions = card(page, 'JEANS-1').getByRole('button');
    for (const action of await actions.all()) {
      if (await action.isVisible()) expect(overlaps(pillBox, await boxOf(action)), `the pill covers ${String(action)}`).toBe(false);
    }
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'dashboard-failed-upload', isMobile);
  await pill.click();
  await expect(page.getByRole('dialog', { name: 'Uploads' })).toBeVisible();
});

test('a phone card shows two actions and the rest in its menu', async ({ signedInPage: page, isMobile }) => {
  await seedWrittenListing(page.request, readFileSync(photos[0]!.path), 'JEANS-2');
  await page.goto('/');
  const product = card(page, 'JEANS-2');
  await expect(product).toBeVisible();
  const height = (await boxOf(product)).height;
  console.log(`card height (${isMobile ? 'phone' : 'desktop'}): ${height}px`);
  const more = product.getByRole('button', { name: 'More actions for JEANS-2' });

  if (!isMobile) {
    // The desktop keeps every action in its row.
    await expect(more).toHaveCount(0);
    for (const name of ['Manage photos of JEANS-2', 'Add photos to JEANS-2', 'List on... JEANS-2', 'Delete product JEANS-2'])
      await expect(product.getByRole('button', { name })).toBeVisible();
    return;
  }

  const visibleButtons = async () => {
    const names: string[] = [];
    for (const button of await product.getByRole('button').all())
      if (await button.isVisible()) names.push((await button.getAttribute('aria-label')) ?? (await button.innerText()));
    return names;
  };
  // The SKU's edit button, the cost, the two actions, and the menu button.
  expect(await visibleButtons()).toEqual([
    'Edit SKU JEANS-2',
    'Add cost, JEANS-2',
    'Show photo',
    'List on... JEANS-2',
    'More actions for JEANS-2',
  ]);
  await saveScreen(product, { path: 'e2e/.artifacts/card-phone.png' });
  // 383 px before the menu, 287 px with it, 311 px since the card shows its asking price (decision 134).
  expect(height).toBeLessThanOrEqual(320);
  await expect(more).toHaveAttribute('aria-haspopup', 'menu');
  await expect(more).toHaveAttribute('aria-expanded', 'false');

  // Touch: a tap opens it; its items are menu items; Escape closes it and focus is back on the button.
  await more.tap();
  const menu = page.getByRole('menu', { name: 'More actions for JEANS-2' });
  await expect(menu).toBeVisible();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  const items = menu.getByRole('menuitem');
  await expect(items).toHaveText([/Publish when ready/, /Manage Photos/, /Add photos/, /Delete/]);
  await expect(items.first()).toBeFocused();
  await shot(page, 'card-menu-open', isMobile);
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Delete product JEANS-2' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();

  // Keyboard: Enter opens it, End and Enter choose its last item (Delete asks first).
  await page.keyboard.press('Enter');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  const question = page.getByRole('alertdialog');
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  // Focus comes back to the menu's button, not to the top of the page.
  await expect(more).toBeFocused();
  await expect(product).toBeVisible();

  // A tap outside closes it.
  await more.tap();
  await expect(menu).toBeVisible();
  await page.locator('[data-testid="menu-backdrop"]:visible').tap({ position: { x: 20, y: 20 } });
  await expect(menu).toBeHidden();
});
