/**
 * The seller's currency end to end: a seller in the UK on the phone sees only pounds, and one in Germany on the
 * desktop only euros ("35,00 €"), from the dashboard's offer of a price list to the profit CSV. The offer suggests "tees £12, jeans £22"; the price list is typed and saved in pounds; the
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

/** Each seller's flow runs once (decision 135): the UK's on the phone, Germany's on the desktop. */
const sellers = [
  {
    country: 'GB',
    phone: true,
    currency: 'GBP',
    words: 'pounds (GBP)',
    offer: 'tees £12, jeans £22, −20% for fair',
    sold: /^Sold £35\.00 · \d{1,2} [A-Z][a-z]{2} · Vinted$/,
    soldAmount: '£35.00',
    outerwearTyped: '35.50',
    floor: 'Floor £',
    others: ['$', 'USD', '€', 'EUR'],
  },
  {
    country: 'DE',
    phone: false,
    currency: 'EUR',
    words: 'euros (EUR)',
    offer: 'tees 14\u00a0€, jeans 25\u00a0€, −20% for fair',
    sold: /^Sold 35,00\u00a0€ · \d{1,2} [A-Z][a-z]{2} · Vinted$/,
    soldAmount: '35,00\u00a0€',
    outerwearTyped: '35,50',
    floor: 'Floor ',
    others: ['$', 'USD', '£', 'GBP'],
  },
] as const;
type Seller = (typeof sellers)[number];

const run = Date.now().toString(36).toUpperCase();

const shot = (name: string, page: Page, project: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/seller-currency-${name}-${project}.png`, fullPage: true });

const ok = async (answer: { ok(): boolean; text(): Promise<string> }) => expect(answer.ok(), await answer.text()).toBe(true);

/** What the screen says holds no other currency: the seller's money is in theirs everywhere. */
async function expectNoOtherCurrency(page: Page, seller: Seller) {
  const text = await page.locator('body').innerText();
  for (const other of seller.others) expect(text).not.toContain(other);
}

/** A sold jacket (cost 8, sold on Vinted for 35 by hand) and a written pair of jeans with a cost (6), in their currency. */
async function seedSeller(request: APIRequestContext, project: string, { country, currency }: Seller): Promise<{ jeans: Item }> {
  await ok(await request.put('/api/seller-region', { data: { country } }));
  const photo = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#3b5b3a' } })
    .jpeg()
    .toBuffer();
  const jeans = await seedWrittenListing(request, photo, `${currency}-JEANS-${run}-${project}`.toUpperCase());
  expect(jeans.currency).toBe(currency);
  await ok(await request.patch(`/api/items/${jeans.id}`, { data: { cost: { amountMinor: 600, currency } } }));

  const created = await request.post('/api/items', {
    data: { sku: `${currency}-JACKET-${run}-${project}`.toUpperCase(), category: 'Mens Outerwear', condition: 'good', brand: 'Barbour' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const jacket = (await created.json()) as Item;
  expect(jacket.currency).toBe(currency);
  await ok(await request.patch(`/api/items/${jacket.id}`, { data: { cost: { amountMinor: 800, currency } } }));
  await ok(
    await request.post(`/api/items/${jacket.id}/channels/vinted/sale`, {
      data: {
        price: { amountMinor: 3500, currency },
        fees: { amountMinor: 0, currency },
        soldAt: new Date().toISOString(),
      },
    }),
  );
  return { jeans };
}

for (const seller of sellers) {
  test(`a seller in ${seller.country} sees only ${seller.words}: the price list offered and saved, the profit floor, the Profit view and its CSV`, async ({
    signedInPage: page,
    isMobile,
  }, testInfo) => {
    test.skip(isMobile !== seller.phone, `a flow runs once (decision 135): on the ${seller.phone ? 'phone' : 'desktop'}`);
    const project = testInfo.project.name;
    const { jeans } = await seedSeller(page.request, project, seller);

    // The dashboard's offer, in pounds and the UK's amounts.
    await page.goto('/');
    await expect(page.getByTestId('price-list-offer-body')).toHaveText(
      `Your own prices by category and condition ("${seller.offer}"): products the AI gives no price go out at yours.`,
    );
    // The sold jacket's day in the country's order ("29 Nov"), English words (one formatter in the seller's locale).
    await expect(page.getByText(seller.sold).first()).toBeVisible();
    await shot(`dashboard-${seller.country}`, page, project);
    await expectNoOtherCurrency(page, seller);
    // The marketplace filter offers only those serving the country: no Mercari or Poshmark outside North America.
    const listedOn = await page.getByRole('combobox', { name: 'Marketplace' }).locator('option').allTextContents();
    expect(listedOn).toContain('Listed on Vinted');
    expect(listedOn.filter((name) => /Mercari|Poshmark/.test(name))).toEqual([]);

    // The price list, typed and saved in pounds.
    await page.getByRole('link', { name: 'Set my prices' }).click();
    await expect(page.getByRole('heading', { name: `Your price by category, in ${seller.words}` })).toBeVisible();
    const jeansPrice = page.getByRole('textbox', { name: 'Mens Jeans', exact: true });
    await expect(jeansPrice).toHaveAttribute('placeholder', seller.currency === 'GBP' ? 'e.g. 22' : 'e.g. 25');
    await jeansPrice.fill('22');
    await page.getByRole('textbox', { name: 'Mens Outerwear', exact: true }).fill(seller.outerwearTyped);
    await page.getByLabel('Fair', { exact: true }).fill('-20');
    await expectNoOtherCurrency(page, seller);
    await page.getByRole('button', { name: 'Save my price list' }).click();
    await expect(page.getByText('Your price list is saved.')).toBeVisible();
    await shot(`price-list-${seller.country}`, page, project);
    if (isMobile) await expectPhoneFriendly(page, 'seller-currency-price-list-phone-checks');
    const list = (await (await page.request.get('/api/price-list')).json()) as PriceListResponse;
    expect(list).toMatchObject({ currency: seller.currency, sellerCurrency: seller.currency, answered: true });
    expect(list.rows).toEqual(
      expect.arrayContaining([
        { category: 'Mens Jeans', amountMinor: 2200 },
        { category: 'Mens Outerwear', amountMinor: 3550 },
      ]),
    );

    // The profit floor's settings: their currency, and no other to pick.
    await page.goto('/profit');
    const settings = page.getByTestId('profit-floor-settings');
    await expect(settings.getByLabel('Currency')).toHaveValue(seller.currency);
    expect(await settings.getByLabel('Currency').locator('option').allTextContents()).toEqual([seller.currency]);
    await settings.getByRole('textbox', { name: /^Usual shipping cost/ }).fill('3');
    await settings.getByRole('textbox', { name: /^Minimum margin/ }).fill('2');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

    // The Profit view: the Vinted sale in their currency, no other.
    await expect(page.getByText(seller.soldAmount).filter({ visible: true }).first()).toBeVisible();
    await shot(`profit-${seller.country}`, page, project);
    await expectNoOtherCurrency(page, seller);

    // This week's plan: a rule for the marketplaces serving the country only.
    await page.goto('/selling-plan');
    const scopes = page.getByRole('form', { name: 'Your drops and relists' }).getByLabel('Rule for');
    await expect(scopes.locator('option', { hasText: 'Vinted' })).toHaveCount(1);
    expect((await scopes.locator('option').allTextContents()).filter((name) => /Mercari|Poshmark/.test(name))).toEqual([]);
    await page.goto('/profit');

    // Its CSV: their currency on every line, no other.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(`,${seller.currency},`);
    for (const other of seller.others) expect(csv).not.toContain(other);

    // The item's floor per marketplace: only those serving the country, in its currency or "not known".
    await page.goto('/listings');
    const card = page.locator(`[data-testid="listing-card"][data-sku="${jeans.sku}"]`);
    await card.getByTestId('listing-toggle').click();
    await expect(card.getByTestId('listing-toggle')).toHaveAttribute('aria-expanded', 'true');
    const floors = card.getByTestId('channel-floors');
    await expect(floors).toBeVisible();
    await expect(floors.getByTestId('channel-floor-vinted')).toBeVisible();
    await expect(floors.getByTestId('channel-floor-mercari')).toHaveCount(0);
    await expect(floors.getByTestId('channel-floor-poshmark')).toHaveCount(0);
    await expect(floors.getByTestId('channel-floor-ebay')).toContainText(seller.floor);
    await floors.scrollIntoViewIfNeeded();
    await shot(`profit-floor-${seller.country}`, page, project);
    await saveScreen(floors, { path: `e2e/.artifacts/screens/seller-currency-channel-floors-${seller.country}-${project}.png` });
    await expectNoOtherCurrency(page, seller);
    if (isMobile) await expectPhoneFriendly(page, 'seller-currency-floors-phone-checks');
  });
}
