/**
 * A seller who sells on Etsy and has not connected eBay: the item's own price is set on its listing under Generate
 * Listings (no eBay form needed), refused at 0 in words, saved when left; the listing, the card and the API carry it
 * from then on. The listing's readiness says in one line that eBay is not connected, not eBay's account errors.
 * Screenshots: e2e/.artifacts/screens/asking-price-*.png.
 */
import sharp from 'sharp';
import type { Item } from '@shared/contracts/items';
import { money } from '@shared/domain/money';
import { expect, test } from './support/fixtures';
import { connectFakeEtsy } from './support/etsy-seller';
import { seedWrittenListing } from './support/listed-items';
import { saveScreen } from './support/screens';

const run = Date.now().toString(36).toUpperCase();

test('the seller names the item’s price on its listing: 0 is refused, 27.50 is saved and shown on the listing and the card', async ({
  signedInPage: page,
}, testInfo) => {
  const photo = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#3b5b7a' } })
    .jpeg()
    .toBuffer();
  const [item] = await Promise.all([
    seedWrittenListing(page.request, photo, `PRICE-${run}-${testInfo.project.name}`.toUpperCase()),
    connectFakeEtsy(page.request),
  ]);

  await page.goto('/listings');
  const card = page.getByTestId('listing-card').filter({ hasText: item.sku });
  await card
    .getByRole('button', { name: new RegExp(item.sku) })
    .first()
    .click();
  const field = card.getByRole('textbox', { name: `Your price (optional) of ${item.sku}`, exact: true });
  await expect(field).toHaveValue('');
  await expect(card.getByTestId('readiness-not-connected')).toContainText(
    'eBay is not connected: what eBay asks shows once you connect it.',
  );
  await expect(card.getByText('eBay account not connected')).toHaveCount(0);

  await field.fill('0');
  await field.press('Enter');
  await expect(card.getByRole('alert')).toHaveText('Enter a price above 0, or empty the field for none');

  await field.fill('27.50');
  await field.press('Enter');
  await expect(card.getByRole('status').filter({ hasText: 'Price saved' })).toBeVisible();
  await expect(card.getByTestId('listing-price')).toHaveText('$27.50');
  await saveScreen(card, { path: `e2e/.artifacts/screens/asking-price-saved-${testInfo.project.name}.png` });
  const saved = (await (await page.request.get(`/api/items/${item.id}`)).json()) as Item;
  expect(saved).toMatchObject({ askingPrice: money(2750), price: money(2750), priceSource: 'item' });

  // Read again after a reload: the field and the dashboard's card say the seller's price.
  await page.reload();
  await card
    .getByRole('button', { name: new RegExp(item.sku) })
    .first()
    .click();
  await expect(field).toHaveValue('27.50');
  await page.goto('/');
  await expect(page.locator(`[data-testid="product-card"][data-sku="${item.sku}"]`).getByTestId('card-price')).toHaveText('$27.50');
});
