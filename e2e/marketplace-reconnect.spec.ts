/**
 * Depop ends the seller's token early and refuses its refresh: "Check for sales" says, in Depop's words, to connect
 * the shop again (never "try again in a minute"), the dashboard keeps saying it where the button is, and the
 * Marketplaces screen shows the connection expired with "Reconnect Depop". On the desktop and on the phone.
 */
import { depopMessages } from '@shared/contracts/depop';
import { shopifyMessages } from '@shared/contracts/shopify';
import { salesPathOf } from '@shared/contracts/sales';
import { testControlPaths } from '@shared/contracts/test-controls';
import { salesCheckMessages } from '@shared/domain/sales';
import { expect, test } from './support/fixtures';
import { saveScreen } from './support/screens';

test('a Depop connection Depop no longer accepts is said in words by Check for sales and on the Marketplaces screen', async ({
  signedInPage: page,
}, testInfo) => {
  await page.goto('/channels');
  const section = page.getByRole('region', { name: 'Depop' });
  await section.getByRole('button', { name: 'Connect Depop' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(/\/channels$/);
  await expect(section.getByTestId('depop-status')).toHaveText(/^Connected: /);

  // Depop ends the access token before its hour and revokes the refresh token (the simulated Depop, as its document answers).
  for (const action of ['revoke', 'end-early'])
    expect((await page.request.post(testControlPaths.channelTokens('depop'), { data: { action } })).status()).toBe(204);

  // Check for sales answers Depop's own words: connect again, never "try again in a minute". (The schedule's pull may
  // meet the refusal first: the answer is the same.)
  const check = await page.request.post(salesPathOf('depop'));
  expect(check.status()).toBe(409);
  expect(((await check.json()) as { error: { message: string } }).error.message).toBe(depopMessages.expired);

  await page.goto('/');
  // Said where Check for sales is from now on (Depop is not checked until connected again), leading to the Marketplaces screen.
  const reconnect = page.getByRole('link', { name: salesCheckMessages.reconnect('Depop') });
  await expect(reconnect).toBeVisible();
  await reconnect.scrollIntoViewIfNeeded();
  await saveScreen(page, { path: testInfo.outputPath(`reconnect-dashboard-${testInfo.project.name}.png`), fullPage: false });

  await reconnect.click();
  await page.waitForURL(/\/channels$/);
  await expect(section.getByTestId('depop-status')).toHaveText('Connection expired: reconnect to keep listing on Depop.');
  await expect(section.getByRole('button', { name: 'Reconnect Depop' })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await saveScreen(page, { path: testInfo.outputPath(`reconnect-channels-${testInfo.project.name}.png`), fullPage: false });

  // Connecting again makes it good: the reconnect line goes.
  await section.getByRole('button', { name: 'Reconnect Depop' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(/\/channels$/);
  await expect(section.getByTestId('depop-status')).toHaveText(/^Connected: /);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Check for sales' })).toBeVisible();
  await expect(page.getByRole('link', { name: salesCheckMessages.reconnect('Depop') })).toHaveCount(0);
});

test('a Shopify store whose token Shopify refused is connected again with one tap: the form holds its address', async ({
  signedInPage: page,
}, testInfo) => {
  await page.goto('/channels');
  const section = page.getByRole('region', { name: 'Shopify' });
  await section.getByLabel('Your store’s Shopify address').fill('vintage-finds');
  await section.getByRole('button', { name: 'Connect Shopify' }).click();
  await expect(section.getByTestId('shopify-status')).toHaveText('Connected: vintage-finds.myshopify.com.');

  // The store's token is refused (the app removed from the store; the simulated Shopify, after a restart, alike).
  expect((await page.request.post(testControlPaths.channelTokens('shopify'), { data: { action: 'revoke' } })).status()).toBe(204);
  const check = await page.request.post(salesPathOf('shopify'));
  expect(check.status()).toBe(409);
  expect(((await check.json()) as { error: { message: string } }).error.message).toBe(shopifyMessages.expired);

  await page.reload();
  await expect(section.getByTestId('shopify-status')).toHaveText('Connection expired: reconnect to keep listing on Shopify.');
  // The store the app knows is in the field: the seller need not remember and type it again.
  await expect(section.getByLabel('Your store’s Shopify address')).toHaveValue('vintage-finds.myshopify.com');
  await section.scrollIntoViewIfNeeded();
  await saveScreen(page, { path: testInfo.outputPath(`reconnect-shopify-${testInfo.project.name}.png`), fullPage: false });
  await section.getByRole('button', { name: 'Reconnect Shopify' }).click();
  await expect(section.getByTestId('shopify-status')).toHaveText('Connected: vintage-finds.myshopify.com.');
});
