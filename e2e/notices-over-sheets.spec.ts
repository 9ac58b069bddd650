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

  // The next sheet at once, the notice still there: it is inside the sheet, among what a screen reader reaches.
  await press(card.getByRole('button', { name: 'Set Location' }));
  const location = page.getByRole('dialog', { name: 'Default location' });
  await location.getByLabel('City').fill('Leeds');
  const notice = location.getByRole('listitem').filter({ hasText: 'Business policies created successfully' });
  await expect(notice).toBeVisible();
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
