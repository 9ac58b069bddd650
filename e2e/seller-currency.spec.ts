/**
 * The seller's currency end to end, on the phone: a seller in the UK sees only pounds, from the dashboard's offer of a price
 * list to the profit CSV. The offer suggests "tees £12, jeans £22"; the price list is typed and saved in pounds; the
 * profit floor's settings are in pounds and the item's floor lists only the marketplaces serving the UK (no Mercari,
 * no Poshmark), each in pounds or "not known"; the Profit view and its CSV are in GBP. No "$" on any of these screens.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Item } from '@shared/contracts/items';
import type { PriceListResponse } from '@shared/contracts/price-list';
import { expect, test } from './support/fixtures';
import { seedWrittenListing } from './support/listed-items';
import { expectPhoneFriendly } from './support/phone-checks';
import { saveScreen } from './support/screens';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

const run = Date.now().toString(36).toUpperCase();

const shot = (name: string, page: Page, project: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/seller-currency-${name}-${project}.png`, fullPage: true });

const ok = async (answer: { ok(): boolean; text(): Promise<string> }) => expect(answer.ok(), await answer.text()).toBe(true);

/** What the screen says holds no dollar sign (nor "USD"): the UK seller's money is in pounds everywhere. */
async function expectNoDollar(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text).not.toContain('$');
  expect(text).not.toContain('USD');
}

/** A sold jacket (cost £8, sold on Vinted for £35 by hand) and a written pair of jeans with a cost (£6), both in pounds. */
async function seedUkSeller(request: APIRequestContext, project: string): Promise<{ jeans: Item }> {
  await ok(await request.put('/api/seller-region', { data: { country: 'GB' } }));
  const photo = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#3b5b3a' } })
    .jpeg()
    .toBuffer();
  const jeans = await seedWrittenListing(request, photo, `GBP-JEANS-${run}-${project}`.toUpperCase());
  expect(jeans.currency).toBe('GBP');
  await ok(await request.patch(`/api/items/${jeans.id}`, { data: { cost: { amountMinor: 600, currency: 'GBP' } } }));

  const created = await request.post('/api/items', {
    data: { sku: `GBP-JACKET-${run}-${project}`.toUpperCase(), category: 'Mens Outerwear', condition: 'good', brand: 'Barbour' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const jacket = (await created.json()) as Item;
  expect(jacket.currency).toBe('GBP');
  await ok(await request.patch(`/api/items/${jacket.id}`, { data: { cost: { amountMinor: 800, currency: 'GBP' } } }));
  await ok(
    await request.post(`/api/items/${jacket.id}/channels/vinted/sale`, {
      data: {
        price: { amountMinor: 3500, currency: 'GBP' },
        fees: { amountMinor: 0, currency: 'GBP' },
        soldAt: new Date().toISOString(),
      },
    }),
  );
  return { jeans };
}

test('a UK seller sees only pounds: the price list offered and saved, the profit floor, the Profit view and its CSV', async ({
  signedInPage: page,
}, testInfo) => {
  const project = testInfo.project.name;
  const { jeans } = await seedUkSeller(page.request, project);

  // The dashboard's offer, in pounds and the UK's amounts.
  await page.goto('/');
  await expect(page.getByTestId('price-list-offer-body')).toHaveText(
    'Your own prices by category and condition ("tees £12, jeans £22, −20% for fair"): products the AI gives no price go out at yours.',
  );
  // The sold jacket's day in the UK's order ("29 Nov"), English words (decision: one formatter in the seller's locale).
  await expect(page.getByText(/^Sold £35\.00 · \d{1,2} [A-Z][a-z]{2} · Vinted$/).first()).toBeVisible();
  await shot('dashboard', page, project);
  await expectNoDollar(page);

  // The price list, typed and saved in pounds.
  await page.getByRole('link', { name: 'Set my prices' }).click();
  await expect(page.getByRole('heading', { name: 'Your price by category, in pounds (GBP)' })).toBeVisible();
  const jeansPrice = page.getByRole('textbox', { name: 'Mens Jeans', exact: true });
  await expect(jeansPrice).toHaveAttribute('placeholder', 'e.g. 22');
  await jeansPrice.fill('22');
  await page.getByRole('textbox', { name: 'Mens Outerwear', exact: true }).fill('35.50');
  await page.getByLabel('Fair', { exact: true }).fill('-20');
  await expectNoDollar(page);
  await page.getByRole('button', { name: 'Save my price list' }).click();
  await expect(page.getByText('Your price list is saved.')).toBeVisible();
  await shot('price-list', page, project);
  await expectPhoneFriendly(page, 'seller-currency-price-list-phone-checks');
  const list = (await (await page.request.get('/api/price-list')).json()) as PriceListResponse;
  expect(list).toMatchObject({ currency: 'GBP', sellerCurrency: 'GBP', answered: true });
  expect(list.rows).toEqual(
    expect.arrayContaining([
      { category: 'Mens Jeans', amountMinor: 2200 },
      { category: 'Mens Outerwear', amountMinor: 3550 },
    ]),
  );

  // The profit floor's settings: pounds, and no other currency to pick.
  await page.goto('/profit');
  const settings = page.getByTestId('profit-floor-settings');
  await expect(settings.getByLabel('Currency')).toHaveValue('GBP');
  expect(await settings.getByLabel('Currency').locator('option').allTextContents()).toEqual(['GBP']);
  await settings.getByRole('textbox', { name: /^Usual shipping cost/ }).fill('3');
  await settings.getByRole('textbox', { name: /^Minimum margin/ }).fill('2');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  // The Profit view: the Vinted sale in pounds, no dollar.
  await expect(page.getByText('£35.00').filter({ visible: true }).first()).toBeVisible();
  await shot('profit', page, project);
  await expectNoDollar(page);

  // Its CSV: GBP on every line, no dollar.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain(',GBP,');
  expect(csv).not.toContain('USD');
  expect(csv).not.toContain('$');

  // The item's floor per marketplace: only those serving the UK, in pounds or "not known".
  await page.goto('/listings');
  const card = page.locator(`[data-testid="listing-card"][data-sku="${jeans.sku}"]`);
  await card.getByTestId('listing-toggle').click();
  await expect(card.getByTestId('listing-toggle')).toHaveAttribute('aria-expanded', 'true');
  const floors = card.getByTestId('channel-floors');
  await expect(floors).toBeVisible();
  await expect(floors.getByTestId('channel-floor-vinted')).toBeVisible();
  await expect(floors.getByTestId('channel-floor-mercari')).toHaveCount(0);
  await expect(floors.getByTestId('channel-floor-poshmark')).toHaveCount(0);
  await expect(floors.getByTestId('channel-floor-ebay')).toContainText('Floor £');
  await floors.scrollIntoViewIfNeeded();
  await shot('profit-floor', page, project);
  await saveScreen(floors, { path: `e2e/.artifacts/screens/seller-currency-channel-floors-${project}.png` });
  await expectNoDollar(page);
  await expectPhoneFriendly(page, 'seller-currency-floors-phone-checks');
});
