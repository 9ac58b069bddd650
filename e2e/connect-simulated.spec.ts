/**
 * A newcomer on the defaults (the basic server: simulated eBay, Etsy and Shopify)
 * connects all three from the Marketplaces screen with the app's service worker on and controlling the page, as in
 * their browser: the simulations' consent pages come from the server, not the app shell's "Page not found". Both at
 * PUBLIC_URL and at another address the server is reached at (localhost, ALLOWED_HOSTS; on a laptop without PUBLIC_URL
 * also 127.0.0.1 and the LAN address), where the seller is signed in: the consent popup and each callback stay there.
 */
import type { Page, TestInfo } from '@playwright/test';
import { SIMULATED_EBAY_LABEL } from '@shared/domain/simulated-ebay';
import { SIMULATED_ETSY_LABEL } from '@shared/domain/simulated-etsy';
import { e2eEnv } from './support/e2e-env';
import { expect, test, uniqueEmail } from './support/fixtures';
import { answeredByServiceWorker, controlledByServiceWorker, withServiceWorker } from './support/service-worker';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => isMobile, 'a flow runs once: on the desktop; its screens are checked on the phone elsewhere (decision 135)');

test.use(withServiceWorker);

const addresses = {
  PUBLIC_URL: e2eEnv.basicBaseURL,
  'another address': `http://localhost:${e2eEnv.basicPort}`,
};

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  saveScreen(page, { path: `e2e/.artifacts/screens/connect-simulated-${name}-${testInfo.project.name}.png`, fullPage: true });

for (const [where, base] of Object.entries(addresses)) {
  test(`at ${where}: connect the simulated eBay (popup), Etsy and Shopify with the service worker answering the app`, async ({
    page,
  }, testInfo) => {
    const slug = where === 'PUBLIC_URL' ? 'public' : 'other';
    const api = page.context().request;
    const user = { email: uniqueEmail('connect-simulated'), password: 'correct-horse' };
    expect((await api.post(`${base}/api/auth/sign-up/email`, { data: { ...user, name: 'Newcomer' } })).ok()).toBe(true);
    expect((await api.post(`${base}/api/auth/sign-in/email`, { data: user })).ok()).toBe(true);
    // A seller in the UK: the simulated Etsy's new shop is offered in pounds, as their real one would be.
    expect((await api.put(`${base}/api/seller-region`, { data: { country: 'GB' } })).ok()).toBe(true);
    await page.goto(`${base}/channels`);
    await controlledByServiceWorker(page);
    // From here the service worker answers the app's pages from its precache, as in the seller's browser.
    expect(await answeredByServiceWorker(page, `${base}/channels`)).toBe(true);

    // Etsy: its "Allow access" page in this tab, from the server (the service worker leaves it alone), then back here.
    const etsy = page.getByRole('region', { name: 'Etsy' });
    const consentAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/simulated-etsy/oauth/connect');
    await etsy.getByRole('button', { name: 'Connect Etsy' }).click();
    expect((await consentAnswer).fromServiceWorker()).toBe(false);
    await expect(page.getByRole('heading', { name: /Allow Resale Studio to access your Etsy shop/ })).toBeVisible();
    expect(new URL(page.url()).origin + new URL(page.url()).pathname).toBe(`${base}/simulated-etsy/oauth/connect`);
    await expect(page.getByText(SIMULATED_ETSY_LABEL)).toBeVisible();
    await expect(page.getByLabel('Your simulated shop’s currency (a new shop)')).toHaveValue('GBP');
    await shot(page, testInfo, `${slug}-etsy-consent`);
    await page.getByRole('button', { name: 'Allow access' }).click();
    await expect(etsy.getByTestId('etsy-status')).toHaveText(/^Connected: FakeVintageShop\d*\.$/);
    // Its shop setup asks the shipping price in the shop's currency: pounds.
    await expect(etsy.getByLabel('Shipping price (£)')).toBeVisible();
    expect(new URL(page.url()).origin).toBe(base);

    // Shopify: the store's address, its install step on the server, its callback, back here connected.
    const shopify = page.getByRole('region', { name: 'Shopify' });
    await shopify.getByLabel('Your store’s Shopify address').fill('vintage-finds');
    await shopify.getByRole('button', { name: 'Connect Shopify' }).click();
    await expect(shopify.getByTestId('shopify-status')).toHaveText('Connected: vintage-finds.myshopify.com.');
    await expect(page).toHaveURL(`${base}/channels`);
    await shot(page, testInfo, `${slug}-etsy-shopify-connected`);

    // eBay: its consent in a popup on this same address, where the seller is signed in; Agree; the screen hears it.
    await page.getByRole('region', { name: 'eBay' }).getByRole('link', { name: 'Open eBay screen' }).click();
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Connect eBay' }).click();
    const popup = await popupOpened;
    await expect(popup.getByRole('heading', { name: /Grant application access/ })).toBeVisible();
    expect(new URL(popup.url()).origin).toBe(base);
    await expect(popup.getByText(SIMULATED_EBAY_LABEL)).toBeVisible();
    await saveScreen(popup, { path: `e2e/.artifacts/screens/connect-simulated-${slug}-ebay-consent-${testInfo.project.name}.png` });
    await popup.getByRole('button', { name: 'Agree' }).click();
    await expect(popup.getByText('Success')).toBeVisible();
    expect(new URL(popup.url()).origin + new URL(popup.url()).pathname).toBe(`${base}/ebay-callback`);
    await expect(page.getByTestId('ebay-connection-card')).toContainText('simulated_seller', { timeout: paced(15_000) });
    await shot(page, testInfo, `${slug}-ebay-connected`);
  });
}
