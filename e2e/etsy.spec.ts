import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { etsyShopSetupMessages } from '@shared/contracts/etsy';
import type { Item } from '@shared/contracts/items';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { controlledByServiceWorker, withServiceWorker } from './support/service-worker';
import { seedWrittenListing } from './support/listed-items';
import { expectPhoneFriendly } from './support/phone-checks';
import { seriousViolations } from './support/axe';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

// The path sellers run: with the app's service worker answering the app.
test.use(withServiceWorker);

let jpeg: Buffer;
test.beforeAll(async () => {
  jpeg = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#a34a1f' } })
    .jpeg()
    .toBuffer();
});

const shots = (name: string, page: Page, project: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/etsy-${name}-${project}.png`, fullPage: true });

interface FakeEtsyState {
  listings: { listing_id: number; state: string; sku: string | null; images: number; when_made: string }[];
  contractViolations: unknown[];
}
async function fakeEtsy(page: Page): Promise<FakeEtsyState> {
  const res = await page.request.get(`${e2eEnv.fakeEtsyURL}/__control/state`);
  return (await res.json()) as FakeEtsyState;
}

test.describe('Etsy', () => {
  test('connect on the fake Etsy, set up the shop, answer when it was made, publish one item and see it live', async ({
    signedInPage: page,
  }, testInfo) => {
    const project = testInfo.project.name;
    await page.goto('/channels');
    await controlledByServiceWorker(page);
    const section = page.getByRole('region', { name: 'Etsy' });
    await expect(section.getByTestId('etsy-status')).toHaveText('Not connected.');
    await shots('not-connected', page, project);
    expect(await seriousViolations(page), 'not connected').toEqual([]);

    // Etsy's consent page (the fake's), then back to the Marketplaces screen, which exchanges the code.
    await section.getByRole('button', { name: 'Connect Etsy' }).click();
    await expect(page.getByRole('heading', { name: /Allow Resale Studio to access your Etsy shop/ })).toBeVisible();
    await page.getByRole('button', { name: 'Allow access' }).click();
    await expect(section.getByTestId('etsy-status')).toHaveText(/^Connected: FakeVintageShop\d*\.$/);
    await expect(page).toHaveURL(/\/channels$/);
    await expect(section.getByText('Etsy shop connected.')).toBeVisible();

    // The shop has no shipping profile, processing time or return policy yet: the form creates them.
    const form = section.getByRole('form', { name: 'Set up your Etsy shop' });
    await expect(form).toBeVisible();
    await form.getByLabel('Shipping price ($)').fill('6.50');
    await form.getByRole('button', { name: 'Save shop setup' }).click();
    await expect(form.getByText('Enter the postal code you ship from.')).toBeVisible();
    await form.getByLabel('Ship-from postal code').fill('95125');
    // Money, not a float: a finer amount than the shop's currency has is refused in words, never rounded.
    await form.getByLabel('Shipping price ($)').fill('12.345');
    await form.getByRole('button', { name: 'Save shop setup' }).click();
    await expect(form.getByText('An amount can have at most 2 decimals')).toBeVisible();
    await saveScreen(form, { path: `e2e/.artifacts/screens/etsy-shipping-price-${project}.png` });
    await form.getByLabel('Shipping price ($)').fill('6.50');
    // Fewest days above most days: refused in words, not quietly changed.
    await form.getByLabel('Ships within (fewest days)').selectOption('5');
    await form.getByLabel('Ships within (most days)').selectOption('3');
    await form.getByRole('button', { name: 'Save shop setup' }).click();
    await expect(form.getByText(etsyShopSetupMessages.processingDays)).toBeVisible();
    await shots('shop-setup-days', page, project);
    await form.getByLabel('Ships within (fewest days)').selectOption('1');
    await form.getByLabel('Ships within (most days)').selectOption('5');
    // Etsy asks every shipping profile for its delivery days: the same check of fewest and most.
    await form.getByLabel('Delivery takes (fewest days)').selectOption('7');
    await form.getByLabel('Delivery takes (most days)').selectOption('3');
    await form.getByRole('button', { name: 'Save shop setup' }).click();
    await expect(form.getByText(etsyShopSetupMessages.deliveryDays)).toBeVisible();
    await form.getByLabel('Delivery takes (fewest days)').selectOption('3');
    await form.getByLabel('Delivery takes (most days)').selectOption('7');
    await form.getByLabel('Days to return').selectOption('14');
    await shots('shop-setup', page, project);
    if (project === 'phone') await expectPhoneFriendly(page, 'Etsy shop setup');
    await form.getByRole('button', { name: 'Save shop setup' }).click();
    await expect(form).toBeHidden();
    await expect(section.getByText('Resale Studio shipping')).toBeVisible();
    await expect(section.getByText('Returns within 14 days')).toBeVisible();
    await expect(section.getByText('1-5 days')).toBeVisible();
    // The delivery days reached Etsy (only this spec asks for 3 to 7; the API's setups take the form's 2 to 5).
    const { shippingProfiles } = (await fakeEtsy(page)) as unknown as {
      shippingProfiles: { min_delivery_days: number; max_delivery_days: number; primary_cost: number }[];
    };
    expect(shippingProfiles).toContainEqual(expect.objectContaining({ min_delivery_days: 3, max_delivery_days: 7, primary_cost: 6.5 }));
    await shots('connected', page, project);
    expect(await seriousViolations(page), 'connected').toEqual([]);

    // An item the fake AI has written: Etsy asks when it was made before it can go.
    const item = await seedWrittenListing(page.request, jpeg, `ETSY-${project.toUpperCase()}-${Date.now().toString(36)}`);
    const preflight = async () => (await page.request.get(`/api/items/${item.id}/listings/etsy/preflight`)).json();
    expect((await preflight()).problems.map((p: { message: string }) => p.message)).toEqual([
      'Etsy asks when this item was made: answer it for Etsy (vintage means 20 years or older).',
    ]);
    const refused = await page.request.post('/api/etsy/publish', { data: { itemIds: [item.id] } });
    expect(await refused.json()).toMatchObject({ queued: [], refused: [{ itemId: item.id }] });
    expect((await page.request.put(`/api/items/${item.id}/listings/etsy/answers`, { data: { whenMade: '1990s' } })).ok()).toBe(true);
    expect(await preflight()).toMatchObject({ checked: true, problems: [], taxonomy: { name: 'Jeans' } });

    // Published through Etsy's Marketplace (requestPublish): the job takes it live on the fake.
    const queued = await page.request.post('/api/etsy/publish', { data: { itemIds: [item.id] } });
    expect(await queued.json()).toMatchObject({ queued: [item.id], refused: [] });
    let listed: Item['listings'][number] | undefined;
    await expect
      .poll(
        async () => {
          const current = (await (await page.request.get(`/api/items/${item.id}`)).json()) as Item;
          listed = current.listings.find((l) => l.channel === 'etsy');
          return listed?.status;
        },
        { timeout: paced(30_000) },
      )
      .toBe('live');
    const onEtsy = (await fakeEtsy(page)).listings.find((l) => l.sku === item.sku);
    expect(onEtsy).toMatchObject({ state: 'active', images: 1, when_made: '1990s' });
    await page.goto(listed!.url!);
    await expect(page.getByText('Listed on Etsy')).toBeVisible();
    await shots('live-on-fake', page, project);

    // Disconnect, confirmed first.
    await page.goto('/channels');
    await section.getByRole('button', { name: 'Disconnect Etsy' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Disconnect Etsy?' });
    await expect(dialog).toBeVisible();
    // The item is live there: disconnecting would leave it where the app cannot see it sell, so it is ended first.
    await expect(dialog).toContainText('1 listing is still up on Etsy.');
    await shots('disconnect', page, project);
    await dialog.getByRole('button', { name: 'End 1 listing and disconnect' }).click();
    // Said in a toast, in the channel's words, as every channel's disconnect is (decision 094).
    await expect(page.getByTestId('toasts').getByText('Etsy shop disconnected.')).toBeVisible({ timeout: paced(20_000) });
    await expect(section.getByTestId('etsy-status')).toHaveText('Not connected.');
    expect((await fakeEtsy(page)).listings.find((l) => l.sku === item.sku)).toMatchObject({ state: 'inactive' });
    expect((await fakeEtsy(page)).contractViolations).toEqual([]);
  });

  test('Etsy denied on its consent page: nothing is connected, in words', async ({ signedInPage: page }) => {
    await page.goto('/channels');
    await controlledByServiceWorker(page);
    const section = page.getByRole('region', { name: 'Etsy' });
    await section.getByRole('button', { name: 'Connect Etsy' }).click();
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(section.getByText('Etsy did not grant access, so nothing was connected.')).toBeVisible();
    await expect(section.getByTestId('etsy-status')).toHaveText('Not connected.');
  });
});
