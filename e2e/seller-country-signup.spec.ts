/**
 * The seller's country from the first screen: a seller signing up in a British browser is offered
 * the United Kingdom, and from the first screen their money is pounds: the dashboard's offer of a price list, the price
 * list itself, a pound typed there. Changing the country on the Marketplaces screen moves every open screen to euros
 * without a reload. A German browser is offered Germany.
 */
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './support/fixtures';
import { saveScreen } from './support/screens';

const shot = (name: string, page: Page, project: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/seller-country-signup-${name}-${project}.png`, fullPage: true });

async function signUp(page: Page, email: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret-123');
}

test.describe('a British browser', () => {
  test.use({ locale: 'en-GB' });

  test('is offered the United Kingdom at sign-up, sees pounds from the first screen, and euros once it moves to Germany', async ({
    page,
  }, testInfo) => {
    const project = testInfo.project.name;
    await signUp(page, uniqueEmail('uk-signup'));
    const country = page.getByLabel('Where you sell from');
    await expect(country).toHaveValue('GB');
    await expect(page.getByText('Prices, costs, fees and profit in GBP.', { exact: false })).toBeVisible();
    await shot('form', page, project);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByTestId('toasts')).toContainText('Account created! You are signed in.');

    // The first screen: the offer in pounds, no dollar anywhere.
    await expect(page.getByTestId('price-list-offer-body')).toContainText('tees £12, jeans £22');
    expect(await page.locator('body').innerText()).not.toContain('$');
    await shot('first-screen', page, project);

    // The price list takes pounds.
    await page.getByRole('link', { name: 'Set my prices' }).click();
    await expect(page.getByRole('heading', { name: 'Your price by category, in pounds (GBP)' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Mens Jeans', exact: true }).fill('£20');
    await page.getByRole('button', { name: 'Save my price list' }).click();
    await expect(page.getByText('Your price list is saved.')).toBeVisible();

    // A price typed and not saved: leaving the screen asks first, and Stay keeps it.
    await page.getByRole('textbox', { name: 'Mens Tops', exact: true }).fill('£12');
    await page.getByRole('link', { name: 'Marketplaces' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving your prices?' });
    await expect(leave).toContainText('What you typed on your price list is not saved yet, and will be lost.');
    await shot('leave-unsaved', page, project);
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(leave).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Mens Tops', exact: true })).toHaveValue('£12');

    // Germany on the Marketplaces screen: the price list follows without a reload.
    await page.getByRole('link', { name: 'Marketplaces' }).click();
    await leave.getByRole('button', { name: 'Leave without saving' }).click();
    const region = page.getByTestId('seller-region');
    await expect(region.getByTestId('seller-region-summary')).toContainText('United Kingdom (pounds), your choice');
    await region.getByLabel('Country').selectOption('DE');
    await region.getByRole('button', { name: 'Save Country' }).click();
    await expect(region.getByTestId('seller-region-summary')).toContainText('Germany (euros), your choice');
    await shot('marketplaces-germany', page, project);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Your price by category, in euros (EUR)' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Mens Jeans', exact: true }).fill('22,50');
    await page.getByRole('button', { name: 'Save my price list' }).click();
    await expect(page.getByText('Your price list is saved.')).toBeVisible();
    const list = (await (await page.request.get('/api/price-list')).json()) as {
      currency: string;
      rows: { category: string; amountMinor: number }[];
    };
    expect(list.currency).toBe('EUR');
    expect(list.rows).toEqual(expect.arrayContaining([{ category: 'Mens Jeans', amountMinor: 2250 }]));
    // Saved: leaving asks nothing.
    await page.getByRole('link', { name: 'Marketplaces' }).click();
    await expect(page.getByTestId('seller-region')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });
});

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('is offered Germany, and sees euros from the first screen', async ({ page }, testInfo) => {
    const project = testInfo.project.name;
    await signUp(page, uniqueEmail('de-signup'));
    await expect(page.getByLabel('Where you sell from')).toHaveValue('DE');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByTestId('toasts')).toContainText('Account created! You are signed in.');
    await expect(page.getByTestId('price-list-offer-body')).toContainText('€');
    const text = await page.locator('body').innerText();
    expect(text).not.toContain('$');
    await shot('first-screen', page, project);
  });
});
