/**
 * An unknown URL: a not-found page with a 404 status and a way home, signed in or not; an
 * unknown API path stays a JSON 404.
 */
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { saveScreen } from './support/screens';

test.skip(({ isMobile }) => isMobile, 'a flow runs once: on the desktop; its screens are checked on the phone elsewhere (decision 135)');

const shot = (name: string) => `e2e/.artifacts/screens/${name}-${test.info().project.name}.png`;

test.describe('not-found page', () => {
  test('signed in: /nope answers 404 with "Page not found" and Go to Dashboard leads home', async ({ signedInPage: page }) => {
    const response = await page.goto('/nope?from=old-link');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('There is no page at /nope.')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/nope');
    await expect(page.getByText('No product batches yet')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreen(page, { path: shot('not-found-signed-in') });
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page.getByText('No product batches yet')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('signed out: a deep unknown path answers 404 and Sign In leads to the sign-in form', async ({ page }) => {
    const response = await page.goto('/listings/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreen(page, { path: shot('not-found-signed-out') });
    await page.getByRole('link', { name: 'Sign In' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('an app route still answers 200, and an unknown API path answers JSON 404', async ({ page }) => {
    expect((await page.goto('/listings'))?.status()).toBe(200);
    const api = await page.request.get('/api/nope');
    expect(api.status()).toBe(404);
    expect(api.headers()['content-type']).toMatch(/application\/json/);
    expect(await api.json()).toMatchObject({ error: expect.anything() });
  });
});
