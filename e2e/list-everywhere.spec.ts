/**
 * Listing everywhere, from end to end: one item listed on eBay (the fake eBay), Etsy (the fake Etsy) and Vinted (assisted), from
 * the card's channel picker. It sells on Etsy: the eBay offer is withdrawn on the fake eBay, and the Vinted listing
 * becomes a delist task (card, panel, header), which the seller ticks. Desktop and phone.
 */
import sharp from 'sharp';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import type { Item } from '@shared/contracts/items';
import { seriousViolations } from './support/axe';
import { e2eEnv } from './support/e2e-env';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { connectFakeEtsy } from './support/etsy-seller';
import { expect, test } from './support/fixtures';
import { seedWrittenListing } from './support/listed-items';
import { expectPhoneFriendly } from './support/phone-checks';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

const run = Date.now().toString(36).toUpperCase();
const shot = (page: Page, testInfo: TestInfo, step: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/everywhere-${step}-${testInfo.project.name}.png`, scale: 'css' });

async function itemOf(request: APIRequestContext, id: string): Promise<Item> {
  return (await (await request.get(`/api/items/${id}`)).json()) as Item;
}

const statusOn = async (request: APIRequestContext, id: string, channel: string) =>
  (await itemOf(request, id)).listings.find((listing) => listing.channel === channel)?.status;

/** The fake eBay's listings of the item (its SKU carries the seller's prefix): ACTIVE or ENDED. */
async function ebayListings(request: APIRequestContext, sku: string) {
  const state = (await (await request.get(`${e2eEnv.fakeEbayURL}/__control/state`)).json()) as {
    listings: { sku: string; status: string }[];
  };
  return state.listings.filter((listing) => listing.sku.endsWith(sku)).map((listing) => listing.status);
}

async function etsyListing(request: APIRequestContext, sku: string) {
  const state = (await (await request.get(`${e2eEnv.fakeEtsyURL}/__control/state`)).json()) as {
    listings: { listing_id: number; state: string; sku: string | null }[];
    contractViolations: unknown[];
  };
  return { listing: state.listings.find((l) => l.sku?.endsWith(sku)), contractViolations: state.contractViolations };
}

test('listed on eBay, Etsy and Vinted from one picker; sold on Etsy: eBay withdrawn, a Vinted delist task, ticked', async ({
  signedInPage: page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const request = page.request;
  const tag = `${run}-${testInfo.project.name.toUpperCase()}`;

  // eBay and Etsy connected and set up through the API (etsy.spec.ts walks Etsy's consent page and shop setup).
  await connectFakeEbaySeller(request);
  await connectFakeEtsy(request);

  const photo = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#5a3d2b' } })
    .jpeg()
    .toBuffer();
  const item = await seedWrittenListing(request, photo, `EVERY-${tag}`);

  // One picker, three marketplaces.
  await page.goto('/');
  const card = page.locator(`[data-testid="product-card"][data-sku="${item.sku}"]`);
  await card.getByRole('button', { name: /^List on/ }).click();
  const picker = page.getByRole('dialog', { name: 'List on...' });
  await expect(picker.getByTestId('picker-etsy')).toContainText('Connected');
  for (const name of ['eBay', 'Etsy', 'Vinted']) await picker.getByRole('checkbox', { name }).check();
  const submit = picker.getByRole('button', { name: 'List 1 item on eBay, Etsy and Vinted' });
  await expect(submit).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, testInfo, 'picker');
  await submit.click();
  const outcome = picker.getByTestId('list-on-outcome');
  await expect(outcome).toContainText('eBay: 1 item being published');
  await expect(outcome).toContainText('Vinted: 1 item ready for you to list');
  // Etsy asks when it was made: refused in its words, with a link to where it is answered.
  await expect(outcome).toContainText('Etsy asks when this item was made');
  await shot(page, testInfo, 'etsy-refused');
  await outcome.getByRole('link', { name: 'Fix it on Generate Listings' }).click();

  // The link opens the item's listing, open, with Etsy's question.
  await expect(page).toHaveURL(/\/listings\?q=/);
  const listing = page.locator(`[data-testid="listing-card"][data-sku="${item.sku}"]`);
  await expect(listing).toHaveAttribute('data-expanded', 'true');
  const questions = listing.getByTestId('etsy-listing-questions');
  await expect(questions).toContainText('Etsy asks when this item was made');
  await questions.getByLabel('When was it made? (for Etsy)').selectOption('1990s');
  await expect(questions.getByText(/^Ready for Etsy/)).toBeVisible();
  await shot(page, testInfo, 'etsy-question');

  // Listed on Etsy now.
  await page.goto('/');
  await card.getByRole('button', { name: /^List on/ }).click();
  await picker.getByRole('checkbox', { name: 'Etsy' }).check();
  await picker.getByRole('button', { name: 'List 1 item on Etsy' }).click();
  await expect(outcome).toContainText('Etsy: 1 item being published');
  await picker.getByRole('button', { name: 'Done' }).click();

  // Live on eBay and Etsy (the fakes hold one listing each); Vinted waits for the seller.
  await expect.poll(() => statusOn(request, item.id, 'ebay'), { timeout: paced(60_000) }).toBe('live');
  await expect.poll(() => statusOn(request, item.id, 'etsy'), { timeout: paced(60_000) }).toBe('live');
  expect(await ebayListings(request, item.sku)).toEqual(['ACTIVE']);
  const onEtsy = await etsyListing(request, item.sku);
  expect(onEtsy.listing).toMatchObject({ state: 'active' });

  // Vinted by hand: the hand-over sheet from the card, the link pasted.
  await card.getByRole('button', { name: 'Ready to list on Vinted' }).click();
  const sheet = page.getByRole('dialog', { name: 'List on Vinted' });
  const vintedUrl = `https://www.vinted.com/items/${tag.toLowerCase()}`;
  await sheet.getByLabel('Listed it? Paste its link on Vinted').fill(vintedUrl);
  await sheet.getByRole('button', { name: 'Save link' }).click();
  await expect(sheet.getByTestId('assisted-badge')).toHaveText('Listed on Vinted');
  await sheet.getByRole('button', { name: 'Close' }).first().click();
  await expect(card.getByTestId('channel-badge-vinted')).toHaveText('Live on Vinted');
  await expect(card.getByTestId('channel-badge-etsy')).toHaveText('Live on Etsy');
  await shot(page, testInfo, 'listed');
  if (phone) await expectPhoneFriendly(page, 'everywhere-listed-phone');

  // It sells on Etsy.
  const sold = await request.post(`${e2eEnv.fakeEtsyURL}/__control/seed-receipt`, {
    data: { sku: onEtsy.listing!.sku, price: 48, shipping: 6.5 },
  });
  expect(sold.ok(), await sold.text()).toBe(true);
  await page.getByRole('button', { name: 'Check for sales' }).click();
  // The pull asks every connected marketplace: under load it can take over the default 10 s. The app's own pull (every
  // 15 s while a listing is live) may find the sale first, and then Check for sales has no new one to tell (CI, phone,
  // once): either way the sale is in, once.
  const newSale = page.getByTestId('toasts').getByText('1 new sale.');
  const salesOf = async () => ((await (await request.get(`/api/items/${item.id}/profit`)).json()) as { sales: unknown[] }).sales.length;
  await expect
    .poll(async () => ((await newSale.isVisible()) ? 'told' : (await salesOf()) === 1 ? 'pulled' : 'not yet'), {
      timeout: paced(30_000),
    })
    .not.toBe('not yet');
  expect(await salesOf()).toBe(1);

  // eBay's listing is withdrawn on the fake; Vinted becomes a delist task on the card, in the panel and the header.
  await expect.poll(() => ebayListings(request, item.sku), { timeout: paced(30_000) }).toEqual(['ENDED']);
  await expect(card.getByTestId('channel-badge-vinted')).toHaveText('Delist from Vinted');
  const task = page.getByTestId('delist-tasks').locator(`[data-testid="delist-task"][data-sku="${item.sku}"]`);
  await expect(task).toContainText('Delist from Vinted');
  await expect(task.getByRole('link', { name: 'Open listing' })).toHaveAttribute('href', vintedUrl);
  await expect(page.getByTestId('delist-badge')).toHaveAttribute('aria-label', '1 to delist');
  await shot(page, testInfo, 'sold-on-etsy');
  if (phone) await expectPhoneFriendly(page, 'everywhere-sold-phone');

  // Ticked: gone from the panel and the header; the Vinted listing ended.
  await task.getByRole('button', { name: /^Delisted/ }).click();
  await expect(task).toBeHidden();
  await expect(page.getByTestId('delist-badge')).toBeHidden({ timeout: paced(15_000) });
  await expect.poll(() => statusOn(request, item.id, 'vinted'), { timeout: paced(15_000) }).toBe('ended');
  expect((await etsyListing(request, item.sku)).contractViolations).toEqual([]);
  await shot(page, testInfo, 'ticked');
});
