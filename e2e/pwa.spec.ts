import { mkdtempSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { BrowserContext, Page, Response } from '@playwright/test';
import { openCamera, steerCamera, takePhotos } from './capture-helpers';
import { signOutFromHeader } from './support/account';
import { chromiumArgs, chromiumPath } from './support/chromium';
import { e2eEnv } from './support/e2e-env';
import { expect, test, uniqueEmail } from './support/fixtures';
import { controlledByServiceWorker, withServiceWorker } from './support/service-worker';
import { saveScreen } from './support/screens';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

// Installable, opens offline, announces a new version, and never answers API calls from its caches.
test.use(withServiceWorker);
// One at a time: the update test gives the server a new service worker for a moment.
test.describe.configure({ mode: 'serial' });

const offlineMessage = "You're offline — your photos will upload when you're back";

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Every /api/ response the page sees, with whether the service worker produced it. */
function recordApiResponses(context: BrowserContext) {
  const seen: { url: string; fromServiceWorker: boolean }[] = [];
  context.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/')) seen.push({ url: url.pathname, fromServiceWorker: response.fromServiceWorker() });
  });
  return seen;
}

test('the app passes Chromium’s installability check: manifest, icons, service worker', async ({ playwright }, testInfo) => {
  // Chromium never offers to install from an incognito profile, which every ordinary test context is.
  const profile = mkdtempSync(path.join(tmpdir(), 'e2e-pwa-profile-'));
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const context = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: chromiumArgs(),
    baseURL: e2eEnv.baseURL,
    serviceWorkers: 'allow',
    ...{ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await expect(page.getByLabel('Email')).toBeVisible();
    await controlledByServiceWorker(page);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: 'Resale Studio', display: 'standalone', start_url: '/', theme_color: '#4f46e5' });
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons as { src: string }[]) {
      const res = await page.request.get(icon.src);
      expect(res.headers()['content-type'], icon.src).toBe('image/png');
    }
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('offline, the installed app opens its shell with the offline message, and Capture still takes photos', async ({
  signedInPage: page,
  user,
}) => {
  await steerCamera(page);
  await page.goto('/');
  await expect(page.getByTestId('staged-count')).toBeVisible();
  await controlledByServiceWorker(page);
  // Every screen's code is precached (not only the ones this visit loaded).
  await expect(page.getByText(offlineMessage)).toHaveCount(0);

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByText(offlineMessage)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Resale Studio' })).toBeVisible();
  // The staged count is unknown offline: hidden, never a wrong "0 staged".
  await expect(page.getByText('0 staged')).toHaveCount(0);
  await expect(page.getByText(user.email)).toBeAttached();
  await saveScreen(page, { path: test.info().outputPath('offline-shell.png') });

  await page.goto('/capture');
  await expect(page.getByRole('heading', { name: 'Step 1: Capture Photos' })).toBeVisible();
  await expect(page.getByText(offlineMessage)).toBeVisible();
  await openCamera(page);
  await takePhotos(page, 2);
  await expect(page.getByTestId('photo-count')).toHaveText('2 photos');
  await saveScreen(page, { path: test.info().outputPath('offline-capture.png') });

  await page.context().setOffline(false);
  await expect(page.getByText(offlineMessage)).toHaveCount(0);
});

test('a new version announces itself and takes over only on Reload', async ({ page }, testInfo) => {
  // It changes the server's files for a moment: one project only, so two never overlap.
  test.skip(testInfo.project.name !== 'phone', 'runs on the phone project');
  await page.goto('/');
  await expect(page.getByLabel('Email')).toBeVisible();
  await controlledByServiceWorker(page);
  const first = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL);
  await expect(page.getByText('Update available')).toHaveCount(0);

  // The server now has a new build: the same service worker with one byte changed (its precompressed copies set
  // aside, so the server sends this one). Each file is replaced whole: the specs that run with the service worker on
  // meanwhile (e2e/support/service-worker.ts) may fetch it, and must never get half of one.
  const swPath = path.join(e2eEnv.root, 'dist/web/sw.js');
  const saved = Object.fromEntries(['', '.br', '.gz'].map((ext) => [ext, readFileSync(swPath + ext)]));
  const replace = (file: string, bytes: string | Buffer) => {
    writeFileSync(`${file}.next`, bytes);
    renameSync(`${file}.next`, file);
  };
  const prompt = page.getByTestId('update-prompt');
  try {
    unlinkSync(`${swPath}.br`);
    unlinkSync(`${swPath}.gz`);
    replace(swPath, `${saved['']!.toString()}\n// next version\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    await expect(prompt).toHaveText('Update available — reload');
    // The old version keeps the page until the seller says so.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
    await saveScreen(page, { path: test.info().outputPath('update-prompt.png') });

    await page.evaluate(() => ((window as unknown as { oldPage?: boolean }).oldPage = true));
    await prompt.getByRole('button', { name: 'reload' }).click();
    // The page reloads under the new version.
    // (An evaluate that meets the navigation itself counts as not yet.)
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { oldPage?: boolean }).oldPage ?? false).catch(() => true))
      .toBe(false);
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
    await expect(prompt).toHaveCount(0);
  } finally {
    for (const [ext, bytes] of Object.entries(saved)) replace(swPath + ext, bytes);
  }
  expect(first).toMatch(/\/sw\.js$/);
});

test('no API answer comes from the service worker, across a sign-out and a sign-in as another seller', async ({ page, context, user }) => {
  const apiResponses = recordApiResponses(context);
  const other = { email: uniqueEmail('other'), password: 'correct-horse' };
  const signUp = await page.request.post('/api/auth/sign-up/email', { data: { ...other, name: 'Other' } });
  expect(signUp.ok()).toBe(true);

  await page.goto('/');
  await controlledByServiceWorker(page);
  await signIn(page, user.email, user.password);
  await expect(page.getByTestId('staged-count')).toBeVisible();
  // A product with a photo: its thumbnail is the one thing the worker keeps, by its signed URL.
  const created = await page.request.post('/api/items', { data: {} });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const photo = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#15803d' } })
    .jpeg()
    .toBuffer();
  const uploaded = await page.request.post(`/api/items/${id}/images`, {
    multipart: { photos: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(uploaded.status()).toBe(200);
  await page.reload();
  const thumbnail = page.getByRole('img', { name: /^Product / }).first();
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => cachedUrls(page)).toContainEqual(expect.stringContaining('/api/files/'));
  await page.reload();
  await expect(thumbnail).toBeVisible();
  expect(apiResponses.some((r) => r.url.startsWith('/api/files/') && r.fromServiceWorker)).toBe(true);
  await page.goto('/listings');
  await page.goto('/');
  await expect(page.getByText(user.email)).toBeAttached();

  await signOutFromHeader(page);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  // Sign-out empties the thumbnail cache: the next seller on this device starts clean.
  await expect.poll(async () => (await cachedUrls(page)).filter((url) => url.includes('/api/'))).toEqual([]);
  await signIn(page, other.email, other.password);
  await expect(page.getByText(other.email)).toBeAttached();
  await expect(page.getByText('No product batches yet')).toBeVisible();
  await expect(page.getByText(user.email)).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(other.email)).toBeAttached();
  await expect(page.getByText(user.email)).toHaveCount(0);

  const json = apiResponses.filter((r) => !r.url.startsWith('/api/files/'));
  expect(json.length).toBeGreaterThan(5);
  expect(json.filter((r) => r.fromServiceWorker)).toEqual([]);
  const cached = await cachedUrls(page);
  expect(cached.length).toBeGreaterThan(10); // the precached app shell
  expect(cached.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
});

/** Every URL in the page's Cache Storage. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });
}
