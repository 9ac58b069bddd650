import { expect, type Page } from '@playwright/test';

/**
 * Specs that run the paths sellers run with the app's service worker on, as a seller's browser has it: the
 * config blocks it for the others. Each test has a browser context of its own, so its worker and precache start empty
 * and end with it; `controlledByServiceWorker` then waits until the worker answers the page's navigations.
 */
export const withServiceWorker = { serviceWorkers: 'allow' } as const;

/**
 * Waits until the service worker has installed (its precache filled) and controls this page: from here on it answers
 * the page's navigations, as on a seller's second visit. The worker claims the page that registered it once it is
 * active (clientsClaim): no reload needed.
 */
export async function controlledByServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** Whether this navigation's answer came from the service worker (its precached app shell) rather than the server. */
export async function answeredByServiceWorker(page: Page, url: string): Promise<boolean> {
  const response = await page.goto(url);
  expect(response, url).not.toBeNull();
  return response!.fromServiceWorker();
}
