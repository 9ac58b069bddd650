import type { Page } from '@playwright/test';

/** Signs out from the header: a phone keeps Sign Out in its Account menu, a wide screen shows the button. */
export async function signOutFromHeader(page: Page) {
  const account = page.getByRole('button', { name: 'Account', exact: true });
  if (await account.isVisible()) await account.click();
  await page
    .getByRole('menuitem', { name: 'Sign Out' })
    .or(page.getByRole('button', { name: 'Sign Out' }))
    .click();
}
