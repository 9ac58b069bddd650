/**
 * axe-core (via @axe-core/playwright) on the main screens, desktop and phone: no serious or critical WCAG 2 A/AA
 * violations.
 */
import { e2eEnv } from './support/e2e-env';
import { expect, test, uniqueEmail } from './support/fixtures';
import { seriousViolations } from './support/axe';
import { expectNoSidewaysScroll, expectTouchTargets } from './support/phone-checks';

test('sign-in screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: /sign in/i }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('dashboard, capture, upload dialog and Generate Listings', async ({ signedInPage: page }) => {
  await page.request.post('/api/items', { data: { sku: 'A11Y-1', category: 'Mens Jeans', condition: 'good', brand: 'Lee' } });
  for (const [path, ready] of [
    ['/', /Product Batches/],
    ['/listings', /Generate Listings/],
    ['/capture', /Upload Files/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
  await page.getByRole('button', { name: /Upload Files/ }).click();
  await expect(page.getByRole('dialog', { name: 'Upload and Assign SKUs' })).toBeVisible();
  expect(await seriousViolations(page), 'upload dialog').toEqual([]);
});

test('the simulated eBay’s consent page: in English, fits the screen, 44 px buttons', async ({ page }) => {
  const base = e2eEnv.basicBaseURL;
  const api = page.context().request;
  const user = { email: uniqueEmail('a11y-ebay-consent'), password: 'correct-horse' };
  expect((await api.post(`${base}/api/auth/sign-up/email`, { data: { ...user, name: 'Newcomer' } })).ok()).toBe(true);
  expect((await api.post(`${base}/api/auth/sign-in/email`, { data: user })).ok()).toBe(true);
  const start = await api.post(`${base}/api/channels/ebay/connect`);
  expect(start.ok(), await start.text()).toBe(true);
  await page.goto(((await start.json()) as { url: string }).url);
  await expect(page.getByRole('heading', { name: /Grant application access/ })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectNoSidewaysScroll(page);
  await expectTouchTargets(page);
  expect(await seriousViolations(page)).toEqual([]);
});
