/**
 * The offline `basic` provider (the default when no AI key is configured) writes a listing in the browser flow
 * with no AI service running: this spec talks to the second e2e server, started with AI_PROVIDER=basic.
 */
import sharp from 'sharp';
import { expect, test, uniqueEmail } from './support/fixtures';
import { e2eEnv } from './support/e2e-env';
import { paced } from './support/pace';

test.skip(({ isMobile }) => isMobile, 'a flow runs once: on the desktop; its screens are checked on the phone elsewhere (decision 135)');

test('the basic provider generates a listing with no AI service running', async ({ page }) => {
  const base = e2eEnv.basicBaseURL;
  const user = { email: uniqueEmail('basic'), password: 'correct-horse' };
  const api = page.context().request;
  expect((await api.post(`${base}/api/auth/sign-up/email`, { data: { ...user, name: 'Basic' } })).ok()).toBe(true);
  expect((await api.post(`${base}/api/auth/sign-in/email`, { data: user })).ok()).toBe(true);

  const created = await api.post(`${base}/api/items`, { data: { category: 'Mens Tops', condition: 'good', brand: 'Patagonia' } });
  expect(created.status(), await created.text()).toBe(201);
  const item = await created.json();
  const photo = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#1f3a8a' } })
    .jpeg()
    .toBuffer();
  const uploaded = await api.post(`${base}/api/items/${item.id}/images`, {
    multipart: { photos: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);

  await page.goto(`${base}/listings`);
  const card = page.locator(`[data-testid="listing-card"][data-sku="${item.sku}"]`);
  await card.getByRole('button', { name: 'Generate Listing' }).click();
  await card.getByTestId('listing-toggle').click({ timeout: paced(60_000) });
  await expect(card.getByText('Basic draft — connect an AI provider for full listings')).toBeVisible({ timeout: paced(60_000) });
  await expect(card).toContainText('Patagonia');
});
