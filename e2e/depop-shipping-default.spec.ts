/**
 * Depop's shipping price asked once (decision 168): a newcomer connects the simulated Depop on the
 * Marketplaces screen and types their shipping price there, in their shop's currency; an item listed on Depop is then
 * not refused for its shipping, goes live, and its own field says the shop's price is the one used. Desktop and phone.
 */
import sharp from 'sharp';
import { cardAction } from './support/card-actions';
import { expect, test } from './support/fixtures';
import { seedWrittenListing } from './support/listed-items';
import { expectPhoneFriendly } from './support/phone-checks';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test('the shipping price on Depop typed once on the Marketplaces screen: an item goes live without being asked', async ({
  signedInPage: page,
  isMobile,
}, testInfo) => {
  const project = testInfo.project.name;
  const photo = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#3b5a7a' } })
    .jpeg()
    .toBuffer();
  const item = await seedWrittenListing(page.request, photo, `DSHIP-${project === 'phone' ? 'P' : 'D'}-${Date.now().toString(36)}`);

  await page.goto('/channels');
  const section = page.getByRole('region', { name: 'Depop' });
  await section.getByRole('button', { name: 'Connect Depop' }).click();
  await page.getByLabel('Your simulated shop’s site').selectOption('US');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(section.getByTestId('depop-status')).toHaveText(/^Connected: /);
  const shipping = section.getByTestId('depop-shipping-default');
  await shipping.getByLabel('Shipping price in your country (every Depop item without its own) (USD)').fill('3.95');
  await shipping.getByRole('button', { name: 'Save shipping price' }).click();
  await expect(shipping.getByRole('status')).toHaveText('Depop shipping price saved.');
  await shipping.scrollIntoViewIfNeeded();
  if (isMobile) await expectPhoneFriendly(page, 'depop shipping default');
  await saveScreen(section, { path: `e2e/.artifacts/screens/depop-shipping-default-${project}.png` });

  // Listed on Depop from the card: no shipping asked, live.
  await page.goto('/');
  const card = page.locator(`[data-testid="product-card"][data-sku="${item.sku}"]`);
  await (await cardAction(page, item.sku, `List on... ${item.sku}`)).click();
  const picker = page.getByRole('dialog', { name: 'List on...' });
  await picker.getByRole('checkbox', { name: 'Depop' }).check();
  await picker.getByRole('button', { name: 'List 1 item on Depop' }).click();
  const outcome = picker.getByTestId('list-on-outcome');
  await expect(outcome).toContainText('Depop: 1 item being published');
  await expect(outcome).not.toContainText('shipping');
  await picker.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByTestId('channel-badge-depop')).toHaveText('Live on Depop', { timeout: paced(30_000) });

  // The item's own field says the shop's price is the one used.
  await page.goto('/listings');
  const listing = page.locator(`[data-testid="listing-card"][data-sku="${item.sku}"]`);
  await listing.getByTestId('listing-toggle').click();
  await expect(listing.getByTestId('depop-own-fields')).toContainText('Empty: your shop’s $3.95 for every item (Marketplaces screen)');
});
