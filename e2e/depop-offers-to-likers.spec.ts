/**
 * Offers to likers on the simulated Depop, on the phone: the seller turns on "Offers to likers" in the Marketplaces
 * screen's Depop section (10% off, asking first), lists an item on Depop (its size changed once live: the product is
 * revised); a simulated buyer likes it; this week's plan
 * holds its offer, priced above the floor, waiting for approval; approved, it goes to the buyer through Depop's offer
 * endpoint, and the item's Depop part says so.
 */
import sharp from 'sharp';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { depopPaths, type DepopLikesOfItem } from '@shared/contracts/depop';
import type { Item } from '@shared/contracts/items';
import { formatMoney, money } from '@shared/domain/money';
import { expect, test } from './support/fixtures';
import { seedWrittenListing } from './support/listed-items';
import { expectPhoneFriendly } from './support/phone-checks';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

const run = Date.now().toString(36).toUpperCase();
const shot = (page: Page, testInfo: TestInfo, step: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/depop-likers-${step}-${testInfo.project.name}.png`, scale: 'css' });

const likesOf = async (request: APIRequestContext, itemId: string) =>
  (await (await request.get(depopPaths.itemLikes.replace(':id', itemId))).json()) as DepopLikesOfItem;

test('Depop: offers to likers asking first; a like, the offer in this week’s plan, approved and sent', async ({
  signedInPage: page,
}, testInfo) => {
  const request = page.request;
  const photo = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#3b5a7a' } })
    .jpeg()
    .toBuffer();
  const item = await seedWrittenListing(request, photo, `LIKERS-${run}`);
  expect((await request.patch(`/api/items/${item.id}`, { data: { cost: money(1200) } })).ok()).toBe(true);
  const settings = { currency: 'USD', shippingCost: money(350), minimumMargin: { kind: 'amount', amount: money(0) } };
  expect((await request.put('/api/profit-floor/settings', { data: settings })).ok()).toBe(true);

  // Connected on the Marketplaces screen; offers to likers turned on there, asking first (its default).
  await page.goto('/channels');
  const section = page.getByRole('region', { name: 'Depop' });
  await section.getByRole('button', { name: 'Connect Depop' }).click();
  await page.getByLabel('Your simulated shop’s site').selectOption('US');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(section.getByTestId('depop-status')).toHaveText(/^Connected: /);
  const rule = section.getByRole('group', { name: 'Offers to likers on Depop' });
  await rule.getByRole('checkbox', { name: 'Send offers to buyers who like a product' }).check();
  await expect(rule.getByRole('checkbox', { name: 'Ask me first: each offer waits in this week’s plan until I approve it' })).toBeChecked();
  await rule.getByLabel('Percent off').fill('10');
  await rule.getByRole('button', { name: 'Save offers to likers' }).click();
  await expect(rule.getByRole('status')).toHaveText('Saved.');
  await rule.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'rule');
  await expectPhoneFriendly(page, 'depop offers to likers rule');

  // Listed on Depop through the API (depop-list-and-sell.spec.ts walks the picker and Depop's own fields).
  const answered = await request.put(depopPaths.itemAnswers.replace(':id', item.id), {
    data: { productType: null, sizeSetId: 60, sizeId: 28, nationalShipping: money(350) },
  });
  expect(answered.ok(), await answered.text()).toBe(true);
  expect((await request.post('/api/channels/listings', { data: { itemIds: [item.id], channels: ['depop'] } })).ok()).toBe(true);
  const depopListing = async () =>
    ((await (await request.get(`/api/items/${item.id}`)).json()) as Item).listings.find((l) => l.channel === 'depop');
  await expect.poll(async () => (await depopListing())?.status, { timeout: paced(30_000) }).toBe('live');

  // A simulated buyer likes it, from the item's Depop part.
  await page.goto(`/listings?q=${item.sku}`);
  const listing = page.locator(`[data-testid="listing-card"][data-sku="${item.sku}"]`);
  await listing.getByTestId('listing-toggle').click();
  // Depop's own fields stay open on the live listing: a new size revises the product there.
  const fields = listing.getByTestId('depop-own-fields');
  await fields.getByLabel('Size on Depop').selectOption({ label: 'W34' });
  await fields.getByRole('button', { name: 'Save Depop’s fields' }).click();
  await expect(fields.getByRole('status')).toHaveText('Saved. The listing on Depop is being updated.');
  await expect
    .poll(async () => {
      const live = await depopListing();
      return [live?.part && (live.part as { sizeId?: number }).sizeId, live?.change ?? null];
    })
    .toEqual([30, null]);
  const likes = listing.getByTestId('depop-likes');
  await expect(likes.getByRole('status')).toHaveText('No likes on Depop yet.');
  await likes.getByRole('button', { name: 'Simulate a like on Depop' }).click();
  await expect(likes.getByRole('status')).toHaveText('1 like on Depop.');

  // This week's plan holds the offer, 10% off, waiting for the seller; approved, it goes to the buyer.
  await page.goto('/selling-plan');
  const offer = page.locator('[data-testid="plan-action"][data-kind="offer"]').filter({ hasText: item.sku });
  await expect(offer).toContainText('Offer on Depop', { timeout: paced(30_000) });
  const price = money(Math.round((await depopListing())!.price!.amountMinor * 0.9));
  await expect(offer).toContainText(formatMoney(price));
  await expect(offer.getByTestId('plan-status')).toHaveText('Waiting for you');
  await shot(page, testInfo, 'plan');
  await offer.getByRole('button', { name: 'Approve' }).click();
  await expect.poll(async () => (await likesOf(request, item.id)).offered, { timeout: paced(30_000) }).toBe(1);
  expect((await likesOf(request, item.id)).lastOffer?.price).toEqual(price);
  await expect(offer.getByTestId('plan-status')).toHaveText('Done', { timeout: paced(30_000) });

  // The item's Depop part says who had it.
  await page.goto(`/listings?q=${item.sku}`);
  await listing.getByTestId('listing-toggle').click();
  await expect(likes.getByRole('status')).toHaveText(`1 like on Depop · 1 sent an offer. Last offer to likers: ${formatMoney(price)}.`);
  await likes.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'offered');
});
