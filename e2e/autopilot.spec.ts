/**
 * The autopilot from end to end, desktop and phone: 10 products uploaded with "Publish when ready" on go to the fake eBay
 * by themselves, but for two that wait in the review queue (a Size eBay does not take, a price under the floor);
 * fixed there, they go live. Paused in the middle, reloaded and resumed: each product is live exactly once.
 * The fake AI answers each product as its brand asks (`fake-size:`, `fake-price:`, `fake-delay:` markers), so the
 * two projects never steer one shared fake.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import type { AutopilotRunResponse, AutopilotSettingsBody } from '@shared/contracts/autopilot';
import { autopilotPaths } from '@shared/contracts/autopilot';
import { itemsPaths, type Item, type UploadImagesResponse } from '@shared/contracts/items';
import { e2eEnv } from './support/e2e-env';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { connectFakeEtsy } from './support/etsy-seller';
import { expect, test } from './support/fixtures';
import { cardAction } from './support/card-actions';
import { expectPhoneFriendly } from './support/phone-checks';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

const run = Date.now().toString(36).toUpperCase();
const shot = (page: Page, testInfo: TestInfo, step: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/autopilot-${step}-${testInfo.project.name}.png`, scale: 'css' });

let photo: Buffer;
test.beforeAll(async () => {
  photo = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#2f4a6b' } })
    .jpeg()
    .toBuffer();
});

/** One product as the upload dialog sends it (POST /api/items/upload: the item and its photo in one request). */
async function uploadProduct(request: APIRequestContext, sku: string, brand: string): Promise<Item> {
  const res = await request.post(
    itemsPaths.productUpload({ uploadKey: randomUUID(), sku, category: 'Mens Jeans', condition: 'good', brand, photoTotal: 1 }),
    { multipart: { photos: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: photo } } },
  );
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as UploadImagesResponse).item;
}

interface EbayState {
  offers: { sku: string; status: string; details: { pricingSummary?: { price?: { value?: string } } } }[];
  listings: { sku: string; status: string; publishCount: number }[];
  contractViolations: unknown[];
}

const ebayState = async (request: APIRequestContext) =>
  (await (await request.get(`${e2eEnv.fakeEbayURL}/__control/state`)).json()) as EbayState;

/** What the fake eBay holds for each SKU (its SKUs carry the seller's prefix): listings and published offers. */
async function onEbay(request: APIRequestContext, skus: string[]) {
  const state = await ebayState(request);
  return Object.fromEntries(
    skus.map((sku) => [
      sku,
      {
        listings: state.listings.filter((l) => l.sku.endsWith(sku)).map((l) => `${l.status}x${l.publishCount}`),
        published: state.offers.filter((o) => o.sku.endsWith(sku) && o.status === 'PUBLISHED').length,
      },
    ]),
  );
}

/** Each SKU live once on the fake eBay: one active listing published once, one published offer. */
const liveOnce = { listings: ['ACTIVEx1'], published: 1 };
const notListed = { listings: [], published: 0 };

async function runOf(request: APIRequestContext): Promise<AutopilotRunResponse> {
  const res = await request.get(autopilotPaths.run);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as AutopilotRunResponse;
}

test('10 products on autopilot: 8 go live by themselves, 2 wait for a Quick Fix in the review queue, then go live', async ({
  signedInPage: page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const request = page.request;
  const tag = `${run}-${testInfo.project.name.toUpperCase()}`;
  await connectFakeEbaySeller(request);

  // "Publish when ready" on for new products: eBay, the AI's price, never under $20.
  await page.goto('/');
  const panel = page.getByTestId('autopilot-panel');
  await expect(panel.getByTestId('autopilot-state')).toHaveText('Off');
  await panel.getByRole('button', { name: 'Publish when ready' }).click();
  const sheet = page.getByRole('dialog', { name: 'Publish when ready' });
  // A tap on the switch's words turns it, as on the switch itself.
  await sheet.getByText('Publish every new product when ready', { exact: true }).click();
  await expect(sheet.getByRole('switch', { name: 'Publish every new product when ready' })).toHaveAttribute('aria-checked', 'true');
  await sheet.getByRole('checkbox', { name: 'eBay' }).check();
  await expect(sheet.getByRole('checkbox', { name: 'Etsy' })).toBeDisabled();
  await sheet.getByRole('radio', { name: /The AI's price/ }).check();
  await sheet.getByLabel('Floor price (optional)').fill('20');
  await shot(page, testInfo, 'settings');
  if (phone) await expectPhoneFriendly(page, 'autopilot-settings-phone');
  await sheet.getByRole('button', { name: 'Save' }).click();
  await expect(sheet).toBeHidden();
  await expect(panel.getByTestId('autopilot-state')).toHaveText('On');
  const saved = (await (await request.get(autopilotPaths.settings)).json()) as AutopilotSettingsBody;
  expect(saved).toEqual({
    enabled: true,
    channels: ['ebay'],
    priceBasis: 'ai',
    percent: 0,
    floor: { amountMinor: 2000, currency: 'USD' },
    holdWithoutCost: false,
  });
  // The Marketplaces screen says it too.
  await page.goto('/channels');
  await expect(page.getByTestId('autopilot-settings-row')).toContainText(
    "On: new products publish on eBay by themselves. At the AI's price, else your price list, else the median of comparable listings, never under $20.00.",
  );
  await page.goto('/');

  // Ten products uploaded; the AI reads a Size eBay does not take on one, and prices another under the floor.
  const skus = Array.from({ length: 10 }, (_, i) => `AP-${tag}-${String(i + 1).padStart(2, '0')}`);
  const [hugeSku, cheapSku] = [skus[3]!, skus[7]!];
  const brandOf = (sku: string) => (sku === hugeSku ? "Levi's fake-size:Huge" : sku === cheapSku ? "Levi's fake-price:9.50" : "Levi's");
  for (const sku of skus) await uploadProduct(request, sku, brandOf(sku));

  // Eight live by themselves, two waiting for the seller, each saying why.
  const counts = panel.getByTestId('autopilot-counts');
  await expect(counts).toHaveText(/8 live, 2 waiting for you$/, { timeout: paced(45_000) });
  const review = panel.getByTestId('autopilot-review');
  const huge = review.locator(`[data-testid="autopilot-review-item"][data-sku="${hugeSku}"]`);
  const cheap = review.locator(`[data-testid="autopilot-review-item"][data-sku="${cheapSku}"]`);
  await expect(huge.getByTestId('autopilot-reasons')).toContainText(
    `Size "Huge" is not one of eBay's sizes for this category: choose one of 28, 29, 30`,
  );
  await expect(cheap.getByTestId('autopilot-reasons')).toContainText('$9.50 is under your floor price of $20.00.');
  expect(await onEbay(request, skus)).toEqual(
    Object.fromEntries(skus.map((sku) => [sku, sku === hugeSku || sku === cheapSku ? notListed : liveOnce])),
  );
  // Its card says it waits for the seller, not Ready (found by its SKU, as a seller finds it).
  const search = page.getByRole('searchbox', { name: 'Search products' });
  await search.fill(cheapSku);
  const heldCard = page.locator(`[data-testid="product-card"][data-sku="${cheapSku}"]`);
  await expect(heldCard.getByTestId('badge-autopilot-waiting')).toHaveText('Waiting for you · 1 to answer');
  await expect(heldCard.getByTestId('badge-ready')).toHaveCount(0);
  await heldCard.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'card-waiting');
  await search.fill('');
  await review.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'review');
  if (phone) await expectPhoneFriendly(page, 'autopilot-review-phone');

  // The Quick Fixes: a Size eBay takes; the seller's own price.
  await huge.getByLabel('Size', { exact: true }).selectOption('32x30');
  await huge.getByRole('button', { name: /^Save and go on/ }).click();
  // The price by keyboard alone: typed, Tab to the button it names, Enter.
  await cheap.getByLabel('Publish at').fill('24.50');
  await page.keyboard.press('Tab');
  await expect(cheap.getByRole('button', { name: /^Publish at \$24\.50/ })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(counts).toHaveText('Autopilot finished: 10 live', { timeout: paced(45_000) });
  await expect(review).toBeHidden();
  await expect
    .poll(() => onEbay(request, skus), { timeout: paced(30_000) })
    .toEqual(Object.fromEntries(skus.map((sku) => [sku, liveOnce])));
  const state = await ebayState(request);
  expect(state.offers.find((o) => o.sku.endsWith(cheapSku))?.details.pricingSummary?.price?.value).toBe('24.50');
  expect(state.contractViolations).toEqual([]);
  await shot(page, testInfo, 'finished');
  if (phone) await expectPhoneFriendly(page, 'autopilot-finished-phone');
});

test('a seller in Britain types the floor in pounds, and it is kept in pounds', async ({ signedInPage: page }, testInfo) => {
  const request = page.request;
  await connectFakeEbaySeller(request);
  expect((await request.put('/api/seller-region', { data: { country: 'GB' } })).ok()).toBe(true);
  await page.goto('/');
  const panel = page.getByTestId('autopilot-panel');
  await expect(panel.getByTestId('autopilot-state')).toHaveText('Off');
  await panel.getByRole('button', { name: 'Publish when ready' }).click();
  const sheet = page.getByRole('dialog', { name: 'Publish when ready' });
  await sheet.getByRole('checkbox', { name: 'eBay' }).check();
  const floor = sheet.getByLabel('Floor price (optional)');
  await expect(floor.locator('xpath=..')).toContainText('£');
  await floor.fill('20');
  await shot(page, testInfo, 'floor-in-pounds');
  await sheet.getByRole('button', { name: 'Save' }).click();
  await expect(sheet).toBeHidden();
  const saved = (await (await request.get(autopilotPaths.settings)).json()) as AutopilotSettingsBody;
  expect(saved.floor).toEqual({ amountMinor: 2000, currency: 'GBP' });
  // The server takes no floor in another currency than the seller's.
  const dollars = await request.put(autopilotPaths.settings, { data: { ...saved, floor: { amountMinor: 2000, currency: 'USD' } } });
  expect(dollars.status()).toBe(400);
});

test('paused in the middle, reloaded and resumed: every product is live exactly once', async ({ signedInPage: page }, testInfo) => {
  const request = page.request;
  const tag = `${run}-P${testInfo.project.name.toUpperCase()}`;
  await connectFakeEbaySeller(request);
  const settings = await request.put(autopilotPaths.settings, {
    data: { enabled: true, channels: ['ebay'], priceBasis: 'ai', percent: 0, floor: null } satisfies AutopilotSettingsBody,
  });
  expect(settings.ok(), await settings.text()).toBe(true);

  // Ten products; the AI takes 8 s over six of them, so they are still on their way when the seller pauses.
  await page.goto('/');
  const panel = page.getByTestId('autopilot-panel');
  const skus = Array.from({ length: 10 }, (_, i) => `APP-${tag}-${String(i + 1).padStart(2, '0')}`);
  const slow = new Set(skus.slice(4));
  const items: Item[] = [];
  for (const sku of skus) items.push(await uploadProduct(request, sku, slow.has(sku) ? "Levi's fake-delay:8000" : "Levi's"));
  await panel.getByRole('button', { name: 'Pause' }).click();
  await expect(panel.getByTestId('autopilot-state')).toHaveText('Paused');
  await expect(panel.getByTestId('autopilot-moving')).toHaveText(/^Paused: .* until you resume\.$/);
  await shot(page, testInfo, 'paused');

  // While paused, the listings already being written finish (a product not yet handed to the writer waits), and
  // nothing more is published.
  const generation = async () =>
    Promise.all(items.map(async ({ id }) => ((await (await request.get(`/api/items/${id}`)).json()) as Item).aiGenerationStatus));
  await expect.poll(async () => (await generation()).includes('generating'), { timeout: paced(60_000) }).toBe(false);
  expect(await generation()).toContain('completed');
  const atPause = await runOf(request);
  expect(atPause.state).toBe('paused');
  expect(atPause.run?.counts.live).toBeLessThan(10);
  const listedAtPause = Object.values(await onEbay(request, skus)).filter((sku) => sku.published > 0).length;
  expect(listedAtPause).toBeLessThan(10);

  // Reloaded: still paused, as the server keeps it; resumed from the page.
  await page.reload();
  await expect(panel.getByTestId('autopilot-state')).toHaveText('Paused');
  expect(Object.values(await onEbay(request, skus)).filter((sku) => sku.published > 0).length).toBe(listedAtPause);
  await panel.getByRole('button', { name: 'Resume' }).click();
  await expect(panel.getByTestId('autopilot-counts')).toHaveText('Autopilot finished: 10 live', { timeout: paced(45_000) });
  await expect
    .poll(() => onEbay(request, skus), { timeout: paced(30_000) })
    .toEqual(Object.fromEntries(skus.map((sku) => [sku, liveOnce])));
  expect((await ebayState(request)).contractViolations).toEqual([]);
  await shot(page, testInfo, 'resumed');
});

test('chosen products from the select bar, then one from its card: Publish when ready puts them on autopilot, and they go live', async ({
  signedInPage: page,
}, testInfo) => {
  const request = page.request;
  const tag = `${run}-S${testInfo.project.name.toUpperCase()}`;
  await connectFakeEbaySeller(request);
  // The default stays off: these products wait until the seller chooses them.
  const skus = [1, 2, 3].map((n) => `APS-${tag}-${n}`);
  for (const sku of skus) await uploadProduct(request, sku, "Levi's");
  await page.goto('/');
  const panel = page.getByTestId('autopilot-panel');
  await expect(panel.getByTestId('autopilot-state')).toHaveText('Off');

  await page.getByRole('button', { name: 'Select', exact: true }).click();
  for (const sku of skus.slice(0, 2)) await page.getByRole('checkbox', { name: `Select ${sku}` }).check();
  await page.getByTestId('select-bar').getByRole('button', { name: 'Publish when ready' }).click();
  const sheet = page.getByRole('dialog', { name: 'Publish when ready' });
  await expect(sheet.getByText('2 products selected')).toBeVisible();
  await sheet.getByRole('checkbox', { name: 'eBay' }).check();
  await shot(page, testInfo, 'batch');
  await sheet.getByRole('button', { name: 'Publish 2 products when ready' }).click();
  await expect(sheet.getByTestId('autopilot-batch-outcome')).toContainText('2 products on autopilot');
  await sheet.getByRole('button', { name: 'Done' }).click();

  await expect(panel.getByTestId('autopilot-counts')).toHaveText('Autopilot finished: 2 live', { timeout: paced(45_000) });
  // Finished: neither Pause nor Stop, but the way to a next run; a Stop sent anyway is refused, with why.
  await expect(panel.getByTestId('autopilot-state')).toHaveText('Finished');
  await expect(panel.getByRole('button', { name: 'Pause' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Start again' })).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'finished');
  const lateStop = await request.post('/api/autopilot/control', { data: { action: 'stop' } });
  expect(lateStop.status()).toBe(409);
  expect((await lateStop.json()).error.message).toMatch(/^The autopilot has finished: nothing is left to stop\./);
  expect(await onEbay(request, skus)).toEqual({ [skus[0]!]: liveOnce, [skus[1]!]: liveOnce, [skus[2]!]: notListed });

  // The third from its card's own button: it joins the same run (the last product joined minutes ago, not ten).
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  await (await cardAction(page, skus[2]!, `Publish when ready: ${skus[2]}`)).click();
  await expect(sheet.getByText('1 product selected')).toBeVisible();
  await sheet.getByRole('button', { name: 'Publish 1 product when ready' }).click();
  await expect(sheet.getByTestId('autopilot-batch-outcome')).toContainText('1 product on autopilot');
  await sheet.getByRole('button', { name: 'Done' }).click();
  await expect(panel.getByTestId('autopilot-counts')).toHaveText('Autopilot finished: 3 live', { timeout: paced(45_000) });
  await expect
    .poll(() => onEbay(request, skus), { timeout: paced(30_000) })
    .toEqual(Object.fromEntries(skus.map((sku) => [sku, liveOnce])));
});

test('stopped after a question: the products not yet published stay drafts, and the default is off', async ({
  signedInPage: page,
}, testInfo) => {
  const request = page.request;
  const tag = `${run}-T${testInfo.project.name.toUpperCase()}`;
  await connectFakeEbaySeller(request);
  const settings = await request.put(autopilotPaths.settings, {
    data: { enabled: true, channels: ['ebay'], priceBasis: 'ai', percent: 0, floor: null } satisfies AutopilotSettingsBody,
  });
  expect(settings.ok(), await settings.text()).toBe(true);

  // Three products the AI takes 15 s over, uploaded together: none is published when the seller stops (on a loaded
  // machine three uploads one after another took 15 s, and the first was live before the stop).
  await page.goto('/');
  const panel = page.getByTestId('autopilot-panel');
  const skus = [1, 2, 3].map((n) => `APT-${tag}-${n}`);
  const items: Item[] = await Promise.all(skus.map((sku) => uploadProduct(request, sku, "Levi's fake-delay:15000")));
  await panel.getByRole('button', { name: 'Stop' }).click();
  const question = page.getByRole('alertdialog', { name: 'Stop autopilot?' });
  await expect(question).toContainText('3 products not yet published stay as drafts, and new products wait for you.');
  await shot(page, testInfo, 'stop');
  await question.getByRole('button', { name: 'Stop autopilot' }).click();
  await expect(page.getByTestId('toasts')).toContainText('Autopilot stopped. New products wait for you.');
  expect(((await (await request.get(autopilotPaths.settings)).json()) as AutopilotSettingsBody).enabled).toBe(false);

  // The listings being written are written; nothing goes to eBay.
  await expect
    .poll(
      async () =>
        Promise.all(items.map(async ({ id }) => ((await (await request.get(`/api/items/${id}`)).json()) as Item).aiGenerationStatus)),
      { timeout: paced(60_000) },
    )
    .not.toContain('generating');
  await page.reload();
  await expect(panel.getByTestId('autopilot-state')).toHaveText('Off');
  await expect(panel.getByRole('button', { name: 'Pause' })).toBeHidden();
  expect(await onEbay(request, skus)).toEqual(Object.fromEntries(skus.map((sku) => [sku, notListed])));
  await shot(page, testInfo, 'stopped');
});

test('a product Etsy will not take (not vintage) waits off every marketplace until the seller leaves Etsy out: then live on eBay', async ({
  signedInPage: page,
}, testInfo) => {
  const request = page.request;
  const tag = `${run}-${testInfo.project.name.toUpperCase()}`;
  await connectFakeEbaySeller(request);
  await connectFakeEtsy(request);
  const settings = await request.put(autopilotPaths.settings, {
    data: { enabled: true, channels: ['ebay', 'etsy'], priceBasis: 'ai', percent: 0, floor: null, holdWithoutCost: false },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  const sku = `APE-${tag}`;
  await uploadProduct(request, sku, "Levi's");

  // Etsy asks when it was made; made this decade, it is no vintage piece: Etsy cannot take it, and nothing goes out.
  await page.goto('/');
  const item = page.locator(`[data-testid="autopilot-review-item"][data-sku="${sku}"]`);
  await item.getByLabel('When was it made?').selectOption({ label: '2020 to 2026' }, { timeout: paced(45_000) });
  await item.getByRole('button', { name: /^Save and go on/ }).tap();
  await expect(item.getByTestId('autopilot-reasons')).toContainText('Etsy takes second-hand items only when they are vintage', {
    timeout: paced(30_000),
  });
  expect(await onEbay(request, [sku])).toEqual({ [sku]: notListed });
  await shot(page, testInfo, 'leave-out-etsy');

  await item.getByRole('button', { name: /^Leave out Etsy/ }).tap();
  await expect(item).toBeHidden({ timeout: paced(30_000) });
  await expect.poll(async () => onEbay(request, [sku]), { timeout: paced(30_000) }).toEqual({ [sku]: liveOnce });
});

test('a product waiting for the Etsy shop setup: set up on Marketplaces, the queue no longer asks it, and it goes live on both', async ({
  signedInPage: page,
}, testInfo) => {
  const request = page.request;
  const tag = `${run}-${testInfo.project.name.toUpperCase()}`;
  await connectFakeEbaySeller(request);
  await connectFakeEtsy(request, { setUp: false });
  const settings = await request.put(autopilotPaths.settings, {
    data: { enabled: true, channels: ['ebay', 'etsy'], priceBasis: 'ai', percent: 0, floor: null, holdWithoutCost: false },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  const sku = `APS-${tag}`;
  await uploadProduct(request, sku, "Levi's");

  await page.goto('/');
  const item = page.locator(`[data-testid="autopilot-review-item"][data-sku="${sku}"]`);
  const reasons = item.getByTestId('autopilot-reasons');
  await expect(reasons).toContainText('Your Etsy shop has no shipping profile: set it up on the Marketplaces screen.', {
    timeout: paced(45_000),
  });
  await shot(page, testInfo, 'etsy-setup-asked');

  // The seller does as it says, on the Marketplaces screen.
  await page.goto('/channels');
  await page.getByLabel('Ship-from postal code').fill('95125');
  await page.getByLabel('Shipping price ($)').fill('5');
  await page.getByRole('button', { name: 'Save shop setup' }).tap();
  await expect(page.getByText('Resale Studio shipping')).toBeVisible();

  // Back on the dashboard the queue asks only what is left: when it was made.
  await page.goto('/');
  await expect(reasons.getByRole('listitem')).toHaveText(
    ['Etsy asks when this item was made: answer it for Etsy (vintage means 20 years or older).'],
    { timeout: paced(30_000) },
  );
  await shot(page, testInfo, 'etsy-setup-done');
  await item.getByLabel('When was it made?').selectOption({ label: '1990s' });
  await item.getByRole('button', { name: /^Save and go on/ }).tap();
  await expect(item).toBeHidden({ timeout: paced(30_000) });
  await expect.poll(async () => onEbay(request, [sku]), { timeout: paced(30_000) }).toEqual({ [sku]: liveOnce });
  await expect
    .poll(async () => {
      const state = (await (await request.get(`${e2eEnv.fakeEtsyURL}/__control/state`)).json()) as {
        listings: { state: string; sku: string | null }[];
      };
      return state.listings.filter((listing) => listing.sku?.endsWith(sku)).map((listing) => listing.state);
    })
    .toEqual(['active']);
});
