import { ebayPublishStateOf } from '@shared/contracts/ebay-listing';
/**
 * Offers to eBay's interested buyers (decision 087), desktop and phone, against the fake eBay: an item with
 * no cost is flagged and gets no offer; the seller sets a cost and turns the daily rule on (10% off) on the Profit
 * screen beside the profit floor; the fake eBay gets two watchers for the listing; on the eBay screen the offer starts
 * at the rule's 10% off, with the floor and the profit beside it; a price under the floor is refused in words; the
 * seller sends $26.00 after a confirmation, and the fake receives exactly that (its control API); a watcher accepts,
 * the sale is pulled, matched to the offer in its history, and its profit is on the Profit screen. Each test connects
 * its own fake eBay user, so other specs' listings and sales never reach it.
 */
import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Item } from '@shared/contracts/items';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { seedWrittenListing } from './support/listed-items';
import { expectNoSidewaysScroll } from './support/phone-checks';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

const run = Date.now().toString(36).toUpperCase();

const shot = (name: string, page: Page, project: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/ebay-offers-${name}-${project}.png`, fullPage: true });

const control = async (request: APIRequestContext, action: string, data: object) => {
  const answer = await request.post(`${e2eEnv.fakeEbayURL}/__control/${action}`, { data });
  expect(answer.ok(), await answer.text()).toBe(true);
  return answer.json();
};

interface FakeState {
  listings: { listingId: string; userId: string; status: string }[];
  sellerOffers: { offerId: string; listingId: string; buyer: string; price: { value: string; currency: string } }[];
  calls: { operationId: string | null; status: number }[];
}
const fakeState = async (request: APIRequestContext) =>
  (await (await request.get(`${e2eEnv.fakeEbayURL}/__control/state`)).json()) as FakeState;

/** A written listing published on the fake eBay at $30.00 for a new eBay user of this test: the item and its listing id. */
async function liveAt30(request: APIRequestContext, project: string, tag: string): Promise<{ item: Item; listingId: string }> {
  const ebayUserId = `offers${tag}${run}${project}${process.pid}`.toLowerCase();
  await control(request, 'add-seller', { userId: ebayUserId, username: `seller_${ebayUserId}` });
  await connectFakeEbaySeller(request, { ebayUserId });
  const photo = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#3a6b4c' } })
    .jpeg()
    .toBuffer();
  const item = await seedWrittenListing(request, photo, `OFFER-${tag}-${run}-${project}`.toUpperCase());
  const answer = await request.post(`/api/items/${item.id}/publish`, {
    data: {
      price: { amountMinor: 3000, currency: 'USD' },
      quantity: 1,
      condition: 'good',
      categoryId: '11483',
      sizeType: 'Regular',
      size: '32',
      brand: 'Levi',
      color: 'Blue',
    },
  });
  expect(answer.status(), await answer.text()).toBe(202);
  await expect
    .poll(async () => ebayPublishStateOf((await (await request.get(`/api/items/${item.id}`)).json()) as Item)?.status, {
      timeout: paced(60_000),
    })
    .toBe('published');
  const listing = (await fakeState(request)).listings.find((l) => l.userId === ebayUserId && l.status === 'ACTIVE');
  return { item, listingId: listing!.listingId };
}

// In two tests, each well within a minute: the rule set on screen, then the offer it starts (the rule through the API).
test('no cost: flagged and no offer; the daily offer rule set on the Profit screen beside the floor', async ({
  signedInPage: page,
}, testInfo) => {
  const project = testInfo.project.name;
  const { item } = await liveAt30(page.request, project, 'rule');
  const card = page.locator(`[data-testid="publish-card"][data-sku="${item.sku}"]`);
  const openOffer = async () => {
    await page.goto('/ebay');
    // The card's readiness comes in after the card and pushes its buttons 200 px down: a click before it lands
    // elsewhere (CI, phone, once). Clicked once the card is whole.
    await expect(card.getByTestId('readiness-panel')).toBeVisible();
    await card.getByRole('button', { name: 'Send an offer to interested buyers' }).click();
    return card.getByTestId('buyer-offer');
  };

  // No cost entered: flagged, no offer.
  const panel = await openOffer();
  await expect(panel.getByTestId('offer-no-cost')).toContainText(`No cost entered for ${item.sku}`);
  await expect(panel.getByRole('button', { name: 'Send offer' })).toHaveCount(0);
  await panel.scrollIntoViewIfNeeded();
  await shot('no-cost', page, project);

  // The cost ($8.00), and the rule on the Profit screen beside the floor: daily, 10% off, after 0 days listed.
  expect((await page.request.patch(`/api/items/${item.id}`, { data: { cost: { amountMinor: 800, currency: 'USD' } } })).ok()).toBe(true);
  await page.goto('/profit');
  const rule = page.getByTestId('offer-rule-settings');
  await rule.getByRole('combobox', { name: 'Send offers' }).selectOption('daily');
  await rule.getByRole('textbox', { name: 'Percent off' }).fill('3');
  await rule.getByRole('textbox', { name: 'After days listed' }).fill('0');
  await rule.getByRole('button', { name: 'Save' }).click();
  await expect(rule.getByText('A whole percent from 5 (the least eBay takes) to 90')).toBeVisible();
  await rule.getByRole('textbox', { name: 'Percent off' }).fill('10');
  await rule.getByRole('button', { name: 'Save' }).click();
  await expect(rule.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(rule.getByTestId('offer-rule-summary')).toContainText('Once a day, every listing live for 0 days or more');
  await expect(rule.getByTestId('offer-rule-floor')).toContainText("Never under each item's profit floor");
  expect(await (await page.request.get('/api/ebay/offer-rule')).json()).toEqual({
    enabled: true,
    percentOff: 10,
    afterDays: 0,
    askFirst: false,
  });
  await rule.scrollIntoViewIfNeeded();
  await shot('rule', page, project);
  if (project === 'phone') await expectNoSidewaysScroll(page);
});

test('a cost, the rule on, a watcher: the offer at a price over the floor reaches eBay, the buyer accepts, the sale has its profit', async ({
  signedInPage: page,
}, testInfo) => {
  const project = testInfo.project.name;
  const { item, listingId } = await liveAt30(page.request, project, 'sale');
  const card = page.locator(`[data-testid="publish-card"][data-sku="${item.sku}"]`);
  const openOffer = async () => {
    await page.goto('/ebay');
    // The card's readiness comes in after the card and pushes its buttons 200 px down: a click before it lands
    // elsewhere (CI, phone, once). Clicked once the card is whole.
    await expect(card.getByTestId('readiness-panel')).toBeVisible();
    await card.getByRole('button', { name: 'Send an offer to interested buyers' }).click();
    return card.getByTestId('buyer-offer');
  };
  // The cost ($8.00) and the rule (daily, 10% off, after 0 days), as the test before sets them on screen.
  expect((await page.request.patch(`/api/items/${item.id}`, { data: { cost: { amountMinor: 800, currency: 'USD' } } })).ok()).toBe(true);
  const rule = { enabled: true, percentOff: 10, afterDays: 0, askFirst: false };
  expect((await page.request.put('/api/ebay/offer-rule', { data: rule })).ok()).toBe(true);

  // Two watchers on the fake eBay; the offer starts at the rule's 10% off: $27.00, profit $15.02 (13.25% + $0.40 fees).
  await control(page.request, 'watch', { listingId, buyers: ['ann_watches', 'bob_watches'] });
  const panel = await openOffer();
  await expect(panel.getByTestId('offer-interest')).toHaveAttribute('data-interest', 'interested');
  const price = panel.getByRole('textbox', { name: 'Offer price (USD)' });
  await expect(price).toHaveValue('27.00');
  await expect(panel.getByTestId('offer-profit')).toHaveText('$15.02');
  await expect(panel.getByTestId('offer-floor')).toHaveText('$9.57');

  // Under the floor: refused in words, nothing can be sent; not 5% under the listing price: refused too.
  await price.fill('9');
  await expect(
    panel.getByText('That is under your floor of $9.57 on eBay: you would lose $0.49. Offers never go under the floor.'),
  ).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Send offer' })).toBeDisabled();
  await panel.scrollIntoViewIfNeeded();
  await shot('under-floor', page, project);
  await price.fill('29');
  await expect(panel.getByText('eBay takes offers at least 5% under your price of $30.00: $28.50 at most.')).toBeVisible();

  // $26.00: $26.00 − $3.45 − $0.40 − $8.00 = $14.15; confirmed, sent to both watchers.
  await price.fill('26');
  await expect(panel.getByTestId('offer-profit')).toHaveText('$14.15');
  await panel.getByRole('button', { name: 'Send offer' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Send this offer?' });
  await expect(confirm).toContainText(`Every interested buyer of ${item.sku} gets an offer of $26.00 (13.33% off $30.00) for 4 days`);
  await expect(confirm).toContainText('your profit $14.15');
  await shot('confirm', page, project);
  await confirm.getByRole('button', { name: 'Send offer' }).click();
  await expect(panel.getByTestId('offer-sent')).toContainText('Offer sent to 2 buyers at $26.00, ends ');
  await expect(panel.getByTestId('offer-open')).toBeVisible();
  await expect(panel.getByTestId('offer-history-row')).toHaveCount(1);
  await panel.scrollIntoViewIfNeeded();
  await shot('sent', page, project);
  if (project === 'phone') await expectNoSidewaysScroll(page);

  // What the fake eBay received: one call, an offer to each watcher at exactly $26.00.
  const received = await fakeState(page.request);
  const offers = received.sellerOffers.filter((o) => o.listingId === listingId);
  expect(offers.map((o) => [o.buyer, o.price])).toEqual([
    ['ann_watches', { value: '26.00', currency: 'USD' }],
    ['bob_watches', { value: '26.00', currency: 'USD' }],
  ]);
  expect(received.calls.some((c) => c.operationId === 'sendOfferToInterestedBuyers' && c.status === 200)).toBe(true);

  // Ann accepts; eBay charges its fees ($3.85); the check for sales pulls the order and matches it to the offer.
  const order = (await control(page.request, 'accept-seller-offer', { offerId: offers[0]!.offerId })) as { orderId: string };
  await control(page.request, 'set-fees', { orderId: order.orderId, fees: ['3.85'] });
  const checked = await page.request.post('/api/channels/ebay/sales/check');
  expect(checked.ok(), await checked.text()).toBe(true);
  expect((await (await page.request.get(`/api/items/${item.id}/profit`)).json()).sales[0]).toMatchObject({
    price: { amountMinor: 2600, currency: 'USD' },
    profit: { amountMinor: 1415, currency: 'USD' },
  });

  // The sold item's card on the eBay screen: the offer, and the sale it led to.
  await page.goto('/ebay');
  await card.getByRole('button', { name: 'Offers sent to interested buyers' }).click();
  const sold = card.getByTestId('offer-history-row');
  await expect(sold).toHaveAttribute('data-outcome', 'sold');
  await expect(sold).toContainText('Sold at $26.00 on ');
  await card.getByTestId('buyer-offer').scrollIntoViewIfNeeded();
  await shot('history', page, project);

  // The Profit screen: the month's profit, $26.00 − $3.85 − $8.00.
  await page.goto('/profit');
  const month = new Date().toISOString().slice(0, 7);
  const row = page.locator(`[data-testid="${project === 'phone' ? 'profit-card' : 'profit-row'}"][data-month="${month}"]`);
  await expect(row.getByTestId('month-profit')).toContainText('$14.15');
  // The chart's bars drawn (revenue, fees and costs, profit) before the picture.
  await expect(page.getByTestId('profit-chart').locator('.recharts-bar-rectangle')).toHaveCount(3);
  await row.scrollIntoViewIfNeeded();
  await shot('profit', page, project);
});
