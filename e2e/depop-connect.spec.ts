/**
 * Depop by its Seller API, on a phone: the Marketplaces screen's Depop section connects through the simulated
 * Depop's consent (this tab, back to /channels with the code), says it is the simulation, and disconnects once confirmed.
 */
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll, expectTouchTargets } from './support/phone-checks';

test.skip(({ isMobile }) => !isMobile, 'the Depop section on a 390 px phone');

test('Depop: connect through the simulated consent, labelled simulated, then disconnect after confirming', async ({
  signedInPage: page,
}) => {
  await page.goto('/channels');
  const section = page.getByRole('region', { name: 'Depop' });
  await expect(section.getByTestId('depop-status')).toHaveText('Not connected.');
  await expect(section.getByTestId('simulated-depop-label')).toBeVisible();
  await section.getByRole('button', { name: 'Connect Depop' }).click();

  // The simulated Depop's consent page, in this tab, on the site of the seller's own country (a US seller: Depop US);
  // Allow sends the seller back to the Marketplaces screen.
  await expect(page.getByLabel('Your simulated shop’s site')).toHaveValue('US');
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(/\/channels$/);
  await expect(section.getByTestId('depop-status')).toHaveText(/^Connected: /);
  await expect(section.getByText('Depop shop connected.')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await expectTouchTargets(page);

  await section.getByRole('button', { name: 'Disconnect Depop' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Disconnect Depop?' });
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(section.getByTestId('depop-status')).toHaveText('Not connected.');
  await expect(section.getByRole('button', { name: 'Connect Depop' })).toBeVisible();
});
