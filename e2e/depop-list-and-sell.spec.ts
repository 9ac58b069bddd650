/**
 * Depop from end to end, as a newcomer: the simulated Shopify and the simulated Depop connected on the Marketplaces
 * screen (eBay and Etsy through the API, their own specs walk them); one item listed on eBay, Etsy, Shopify and Depop
 * from the card's one picker, Depop refusing it for what only Depop asks (its shipping price; its size is the item's) until
 * "Depop's own fields" under the listing are filled; all four live. "Simulate a sale on Depop" sells it: the card says
 * sold on Depop and ended on eBay, Etsy and Shopify (the fakes hold them ended), and its profit counts Depop's fees from
 * the order's breakdown. Desktop and phone (the form's layout and touch on a 390 px phone).
 */
import sharp from 'sharp';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import type { Item } from '@shared/contracts/items';
import { addMoney, formatMoney, money, multiplyMoney, subtractMoney, sumMoney } from '@shared/domain/money';
import { cardAction } from './support/card-actions';
import { e2eEnv } from './support/e2e-env';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { connectFakeEtsy } from './support/etsy-seller';
import { expect, test } from './support/fixtures';
import { seedWrittenListing } from './support/listed-items';
import { expectNoSidewaysScroll, expectTouchTargets } from './support/phone-checks';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

const run = Date.now().toString(36).toUpperCase();
const shot = (page: Page, testInfo: TestInfo, step: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/depop-${step}-${testInfo.project.name}.png`, scale: 'css' });

const itemOf = async (request: APIRequestContext, id: string) => (await (await request.get(`/api/items/${id}`)).json()) as Item;

/** What the fake eBay and the fake Etsy hold of the item (its SKU ends theirs): eBay's statuses, Etsy's listing. */
async function onTheFakes(request: APIRequestContext, sku: string) {
  const ebay = (await (await request.get(`${e2eEnv.fakeEbayURL}/__control/state`)).json()) as {
    listings: { sku: string; status: string }[];
  };
  const etsy = (await (await request.get(`${e2eEnv.fakeEtsyURL}/__control/state`)).json()) as {
    listings: { state: string; sku: string | null }[];
    contractViolations: unknown[];
  };
  return {
    ebay: ebay.listings.filter((listing) => listing.sku.endsWith(sku)).map((listing) => listing.status),
    etsy: etsy.listings.filter((listing) => listing.sku?.endsWith(sku)).map((listing) => listing.state),
    etsyContractViolations: etsy.contractViolations,
  };
}

test('Depop: listed on eBay, Etsy, Shopify and Depop from one picker; sold on Depop: the others end, its profit after Depop’s fees', async ({
  signedInPage: page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const request = page.request;
  const photo = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#7a3b3b' } })
    .jpeg()
    .toBuffer();
  // Seeded through the API: a written Mens Jeans item, its cost, the seller's usual shipping; eBay and Etsy connected,
  // Etsy's question answered (etsy.spec.ts and list-everywhere.spec.ts walk those screens).
  const [item] = await Promise.all([
    seedWrittenListing(request, photo, `DEPOP-${run}-${phone ? 'P' : 'D'}`),
    connectFakeEbaySeller(request),
    connectFakeEtsy(request),
  ]);
  expect((await request.patch(`/api/items/${item.id}`, { data: { cost: money(1500) } })).ok()).toBe(true);
  const settings = { currency: 'USD', shippingCost: money(350), minimumMargin: { kind: 'amount', amount: money(0) } };
  expect((await request.put('/api/profit-floor/settings', { data: settings })).ok()).toBe(true);
  expect((await request.put(`/api/items/${item.id}/listings/etsy/answers`, { data: { whenMade: '1990s' } })).ok()).toBe(true);

  // The simulated Shopify and the simulated Depop connected on the Marketplaces screen.
  await page.goto('/channels');
  // Etsy's section above grows when its shop's policies arrive: a tap on Connect Shopify before then can land on
  // whatever slid under it (a loaded 2-core run left the store's address typed and nothing connected).
  await expect(page.getByRole('region', { name: 'Etsy' })).toContainText('Return policy');
  const shopify = page.getByRole('region', { name: 'Shopify' });
  await shopify.getByLabel('Your store’s Shopify address').fill(`depop-${run.toLowerCase()}`);
  await shopify.getByRole('button', { name: 'Connect Shopify' }).click();
  await expect(shopify.getByTestId('shopify-status')).toHaveText(/^Connected: /);
  const section = page.getByRole('region', { name: 'Depop' });
  await section.getByRole('button', { name: 'Connect Depop' }).click();
  // A US seller's items are in dollars: the simulated shop on Depop US prices in them too.
  await page.getByLabel('Your simulated shop’s site').selectOption('US');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(section.getByTestId('depop-status')).toHaveText(/^Connected: /);

  // One picker, four marketplaces: Depop refuses it for what only Depop asks, with the way to fix it.
  await page.goto('/');
  const card = page.locator(`[data-testid="product-card"][data-sku="${item.sku}"]`);
  const picker = page.getByRole('dialog', { name: 'List on...' });
  const outcome = picker.getByTestId('list-on-outcome');
  await card.getByRole('button', { name: /^List on/ }).click();
  for (const name of ['eBay', 'Etsy', 'Shopify', 'Depop']) await picker.getByRole('checkbox', { name }).check();
  await picker.getByRole('button', { name: 'List 1 item on eBay, Etsy, Shopify and Depop' }).click();
  await expect(outcome).toContainText('eBay: 1 item being published');
  await expect(outcome).toContainText('Etsy: 1 item being published');
  await expect(outcome).toContainText('Shopify: 1 item being published');
  // Depop takes the item's own size, placed in its size set (W32): only the shipping price is asked.
  await expect(outcome).toContainText('Set the shipping price for Depop');
  await expect(outcome).not.toContainText('Choose the item’s Depop size');
  await shot(page, testInfo, 'picker-outcome');
  await outcome.getByRole('link', { name: 'Fix it on Generate Listings' }).click();

  // Depop's own fields under the listing: the product type from its category, the size by its label, the shipping.
  const listing = page.locator(`[data-testid="listing-card"][data-sku="${item.sku}"]`);
  await expect(listing).toHaveAttribute('data-expanded', 'true');
  const needs = listing.getByRole('list', { name: 'What Depop needs' });
  await expect(needs).toContainText('Set the shipping price for Depop');
  const fields = listing.getByTestId('depop-own-fields');
  await expect(fields.getByLabel('Product type on Depop')).toHaveValue('jeans');
  await fields.getByLabel('Size on Depop').selectOption({ label: 'W32' });
  await fields.getByLabel('Shipping price on Depop (USD)').fill('3.50');
  await fields.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'own-fields');
  if (phone) {
    await expectNoSidewaysScroll(page);
    await expectTouchTargets(page);
  }
  await fields.getByRole('button', { name: 'Save Depop’s fields' }).click();
  await expect(fields.getByRole('status')).toHaveText('Saved.');
  await expect(needs).toBeHidden();
  // Depop's pricing inspiration for the jeans as they would be listed (the simulated Depop's $35.00 jeans, used_good).
  await expect(listing.getByRole('group', { name: 'What Depop predicts' })).toContainText('$25.29 to $34.21, most likely $29.75.');
  // The panel may be drawn again as the listing's answers arrive: scrolled to once it holds still.
  await expect(() =>
    listing.getByRole('group', { name: 'What Depop predicts' }).scrollIntoViewIfNeeded({ timeout: paced(2_000) }),
  ).toPass();
  await shot(page, testInfo, 'pricing');

  // Listed on Depop now: live on all four.
  await page.goto('/');
  await card.getByRole('button', { name: /^List on/ }).click();
  await picker.getByRole('checkbox', { name: 'Depop' }).check();
  await picker.getByRole('button', { name: 'List 1 item on Depop' }).click();
  await expect(outcome).toContainText('Depop: 1 item being published');
  await picker.getByRole('button', { name: 'Done' }).click();
  for (const name of ['Etsy', 'Shopify', 'Depop']) {
    await expect(card.getByTestId(`channel-badge-${name.toLowerCase()}`)).toHaveText(`Live on ${name}`, { timeout: paced(30_000) });
  }
  await expect(card.getByTestId('badge-published')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'live-everywhere');
  const live = (await itemOf(request, item.id)).listings.find((l) => l.channel === 'depop')!;
  expect(live.part).toMatchObject({ sizeSetId: 60, sizeId: 28, nationalShipping: '3.50' });
  expect(await onTheFakes(request, item.sku)).toMatchObject({ ebay: ['ACTIVE'], etsy: ['active'] });

  // Sold by the simulated Depop's buyer (its signed webhook): sold on Depop, ended on eBay, Etsy and Shopify. Depop is
  // connected, so its sales come through Depop: the card offers no "Sold on Depop" to record one by hand.
  const simulate = await cardAction(page, item.sku, `Simulate a sale on Depop: ${item.sku}`);
  await expect(simulate).toBeVisible();
  await expect(page.getByRole(phone ? 'menuitem' : 'button', { name: `Sold on Depop: ${item.sku}`, exact: true })).toHaveCount(0);
  await shot(page, testInfo, 'connected-actions');
  await simulate.click();
  await expect(page.getByTestId('toasts').getByText(`${item.sku} sold on the simulated Depop.`)).toBeVisible();
  await expect(card.getByTestId('badge-sold')).toContainText(formatMoney(live.price!));
  await expect(card.getByTestId('badge-ended')).toHaveText('Ended on eBay', { timeout: paced(30_000) });
  await expect(card.getByTestId('channel-badge-etsy')).toHaveText('Ended on Etsy');
  await expect(card.getByTestId('channel-badge-shopify')).toHaveText('Ended on Shopify');
  const ended = await onTheFakes(request, item.sku);
  expect(ended.ebay).toEqual(['ENDED']);
  expect(ended.etsy).not.toContain('active');
  expect(ended.etsyContractViolations).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'sold-others-ended');

  // The profit counts Depop's fees, from the simulated Depop's order (fakes/depop/fake-depop-orders.ts): 10% of what
  // the buyer paid, and 3.3% + $0.45.
  const buyerPaid = addMoney(live.price!, money(350));
  const fees = sumMoney([multiplyMoney(buyerPaid, 0.1), multiplyMoney(buyerPaid, 0.033), money(45)]);
  const profit = subtractMoney(subtractMoney(live.price!, fees), money(1500));
  await card.getByTestId('item-profit-button').click();
  const sale = page.getByRole('dialog', { name: `Cost and profit · ${item.sku}` }).getByTestId('item-sale');
  await expect(sale).toContainText('Sold on Depop');
  await expect(sale.getByTestId('sale-fees')).toHaveText(formatMoney(fees));
  await expect(sale.getByTestId('sale-profit')).toContainText(formatMoney(profit));
  await shot(page, testInfo, 'sold');
});
