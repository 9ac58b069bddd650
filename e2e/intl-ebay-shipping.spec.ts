/**
 * A German seller's shipping on eBay Germany, desktop and phone: Create Policies offers the services eBay Germany
 * lists (DHL, Hermes, Deutsche Post), never eBay US's or eBay UK's, and the policy made names the one picked.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { answerFakeConsent } from '../fakes/ebay/fake-ebay-consent';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { saveScreen } from './support/screens';

const ok = async (answer: { ok(): boolean; text(): Promise<string> }) => expect(answer.ok(), await answer.text()).toBe(true);

/** A fake eBay seller registered in Berlin, connected to the signed-in user (who sells from Germany). */
async function connectGermanSeller(request: APIRequestContext): Promise<string> {
  await ok(await request.put('/api/seller-region', { data: { country: 'DE' } }));
  const ebayUserId = `e2ede${randomUUID().replace(/-/g, '').slice(0, 14)}`;
  await ok(
    await request.post(`${e2eEnv.fakeEbayURL}/__control/add-seller`, {
      data: {
        userId: ebayUserId,
        username: `seller_${ebayUserId}`,
        address: { addressLine1: 'Friedrichstraße 43', city: 'Berlin', postalCode: '10117', country: 'DE' },
      },
    }),
  );
  const start = await request.post('/api/channels/ebay/connect');
  await ok(start);
  const callback = await answerFakeConsent((await start.json()).url as string, 'agree', ebayUserId);
  await ok(await request.post('/api/channels/ebay/connection', { data: { code: callback.get('code'), state: callback.get('state') } }));
  return ebayUserId;
}

test("a German seller is offered eBay Germany's shipping services only, and the policy names the one picked", async ({
  signedInPage: page,
}, testInfo) => {
  const ebayUserId = await connectGermanSeller(page.request);
  await page.goto('/ebay');
  const card = page.getByTestId('ebay-connection-card');
  await expect(card).toContainText('eBay Germany');

  await card.getByRole('button', { name: 'Create Policies' }).click();
  const sheet = page.getByRole('dialog', { name: 'Create Policies' });
  const service = sheet.getByLabel('Shipping service');
  await expect(service.locator('option')).not.toHaveCount(0);
  const offered = await service.locator('option').allTextContents();
  expect(offered).toEqual(expect.arrayContaining([expect.stringMatching(/^DHL Paket/), expect.stringMatching(/^Hermes Paket/)]));
  // Not one service of another marketplace, and none abroad for a domestic policy.
  for (const name of offered) expect(name).not.toMatch(/USPS|UPS|Royal Mail|Evri|International/);
  await service.selectOption({ label: offered.find((name) => name.startsWith('Hermes Paket'))! });
  await sheet.getByLabel('Shipping cost (EUR)').fill('4,50');
  await saveScreen(page, { path: `e2e/.artifacts/screens/intl-ebay-shipping-create-policies-${testInfo.project.name}.png` });
  await sheet.getByRole('button', { name: 'Create Policies' }).click();
  await expect(page.getByTestId('toasts').getByText('Business policies created successfully')).toBeVisible();

  // What eBay Germany received: its own service, the cost in euros.
  const state = (await (await page.request.get(`${e2eEnv.fakeEbayURL}/__control/state`)).json()) as {
    sellers: Record<string, { policies: { fulfillment: Record<string, { marketplaceId: string; shippingOptions: unknown[] }> } }>;
  };
  const [policy] = Object.values(state.sellers[ebayUserId]!.policies.fulfillment);
  expect(policy).toMatchObject({
    marketplaceId: 'EBAY_DE',
    shippingOptions: [{ shippingServices: [{ shippingServiceCode: 'DE_HermesPaket', shippingCost: { value: '4.50', currency: 'EUR' } }] }],
  });
});
