/**
 * A notice still showing when the seller opens a sheet (the README's setup: Create Policies, then Set Location at once)
 * is shown inside the sheet: a modal sheet makes the page behind it inert and hidden from screen readers, so a notice
 * floating there was seen over the sheet's first field but not read out, and a tap on its Dismiss went through to the
 * sheet. Now it is read out with the sheet, dismissed by touch or click, and the sheet and what was typed stay.
 * Desktop and phone.
 */
import type { Page, TestInfo } from '@playwright/test';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { expect, test } from './support/fixtures';
import { saveScreen } from './support/screens';

const shot = (page: Page, testInfo: TestInfo, step: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/notices-over-sheets-${step}-${testInfo.project.name}.png`, scale: 'css' });

test('a notice over a sheet is read with it and dismissed by touch; the sheet and what was typed stay', async ({
  signedInPage: page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const press = (target: ReturnType<Page['getByRole']>) => (phone ? target.tap() : target.click());
  await connectFakeEbaySeller(page.request, { setUp: false });
  await page.goto('/ebay');
  const card = page.getByTestId('ebay-connection-card');
  await press(card.getByRole('button', { name: 'Create Policies' }));
  await press(page.getByRole('dialog', { name: 'Create Policies' }).getByRole('button', { name: 'Create Policies' }));
  const created = page.getByTestId('toasts').getByText('Business policies created successfully');
  await expect(created).toBeVisible();

  // The next sheet at once, the notice still there: it is inside the sheet, among what a screen reader reaches. On a
  // laptop's screen (1280 × 600 inside the browser), where the sheet reaches the top.
  if (!phone) await page.setViewportSize({ width: 1280, height: 600 });
  await press(card.getByRole('button', { name: 'Set Location' }));
  const location = page.getByRole('dialog', { name: 'Default location' });
  await location.getByLabel('City').fill('Leeds');
  const notice = location.getByRole('listitem').filter({ hasText: 'Business policies created successfully' });
  await expect(notice).toBeVisible();
  // It leaves the whole of the sheet's Close button clear: at the top right of a desktop it lay over it, and a click there
  // dismissed the notice instead of closing the sheet.
  const close = location.getByRole('button', { name: 'Close' });
  const closeIsOnTop = () =>
    close.evaluate((button) => {
      // Nine points across it, a quarter in from its edges (hit-testing leaves out its rounded corners).
      const { left, width, top, height } = button.getBoundingClientRect();
      const points = [0.25, 0.5, 0.75].flatMap((across) => [0.25, 0.5, 0.75].map((down) => [left + width * across, top + height * down]));
      return points.every(([x, y]) => button.contains(document.elementFromPoint(x!, y!)));
    });
  expect(await closeIsOnTop()).toBe(true);
  await shot(page, testInfo, 'notice-in-sheet');
  await press(notice.getByRole('button', { name: 'Dismiss' }));
  await expect(created).toBeHidden();
  await expect(location).toBeVisible();
  await expect(location.getByLabel('City')).toHaveValue('Leeds');
  await shot(page, testInfo, 'dismissed');

  // Closed, the sheet gives the notices back to the page: the next one floats over the eBay screen as before.
  await location.getByLabel('Postal code').fill('95125');
  await location.getByLabel(/State or province|County/).fill('CA');
  await press(location.getByRole('button', { name: 'Save Location' }));
  await expect(location).toBeHidden();
  await expect(page.getByTestId('toasts').getByText('Default location saved')).toBeVisible();
  await expect(page.getByTestId('dialog-toasts')).toHaveCount(0);
});
