/**
 * The price a channel gets is one server function, and the API channels publish at it. The seller sets a
 * rule of −10% for Etsy on the Marketplaces screen; the item's screen (under its listing) shows Etsy's price through
 * that rule, Etsy's publish lists it at that price in the fake Etsy, and the screen still shows the same. Desktop
 * and phone.
 */
import sharp from 'sharp';
import type { Item } from '@shared/contracts/items';
import { formatMoney } from '@shared/domain/money';
import { applyPriceRule } from '@shared/domain/price-rule';
import type { Page, TestInfo } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { seedWrittenListing } from './support/listed-items';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  saveScreen(page, { path: testInfo.outputPath(`price-rules-${name}-${testInfo.project.name}.png`), fullPage: true });

interface FakeEtsyState {
  listings: { listing_id: number; state: string; sku: string | null; price: number }[];
}

test('a −10% rule for Etsy: the item’s screen shows Etsy’s price, and Etsy lists it at that price', async ({
  signedInPage: page,
}, testInfo) => {
  const request = page.request;
  // Etsy connected (the fake's consent page) and the shop set up through its route.
  await page.goto('/channels');
  const etsy = page.getByRole('region', { name: 'Etsy' });
  await etsy.getByRole('button', { name: 'Connect Etsy' }).click();
  await page.getByRole('button', { name: 'Allow access' }).click();
  // The code's exchange and the shop's first read: slow on a loaded machine.
  await expect(etsy.getByTestId('etsy-status')).toHaveText(/^Connected: /, { timeout: paced(30_000) });
  const setup = await request.post('/api/etsy/shop-setup', {
    data: {
      shipping: {
        originPostalCode: '95125',
        originCountry: 'US',
        price: { amountMinor: 500, currency: 'USD' },
        processingDaysMin: 1,
        processingDaysMax: 3,
      },
      returns: { acceptsReturns: true, days: 30 },
    },
  });
  expect(setup.ok(), await setup.text()).toBe(true);
  const photo = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#3f6212' } })
    .jpeg()
    .toBuffer();
  const seeded = await seedWrittenListing(request, photo, `RULE-${testInfo.project.name.toUpperCase()}-${Date.now().toString(36)}`);
  const item = (await (await request.get(`/api/items/${seeded.id}`)).json()) as Item;
  expect(item.aiSuggestedPrice, 'the fake AI suggests an asking price').not.toBeNull();
  expect((await request.put(`/api/items/${item.id}/listings/etsy/answers`, { data: { whenMade: '1990s' } })).ok()).toBe(true);
  const asking = item.aiSuggestedPrice!;
  const etsyPrice = applyPriceRule(asking, { percent: -10, rounding: 'none' })!;
  expect(etsyPrice.amountMinor).toBeLessThan(asking.amountMinor);

  // The rule, on the Marketplaces screen's "Price on each marketplace".
  await page.reload();
  const rules = page.getByRole('region', { name: 'Price on each marketplace' });
  const etsyRule = rules.getByTestId('price-rule-etsy');
  await etsyRule.getByLabel('Price change on Etsy (%)').fill('-10');
  await etsyRule.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toasts').getByText('Etsy price rule saved.')).toBeVisible();
  await expect(etsyRule.getByTestId('price-rule-summary')).toHaveText('−10%');
  await etsyRule.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'marketplaces');
  expect(await seriousViolations(page)).toEqual([]);

  // The item's screen: Etsy's price through the rule, before anything is sent.
  await page.goto('/listings');
  const listing = page.locator(`[data-testid="listing-card"][data-sku="${item.sku}"]`);
  await listing.getByTestId('listing-toggle').click();
  const etsyOnScreen = listing.getByTestId('channel-price-etsy');
  await etsyOnScreen.scrollIntoViewIfNeeded();
  await expect(etsyOnScreen).toContainText(formatMoney(etsyPrice));
  await expect(etsyOnScreen).toContainText('−10%');
  // eBay has no rule of this seller's: its price is the asking price.
  await expect(listing.getByTestId('channel-price-ebay')).toContainText(`${formatMoney(asking)}The AI's suggested price`);
  await shot(page, testInfo, 'item-before');

  // Published on Etsy: the fake Etsy holds the same price, and so does the screen.
  const queued = await request.post('/api/etsy/publish', { data: { itemIds: [item.id] } });
  expect(await queued.json()).toMatchObject({ queued: [item.id], refused: [] });
  await expect
    .poll(
      async () => ((await (await request.get(`/api/items/${item.id}`)).json()) as Item).listings.find((l) => l.channel === 'etsy')?.status,
      {
        timeout: paced(60_000),
      },
    )
    .toBe('live');
  const fake = (await (await request.get(`${e2eEnv.fakeEtsyURL}/__control/state`)).json()) as FakeEtsyState;
  expect(fake.listings.find((l) => l.sku === item.sku)).toMatchObject({ state: 'active', price: etsyPrice.amountMinor / 100 });
  await page.reload();
  await listing.getByTestId('listing-toggle').click();
  await expect(listing.getByTestId('channel-price-etsy')).toContainText(
    `${formatMoney(etsyPrice)}as listed · The AI's suggested price · −10%`,
  );
  await listing.getByTestId('channel-price-etsy').scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'item-live');
});
