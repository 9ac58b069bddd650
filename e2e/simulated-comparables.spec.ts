/**
 * On the default install (the basic server: no keys, the simulated eBay in-process) comparables come
 * from the simulated eBay's own listings, so a price rule by comparables works in a trial; every screen that shows
 * them says "Simulated comparables", and their links open the simulation's pages, never eBay's.
 */
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import type { Item } from '@shared/contracts/items';
import { connectFakeEbaySeller } from './support/ebay-seller';
import { e2eEnv } from './support/e2e-env';
import { expect, test, uniqueEmail } from './support/fixtures';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => isMobile, 'a flow runs once: on the desktop; its screens are checked on the phone elsewhere (decision 135)');

const base = e2eEnv.basicBaseURL;
const run = Date.now().toString(36).toUpperCase();

async function expectSimulatedComparables(panel: ReturnType<Page['getByTestId']>) {
  await expect(panel.getByTestId('comparables-title')).toHaveText('Simulated comparables');
  await expect(panel.getByTestId('comparables-headline')).toContainText(/^\d+ comparables? · median \$\d+\.\d\d/);
  await expect(panel.getByTestId('comparables-basis')).toContainText(
    /^Simulated comparables: median of \d+ listings? of the simulated eBay, not real eBay data\./,
  );
  const nearest = panel.getByRole('list', { name: 'The 5 nearest' }).getByRole('link');
  await expect(nearest.first()).toHaveAttribute('href', new RegExp(`^${base}/simulated-ebay/itm/\\d+$`));
}

test('without eBay keys: comparables are the simulated eBay’s, labelled, in the listing details and in Publish Settings', async ({
  page,
}, testInfo) => {
  const api = page.context().request;
  const user = { email: uniqueEmail('simulated-comparables'), password: 'correct-horse' };
  expect((await api.post(`${base}/api/auth/sign-up/email`, { data: { ...user, name: 'Trial' } })).ok()).toBe(true);
  expect((await api.post(`${base}/api/auth/sign-in/email`, { data: user })).ok()).toBe(true);
  const sku = `SIMCMP-${run}-${testInfo.project.name === 'phone' ? 'P' : 'D'}`;
  const created = await api.post(`${base}/api/items`, { data: { sku, category: 'Mens Jeans', condition: 'good', brand: "Levi's" } });
  expect(created.status(), await created.text()).toBe(201);
  const item = (await created.json()) as Item;
  const photo = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#365314' } })
    .jpeg()
    .toBuffer();
  const uploaded = await api.post(`${base}/api/items/${item.id}/images`, {
    multipart: { photos: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  expect((await api.post(`${base}/api/listings/generate`, { data: { itemIds: [item.id] } })).ok()).toBe(true);
  await expect
    .poll(async () => ((await (await api.get(`${base}/api/items/${item.id}`)).json()) as Item).aiGenerationStatus, {
      timeout: paced(60_000),
    })
    .toBe('completed');

  await page.goto(`${base}/listings`);
  const listing = page.locator(`[data-testid="listing-card"][data-sku="${sku}"]`);
  await listing.getByTestId('listing-toggle').click();
  await listing.getByRole('button', { name: 'Comparables on eBay' }).click();
  await expectSimulatedComparables(listing.getByTestId('comparables-panel'));
  await saveScreen(page, { path: `e2e/.artifacts/screens/simulated-comparables-listing-${testInfo.project.name}.png` });

  await connectFakeEbaySeller(api, { baseURL: base });
  await page.goto(`${base}/ebay`);
  const card = page.locator(`[data-testid="publish-card"][data-sku="${sku}"]`);
  await card.getByRole('button', { name: /Publish Settings/ }).click();
  const panel = card.getByTestId('comparables-panel');
  await expectSimulatedComparables(panel);
  await panel.scrollIntoViewIfNeeded();
  await saveScreen(page, { path: `e2e/.artifacts/screens/simulated-comparables-settings-${testInfo.project.name}.png` });
});
