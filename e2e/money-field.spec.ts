/**
 * One money field, desktop and phone: in a German browser a seller in Germany and in an American one a US
 * seller type "39,99", "39.99" and "18 €" / "£18" into the cost dialog, the profit floor, the price list and Quick
 * Fix's price. Each amount is said back under its field in the item's currency before it is saved, and is stored as
 * the seller meant it (read back through the API), or refused in words; none is ever 100 times another.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import type { Item, ListItemsResponse } from '@shared/contracts/items';
import type { ProfitFloorSettings } from '@shared/contracts/profit-floor';
import type { PriceListResponse } from '@shared/contracts/price-list';
import { answerFakeConsent } from '../fakes/ebay/fake-ebay-consent';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { seedWrittenListing } from './support/listed-items';
import { expectPhoneFriendly } from './support/phone-checks';
import { saveScreen } from './support/screens';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

const run = Date.now().toString(36).toUpperCase();
let serial = 0;
const nextSku = (testInfo: TestInfo) => `MONEY-${run}-${testInfo.project.name}-${++serial}`.toUpperCase();

const shot = (target: Locator, testInfo: TestInfo, step: string) =>
  saveScreen(target, { path: `e2e/.artifacts/screens/money-field-${step}-${testInfo.project.name}.png` });

const ok = async (answer: { ok(): boolean; text(): Promise<string> }) => expect(answer.ok(), await answer.text()).toBe(true);

/** The amount said back under a money field ("= 39,99 €"). */
const saidBack = (field: Locator) => field.locator('xpath=ancestor::div[1]/..').getByTestId('money-field-amount');

async function itemOf(request: APIRequestContext, id: string): Promise<Item> {
  const answer = await request.get(`/api/items/${id}`);
  await ok(answer);
  return (await answer.json()) as Item;
}

/** An item of the seller (made in their currency), with no photo: enough for its card's cost. */
async function seedItem(request: APIRequestContext, sku: string): Promise<Item> {
  const created = await request.post('/api/items', { data: { sku, category: 'Mens Jeans', condition: 'good', brand: "Levi's" } });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as Item;
}

/** The cost field in the item's cost and profit sheet, from its card on the dashboard. */
async function openCost(page: Page, sku: string): Promise<Locator> {
  await page.goto('/');
  await page.locator(`[data-testid="product-card"][data-sku="${sku}"]`).getByTestId('item-profit-button').click();
  const sheet = page.getByRole('dialog', { name: `Cost and profit · ${sku}` });
  return sheet.getByRole('textbox', { name: `Cost (what you paid, optional) of ${sku}`, exact: true });
}

const photo = () =>
  sharp({ create: { width: 320, height: 320, channels: 3, background: '#3b5b7a' } })
    .jpeg()
    .toBuffer();

/**
 * The seller's eBay account, on the fake eBay, registered in `country` (the seller's region stays theirs if they chose
 * one): enough for the eBay screen's cards and their Quick Fix.
 */
async function connectEbay(request: APIRequestContext, country: 'US' | 'DE') {
  const ebayUserId = `e2emoney${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const address = country === 'DE' ? { addressLine1: 'Friedrichstraße 43', city: 'Berlin', postalCode: '10117', country } : undefined;
  await ok(
    await request.post(`${e2eEnv.fakeEbayURL}/__control/add-seller`, {
      data: { userId: ebayUserId, username: `seller_${ebayUserId}`, ...(address ? { address } : {}) },
    }),
  );
  const start = await request.post('/api/channels/ebay/connect');
  await ok(start);
  const callback = await answerFakeConsent((await start.json()).url as string, 'agree', ebayUserId);
  await ok(await request.post('/api/channels/ebay/connection', { data: { code: callback.get('code'), state: callback.get('state') } }));
}

/** Quick Fix's price on the item's eBay card (a written listing the fake AI priced $34.50 / 34,50 €). */
async function openQuickFixPrice(page: Page, item: Item): Promise<{ card: Locator; price: Locator }> {
  await page.goto('/ebay');
  const card = page.locator(`[data-testid="publish-card"][data-sku="${item.sku}"]`);
  await card.getByRole('button', { name: 'Quick Fix' }).click();
  const form = card.getByRole('form', { name: `Quick fix ${item.sku}` });
  return { card, price: form.getByRole('textbox', { name: `Price (${item.currency})` }) };
}

const ebayPriceOf = (item: Item) => item.listings.find((listing) => listing.channel === 'ebay')?.price ?? null;

test.describe('a seller in Germany, in a German browser (de-DE)', () => {
  test.use({ locale: 'de-DE' });
  test.beforeEach(async ({ signedInPage: page }) => {
    await ok(await page.request.put('/api/seller-region', { data: { country: 'DE' } }));
  });

  test('the cost dialog: "39,99", "39.99" and "18 €" said back in euros and saved as meant; "1,234" refused in words', async ({
    signedInPage: page,
  }, testInfo) => {
    const item = await seedItem(page.request, nextSku(testInfo));
    expect(item.currency).toBe('EUR');
    const cost = await openCost(page, item.sku);
    await cost.fill('39,99');
    await expect(saidBack(cost)).toHaveText('= 39,99 €');
    await shot(page.getByRole('dialog'), testInfo, 'cost-de');
    await cost.press('Enter');
    await expect(page.getByText('Cost saved')).toBeVisible();
    await expect.poll(async () => (await itemOf(page.request, item.id)).cost).toEqual({ amountMinor: 3999, currency: 'EUR' });
    // Written back the German way.
    await expect(cost).toHaveValue('39,99');

    await cost.fill('18 €');
    await expect(saidBack(cost)).toHaveText('= 18,00 €');
    await cost.press('Enter');
    await expect.poll(async () => (await itemOf(page.request, item.id)).cost).toEqual({ amountMinor: 1800, currency: 'EUR' });

    await cost.fill('39.99');
    await expect(saidBack(cost)).toHaveText('= 39,99 €');
    await cost.press('Enter');
    await expect.poll(async () => (await itemOf(page.request, item.id)).cost).toEqual({ amountMinor: 3999, currency: 'EUR' });

    await cost.fill('1,234');
    await cost.press('Enter');
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('An amount can have at most 2 decimals');
    expect((await itemOf(page.request, item.id)).cost).toEqual({ amountMinor: 3999, currency: 'EUR' });
  });

  test('the profit floor: shipping "39,99" and a margin of "18 €" in euros, said back and saved', async ({
    signedInPage: page,
  }, testInfo) => {
    await page.goto('/profit');
    const settings = page.getByTestId('profit-floor-settings');
    const shipping = settings.getByRole('textbox', { name: 'Usual shipping cost (EUR)' });
    await shipping.fill('39,99');
    await expect(saidBack(shipping)).toHaveText('= 39,99 €');
    await settings.getByRole('combobox', { name: 'Minimum margin as' }).selectOption('amount');
    const margin = settings.getByRole('textbox', { name: 'Minimum margin (EUR)' });
    await margin.fill('18 €');
    await expect(saidBack(margin)).toHaveText('= 18,00 €');
    await shot(settings, testInfo, 'profit-floor-de');
    if (testInfo.project.name === 'phone') await expectPhoneFriendly(page, 'money-field-profit-floor-de-phone-checks');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    const saved = (await (await page.request.get('/api/profit-floor/settings')).json()) as ProfitFloorSettings;
    expect(saved.shippingCost).toEqual({ amountMinor: 3999, currency: 'EUR' });
    expect(saved.minimumMargin).toEqual({ kind: 'amount', amount: { amountMinor: 1800, currency: 'EUR' } });
    await expect(shipping).toHaveValue('39,99');
  });

  test('the price list (in euros): "39,99" and "39.99" said back and saved as 39,99 €; "$18" refused in words', async ({
    signedInPage: page,
  }, testInfo) => {
    await page.goto('/price-list');
    const jeans = page.getByRole('textbox', { name: 'Mens Jeans', exact: true });
    await jeans.fill('39,99');
    await expect(saidBack(jeans)).toHaveText('= 39,99 €');
    const tops = page.getByRole('textbox', { name: 'Mens Tops', exact: true });
    await tops.fill('39.99');
    await expect(saidBack(tops)).toHaveText('= 39,99 €');
    const shoes = page.getByRole('textbox', { name: 'Shoes', exact: true });
    await shoes.fill('$18');
    await page.getByRole('button', { name: 'Save my price list' }).click();
    await expect(page.getByRole('alert')).toContainText('Shoes: type a price in euros (EUR), like 15 or 19,99');
    await shoes.fill('18');
    await saveScreen(page, { path: `e2e/.artifacts/screens/money-field-price-list-de-${testInfo.project.name}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save my price list' }).click();
    await expect(page.getByText('Your price list is saved.')).toBeVisible();
    const list = (await (await page.request.get('/api/price-list')).json()) as PriceListResponse;
    expect(list.currency).toBe('EUR');
    expect(list.rows).toEqual(
      expect.arrayContaining([
        { category: 'Mens Jeans', amountMinor: 3999 },
        { category: 'Mens Tops', amountMinor: 3999 },
        { category: 'Shoes', amountMinor: 1800 },
      ]),
    );
  });

  test('Quick Fix’s price: "39,99" said back as 39,99 € and saved as the eBay price, never 3.999,00 €', async ({
    signedInPage: page,
  }, testInfo) => {
    await connectEbay(page.request, 'DE');
    const item = await seedWrittenListing(page.request, await photo(), nextSku(testInfo));
    expect(item.currency).toBe('EUR');
    const { card, price } = await openQuickFixPrice(page, item);
    await price.fill('39,99');
    await expect(saidBack(price)).toHaveText('= 39,99 €');
    await shot(card, testInfo, 'quick-fix-de');
    await card.getByRole('button', { name: 'Apply Quick Fix' }).click();
    await expect(page.getByTestId('toasts').getByText('Item updated successfully!')).toBeVisible();
    await expect.poll(async () => ebayPriceOf(await itemOf(page.request, item.id))).toEqual({ amountMinor: 3999, currency: 'EUR' });
  });
});

test.describe('a seller in the US, in an American browser (en-US)', () => {
  test.use({ locale: 'en-US' });

  test('the cost dialog: "39,99" and "39.99" are $39.99; "£18" is refused in words, nothing saved', async ({
    signedInPage: page,
  }, testInfo) => {
    const item = await seedItem(page.request, nextSku(testInfo));
    expect(item.currency).toBe('USD');
    const cost = await openCost(page, item.sku);
    await cost.fill('39,99');
    await expect(saidBack(cost)).toHaveText('= $39.99');
    await cost.press('Enter');
    await expect.poll(async () => (await itemOf(page.request, item.id)).cost).toEqual({ amountMinor: 3999, currency: 'USD' });
    await expect(cost).toHaveValue('39.99');
    await cost.fill('£18');
    await cost.press('Enter');
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Type the amount in USD');
    await cost.fill('1,234');
    await expect(saidBack(cost)).toHaveText('= $1,234.00');
    await shot(page.getByRole('dialog'), testInfo, 'cost-us');
    await cost.press('Enter');
    await expect.poll(async () => (await itemOf(page.request, item.id)).cost).toEqual({ amountMinor: 123400, currency: 'USD' });
  });

  test('the profit floor: "39.99" and "39,99" said back in dollars and saved as meant', async ({ signedInPage: page }, testInfo) => {
    await page.goto('/profit');
    const settings = page.getByTestId('profit-floor-settings');
    const shipping = settings.getByRole('textbox', { name: 'Usual shipping cost (USD)' });
    await shipping.fill('39.99');
    await expect(saidBack(shipping)).toHaveText('= $39.99');
    await settings.getByRole('combobox', { name: 'Minimum margin as' }).selectOption('amount');
    const margin = settings.getByRole('textbox', { name: 'Minimum margin (USD)' });
    await margin.fill('£18');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings.getByText('An amount of USD with at most 2 decimals, 0 or more')).toBeVisible();
    await margin.fill('39,99');
    await expect(saidBack(margin)).toHaveText('= $39.99');
    await shot(settings, testInfo, 'profit-floor-us');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    const saved = (await (await page.request.get('/api/profit-floor/settings')).json()) as ProfitFloorSettings;
    expect(saved.shippingCost).toEqual({ amountMinor: 3999, currency: 'USD' });
    expect(saved.minimumMargin).toEqual({ kind: 'amount', amount: { amountMinor: 3999, currency: 'USD' } });
  });

  test('the price list: "39,99", "39.99" and "$18" said back and saved as meant', async ({ signedInPage: page }) => {
    await page.goto('/price-list');
    for (const [category, typed, said] of [
      ['Mens Jeans', '39,99', '= $39.99'],
      ['Mens Tops', '39.99', '= $39.99'],
      ['Shoes', '$18', '= $18.00'],
    ] as const) {
      const field = page.getByRole('textbox', { name: category, exact: true });
      await field.fill(typed);
      await expect(saidBack(field)).toHaveText(said);
    }
    await page.getByRole('button', { name: 'Save my price list' }).click();
    await expect(page.getByText('Your price list is saved.')).toBeVisible();
    const list = (await (await page.request.get('/api/price-list')).json()) as PriceListResponse;
    expect(list.rows).toEqual(
      expect.arrayContaining([
        { category: 'Mens Jeans', amountMinor: 3999 },
        { category: 'Mens Tops', amountMinor: 3999 },
        { category: 'Shoes', amountMinor: 1800 },
      ]),
    );
  });

  test('Quick Fix’s price: "39,99" is $39.99, never $3,999.00', async ({ signedInPage: page }, testInfo) => {
    await connectEbay(page.request, 'US');
    const item = await seedWrittenListing(page.request, await photo(), nextSku(testInfo));
    const { card, price } = await openQuickFixPrice(page, item);
    await price.fill('39,99');
    await expect(saidBack(price)).toHaveText('= $39.99');
    await shot(card, testInfo, 'quick-fix-us');
    await card.getByRole('button', { name: 'Apply Quick Fix' }).click();
    await expect(page.getByTestId('toasts').getByText('Item updated successfully!')).toBeVisible();
    await expect.poll(async () => ebayPriceOf(await itemOf(page.request, item.id))).toEqual({ amountMinor: 3999, currency: 'USD' });
  });

  test('the question when a text could be two amounts, with both to tap (a three-decimal currency, given to the page)', async ({
    signedInPage: page,
  }, testInfo) => {
    // No seller's currency has three decimals (USD, GBP, EUR, CAD, AUD: "1,234" can only be 1,234.00), so the page is
    // told this item is in Bahraini dinars, and the save the tap makes is answered here.
    const item = await seedItem(page.request, nextSku(testInfo));
    // The saves are answered here and never reach the server: every read of the item the page makes after one (the
    // list and the item itself, refetched by the save) answers the cost saved, as the server would have.
    const sent: { cost: Item['cost'] }[] = [];
    const asSaved = <T extends { id: string; cost?: Item['cost'] }>(entry: T): T =>
      entry.id === item.id ? { ...entry, currency: 'BHD', ...(sent.length ? { cost: sent.at(-1)!.cost } : {}) } : entry;
    await page.route('**/api/items?*', async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as ListItemsResponse;
      await route.fulfill({ response: answer, json: { ...body, items: body.items.map(asSaved) } });
    });
    const stored = await itemOf(page.request, item.id);
    await page.route(`**/api/items/${item.id}`, async (route) => {
      if (route.request().method() === 'GET') return route.fulfill({ json: asSaved(stored) });
      if (route.request().method() !== 'PATCH') return route.fallback();
      const body = route.request().postDataJSON() as { cost: Item['cost'] };
      sent.push(body);
      await route.fulfill({ json: asSaved(stored) });
    });
    const cost = await openCost(page, item.sku);
    await cost.fill('1,234');
    await cost.press('Enter');
    const question = page.getByTestId('money-field-question');
    await expect(question.getByRole('status')).toHaveText('“1,234” could be BHD 1,234.000 or BHD 1.234. Which one?');
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveCount(0);
    await shot(page.getByRole('dialog'), testInfo, 'question');
    if (testInfo.project.name === 'phone') await expectPhoneFriendly(page, 'money-field-question-phone-checks');
    expect(sent).toEqual([]);
    await question.getByRole('button', { name: 'BHD 1.234' }).click();
    await expect(cost).toHaveValue('1.234');
    await expect(saidBack(cost)).toHaveText('= BHD 1.234');
    await expect.poll(() => sent).toEqual([{ cost: { amountMinor: 1234, currency: 'BHD' } }]);
    // Saved, and read back from the refetched item (a loaded run read it before this route answered the saved cost,
    // and the field emptied under the assertion).
    await expect(page.getByRole('dialog').getByText('Cost saved')).toBeVisible();
    await expect(cost).toHaveValue('1.234');
    // The save refetches the list: its answer may still be on its way through the handler when the page closes.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
