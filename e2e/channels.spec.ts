import { ebayPublishStateOf } from '@shared/contracts/ebay-listing';
/**
 * Every channel at once: two items picked in bulk on the dashboard and listed on eBay (the fake) and Vinted
 * (assisted); eBay goes live and the cards show both channels; the marketplace filter; a sale pulled on eBay turns
 * the Vinted listing into a delist task (card, panel, header badge, a browser notification); ticked, it is gone.
 * Desktop and phone.
 */
import sharp from 'sharp';
import { assistedPaths } from '@shared/contracts/assisted';
import { channelsPaths } from '@shared/contracts/channels';
import type { Item } from '@shared/contracts/items';
import type { Page, TestInfo } from '@playwright/test';
import { e2eEnv } from './support/e2e-env';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { expect, readOutbox, test } from './support/fixtures';
import { cardAction } from './support/card-actions';
import { seedWrittenListing } from './support/listed-items';
import { expectPhoneFriendly } from './support/phone-checks';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

const run = Date.now().toString(36).toUpperCase();
let serial = 0;

const shot = (page: Page, testInfo: TestInfo, step: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/channels-${step}-${testInfo.project.name}.png`, scale: 'css' });

/** Every browser Notification the page makes, kept for the test; the permission asked is granted. */
async function stubNotifications(page: Page) {
  await page.addInitScript(() => {
    const made: { title: string; body: string }[] = [];
    (window as unknown as { __notifications: typeof made }).__notifications = made;
    class FakeNotification {
      // The browser remembers the seller's answer across reloads: so does the stub.
      static get permission(): NotificationPermission {
        return localStorage.getItem('fake-notification-permission') === 'granted' ? 'granted' : 'default';
      }
      static async requestPermission() {
        localStorage.setItem('fake-notification-permission', 'granted');
        return 'granted' as const;
      }
      onclick: (() => void) | null = null;
      constructor(title: string, options: { body?: string } = {}) {
        made.push({ title, body: options.body ?? '' });
      }
      close() {}
    }
    Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true, writable: true });
  });
}

test('list in bulk on eBay and Vinted, filter by marketplace, a sale on eBay leaves a Vinted delist task, ticked', async ({
  signedInPage: page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const request = page.request;
  const tag = `${run}-${testInfo.project.name.toUpperCase()}-${++serial}`;
  const ebayUserId = (await connectFakeEbaySeller(request))!;
  const photo = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#35603a' } })
    .jpeg()
    .toBuffer();
  const sold = await seedWrittenListing(request, photo, `CH-A-${tag}`);
  const kept = await seedWrittenListing(request, photo, `CH-B-${tag}`);
  await stubNotifications(page);

  await page.goto('/');
  const soldCard = page.locator(`[data-testid="product-card"][data-sku="${sold.sku}"]`);
  const keptCard = page.locator(`[data-testid="product-card"][data-sku="${kept.sku}"]`);
  await expect(soldCard).toBeVisible();

  // Browser notifications for delist tasks, asked before any task (remembered on the server).
  await page.getByRole('button', { name: 'Notify me on this device' }).click();
  await expect(page.getByTestId('delist-notify-prompt')).toBeHidden();
  expect(await (await request.get(channelsPaths.notifications)).json()).toEqual({ browserNotifications: true });

  // Both in bulk: Select, the two cards, List on..., eBay and Vinted.
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await soldCard.getByRole('checkbox').check();
  await keptCard.getByRole('checkbox').check();
  await page.getByTestId('select-bar').getByRole('button', { name: 'List on...' }).click();
  const picker = page.getByRole('dialog', { name: 'List on...' });
  await expect(picker.getByTestId('picker-ebay')).toContainText('Connected');
  await expect(picker.getByTestId('picker-vinted')).toContainText('You list it yourself');
  await picker.getByRole('checkbox', { name: 'Vinted' }).check();
  await picker.getByRole('checkbox', { name: 'eBay' }).check();
  const submit = picker.getByRole('button', { name: 'List 2 items on eBay and Vinted' });
  await expect(submit).toBeVisible();
  await shot(page, testInfo, 'picker');
  if (phone) await expectPhoneFriendly(page, `channels-picker-phone`);
  await submit.click();
  const outcome = picker.getByTestId('list-on-outcome');
  await expect(outcome).toContainText('eBay: 2 items being published');
  await expect(outcome).toContainText('Vinted: 2 items ready for you to list');
  await shot(page, testInfo, 'picker-outcome');
  await picker.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Done' }).click(); // leaves select mode

  // eBay goes live on the fake; each card shows eBay's badge and Vinted's "Ready to list".
  for (const item of [sold, kept]) {
    await expect
      .poll(async () => ebayPublishStateOf((await (await request.get(`/api/items/${item.id}`)).json()) as Item)?.status, {
        timeout: paced(60_000),
      })
      .toBe('published');
  }
  await expect(soldCard.getByTestId('badge-published')).toBeVisible({ timeout: paced(15_000) });
  await expect(soldCard.getByTestId('channel-badge-vinted')).toHaveText('Ready to list on Vinted');
  // It opens the assisted hand-over sheet (assisted.spec.ts tests the sheet itself).
  await keptCard.getByRole('button', { name: 'Ready to list on Vinted' }).click();
  const handover = page.getByRole('dialog', { name: 'List on Vinted' });
  await expect(handover).toBeVisible();
  await shot(page, testInfo, 'handover');
  await handover.getByRole('button', { name: 'Close' }).first().click();
  await expect(handover).toBeHidden();

  // The seller lists the first on Vinted (the hand-over sheet's "Listed", assisted.spec.ts's; here through its route).
  const vintedUrl = `https://www.vinted.com/items/${tag.toLowerCase()}`;
  const listed = await request.post(assistedPaths.listed(sold.id, 'vinted'), { data: { url: vintedUrl } });
  expect(listed.status(), await listed.text()).toBe(200);
  await page.reload();
  await expect(soldCard.getByTestId('channel-badge-vinted')).toHaveText('Live on Vinted');
  await expect(soldCard.getByTestId('channel-badge-vinted')).toHaveAttribute('href', vintedUrl);
  await shot(page, testInfo, 'cards');
  if (phone) await expectPhoneFriendly(page, `channels-cards-phone`);

  // Listed on Vinted: only the first (the second is only prepared there); on eBay: both.
  const marketplace = page.getByRole('combobox', { name: 'Marketplace' });
  await marketplace.selectOption('vinted');
  await expect(soldCard).toBeVisible();
  await expect(keptCard).toHaveCount(0);
  await shot(page, testInfo, 'filter');
  await marketplace.selectOption('ebay');
  await expect(keptCard).toBeVisible();
  await expect(soldCard).toBeVisible();
  await marketplace.selectOption('');

  // It sells on eBay: checked, its Vinted listing becomes a delist task on the card, in the panel and in the header.
  const { skuPrefix } = await (await request.get('/api/ebay/connection')).json();
  const sale = await request.post(`${e2eEnv.fakeEbayURL}/__control/sell`, {
    data: { sku: `${skuPrefix}${sold.sku}`, sellerUserId: ebayUserId, price: '45.00', shipping: '6.50' },
  });
  expect(sale.ok(), await sale.text()).toBe(true);
  await page.getByRole('button', { name: 'Check for sales' }).click();
  // The pull asks every connected marketplace: under load it can take over the default 10 s.
  await expect(page.getByTestId('toasts').getByText('1 new sale.')).toBeVisible({ timeout: paced(30_000) });
  await expect(soldCard.getByTestId('channel-badge-vinted')).toHaveText('Delist from Vinted');
  await expect(soldCard.getByTestId('channel-badge-vinted')).toHaveAttribute('href', vintedUrl);
  await expect(keptCard.getByTestId('channel-badge-vinted')).toHaveText('Ready to list on Vinted');
  const panel = page.getByTestId('delist-tasks');
  const task = panel.locator(`[data-testid="delist-task"][data-sku="${sold.sku}"]`);
  await expect(task).toContainText('Delist from Vinted');
  await expect(task.getByRole('link', { name: 'Open listing' })).toHaveAttribute('href', vintedUrl);
  await expect(page.getByTestId('delist-badge')).toHaveAttribute('aria-label', '1 to delist');
  await expect(page.getByTestId('delist-badge')).toContainText(phone ? '1' : '1 to delist');
  // The browser notification (the seller allowed it): no e-mail then.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __notifications: { title: string; body: string }[] }).__notifications))
    .toEqual([{ title: 'Sold: take 1 listing down', body: expect.stringContaining(`Delist from Vinted: ${sold.sku}`) }]);
  await soldCard.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'card-delist');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, testInfo, 'delist-task');
  if (phone) await expectPhoneFriendly(page, `channels-delist-phone`);

  // Ticked, then undone: still there; ticked again and left: gone, the listing ended on Vinted.
  await task.getByRole('button', { name: /^Delisted/ }).click();
  await expect(task).toBeHidden();
  await page.getByTestId('toasts').getByRole('button', { name: 'Undo' }).click();
  await expect(task).toBeVisible();
  await task.getByRole('button', { name: /^Delisted/ }).click();
  await expect(task).toBeHidden();
  await expect(page.getByTestId('delist-badge')).toBeHidden({ timeout: paced(15_000) });
  await expect(soldCard.getByTestId('channel-badge-vinted')).toHaveText('Ended on Vinted', { timeout: paced(15_000) });
  await expect(page.getByTestId('delist-tasks')).toBeHidden();
  expect((await (await request.get(channelsPaths.delistTasks)).json()).tasks).toEqual([]);
  await shot(page, testInfo, 'ticked');
});

test('"Sold on Vinted" by hand: the sale is recorded, the Poshmark listing becomes a delist task, e-mailed without notifications', async ({
  signedInPage: page,
  user,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const request = page.request;
  const tag = `${run}-${testInfo.project.name.toUpperCase()}-${++serial}`;
  const photo = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#603a35' } })
    .jpeg()
    .toBuffer();
  const item = await seedWrittenListing(request, photo, `CH-HAND-${tag}`);
  const poshmarkUrl = `https://poshmark.com/listing/${tag.toLowerCase()}`;
  for (const [channel, url] of [
    ['vinted', `https://www.vinted.com/items/${tag.toLowerCase()}`],
    ['poshmark', poshmarkUrl],
  ] as const) {
    const listed = await request.post(assistedPaths.listed(item.id, channel), { data: { url } });
    expect(listed.status(), await listed.text()).toBe(200);
  }

  await page.goto('/');
  const card = page.locator(`[data-testid="product-card"][data-sku="${item.sku}"]`);
  await expect(card.getByTestId('channel-badge-poshmark')).toHaveText('Live on Poshmark');
  await (await cardAction(page, item.sku, `Sold on Vinted: ${item.sku}`)).click();
  const dialog = page.getByRole('dialog', { name: 'Record a sale' });
  await dialog.getByLabel('Price the buyer paid').fill('38.5');
  await dialog.getByLabel('Shipping the buyer paid').fill('5');
  // The fees are asked for, never assumed.
  await dialog.getByRole('button', { name: 'Record sale on Vinted' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Type the price and the fees');
  await dialog.getByLabel('Fees the marketplace took').fill('3.85');
  await shot(page, testInfo, 'record-sale');
  if (phone) await expectPhoneFriendly(page, `channels-record-sale-phone`);
  await dialog.getByRole('button', { name: 'Record sale on Vinted' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('channel-badge-vinted')).toHaveText('Sold on Vinted');
  await expect(card.getByTestId('channel-badge-poshmark')).toHaveText('Delist from Poshmark');
  await expect(page.getByTestId('delist-tasks').locator(`[data-sku="${item.sku}"]`)).toContainText('Delist from Poshmark');
  await card.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'sold-by-hand');

  // No browser notifications chosen: the task came by e-mail, with the listing's link.
  const mail = await readOutbox(user.email);
  expect(mail.subject).toBe('Sold: 1 listing to take down');
  expect(mail.text).toContain(`Delist from Poshmark: ${item.sku}`);
  expect(mail.links).toContain(poshmarkUrl);
});
