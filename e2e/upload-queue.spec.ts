import { mkdirSync } from 'node:fs';
import type { Locator, Page, Route } from '@playwright/test';
import type { Item } from '@shared/contracts/items';
import { signOutFromHeader } from './support/account';
import { listedItemsWithPhotos } from './support/listed-items';
import { generateJpegs, openCamera, steerCamera, takePhotos, type GeneratedPhoto } from './capture-helpers';
import { expect, test, uniqueEmail } from './support/fixtures';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

// Nothing is lost: the upload queue belongs to the app, survives leaving the screen, a reload and a lost
// connection, and never makes a product twice.

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
let photos: GeneratedPhoto[];
test.beforeAll(async () => {
  photos = await generateJpegs(10, { prefix: 'queued' });
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

async function shot(page: Page, name: string) {
  if (SHOTS) await saveScreen(page, { path: `${SHOTS}/${name}-${test.info().project.name}.png` });
}

const batches = (page: Page): Promise<Item[]> => listedItemsWithPhotos(page.request, 'view=batches&limit=100');

async function openUploadDialog(page: Page, files: GeneratedPhoto[]): Promise<Locator> {
  await page.getByRole('button', { name: /Upload Files/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload and Assign SKUs' });
  await dialog.getByTestId('upload-file-input').setInputFiles(files.map((p) => p.path));
  await expect(dialog.getByTestId('upload-tile').locator('img')).toHaveCount(files.length);
  return dialog;
}

/** Products in IndexedDB waiting to be sent (what a reload resumes). */
const storedUploads = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('resale-studio');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('uploads')) return resolve(0);
          const count = db.transaction('uploads').objectStore('uploads').count();
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
        };
      }),
  );

/** Whether closing the page now would ask the seller to stay. */
const leavingWarns = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

test('10 products started, Dashboard tapped after 0.5 s: all 10 are created and the indicator shows the progress', async ({
  signedInPage: page,
}) => {
  // Each product takes the server ~0.6 s longer, as on a phone's connection.
  await page.route('**/api/items/upload?**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.goto('/capture');
  const dialog = await openUploadDialog(page, photos);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await dialog.getByRole('button', { name: 'One product each (10)' }).click();
  await page.waitForTimeout(500);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: /Dashboard/ }).click();
  await expect(page).toHaveURL(/\/$|\/dashboard/);

  const indicator = page.getByTestId('upload-indicator');
  await expect(indicator).toBeVisible();
  await expect(page.getByTestId('upload-indicator-text')).toHaveText(/^\d+ of 10 uploaded$/);
  await shot(page, 'upload-indicator');
  // A tap opens every product's progress.
  await indicator.click();
  const sheet = page.getByRole('dialog', { name: 'Uploads' });
  await expect(sheet.getByTestId('queue-entry').first()).toBeVisible();
  await shot(page, 'upload-indicator-open');
  await sheet.getByRole('button', { name: 'Close' }).click();

  await expect(indicator).toBeHidden({ timeout: paced(45_000) });
  const items = await batches(page);
  expect(items).toHaveLength(10);
  expect(items.map((i) => i.photoCount)).toEqual(Array(10).fill(1));
  await expect(page.getByTestId('staged-count')).toHaveText('10 staged');
});

test('camera photos not yet uploaded are still there after leaving the capture screen and after a reload', async ({
  signedInPage: page,
}) => {
  await steerCamera(page);
  await page.goto('/capture');
  await openCamera(page);
  await takePhotos(page, 3);
  await page.getByRole('button', { name: 'Close camera' }).click();
  await page.getByRole('button', { name: /Dashboard/ }).click();
  await expect(page.getByRole('button', { name: /Take Photos/ })).toBeHidden();
  await page.goto('/capture');
  await openCamera(page);
  await expect(page.getByTestId('photo-count')).toHaveText('3 photos');
  await expect(page.getByTestId('captured-thumbnail')).toHaveCount(3);

  await page.reload();
  await openCamera(page);
  await expect(page.getByTestId('photo-count')).toHaveText('3 photos');
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await page.getByRole('button', { name: 'Upload 3' }).click();
  await expect(page.getByTestId('batch-created')).toContainText('3 photos', { timeout: paced(30_000) });
  // Uploaded: the camera batch is empty now, and stays so after a reload.
  await page.reload();
  await openCamera(page);
  await expect(page.getByTestId('photo-count')).toHaveText('0 photos');
  const items = await batches(page);
  expect(items.map((i) => i.photoCount)).toEqual([3]);
});

test('a reload mid-upload resumes by itself and says so; every product is created once with all its photos', async ({
  signedInPage: page,
}) => {
  // The server gets the first product, but its answer is held until the reload: a lost answer.
  let first = true;
  const held: Route[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/items/upload?**', async (route) => {
    if (first) {
      first = false;
      const response = await route.fetch();
      held.push(route);
      await released;
      await route.fulfill({ response }).catch(() => undefined);
      return;
    }
    await route.continue();
  });
  await page.goto('/capture');
  const dialog = await openUploadDialog(page, photos.slice(0, 8));
  for (let n = 1; n <= 8; n++)
    await dialog.getByRole('textbox', { name: `SKU for photo ${n}`, exact: true }).fill(`RELOAD-${Math.ceil(n / 2)}`);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();

  await expect.poll(() => storedUploads(page), { timeout: paced(20_000) }).toBe(4);
  await expect.poll(() => held.length).toBe(1);
  expect(await leavingWarns(page)).toBe(false); // everything can be resumed: no warning
  // Every text the indicator shows after the reload, kept by the page itself (none may be "0 waiting for a connection").
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { indicatorTexts: string[] }).indicatorTexts = []);
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="upload-indicator-text"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  // The route stays (it lets later requests through): removing it would release the held request before the reload.
  await page.reload();
  release();

  const notice = page.getByTestId('upload-resume-notice');
  await expect(notice).toHaveText('4 products waiting to upload — resuming');
  await expect(page.getByTestId('upload-indicator-text')).toHaveText(/^\d of 4 uploaded$/);
  await shot(page, 'upload-resume-notice');
  await expect(page.getByTestId('upload-indicator')).toBeHidden({ timeout: paced(45_000) });
  expect(await storedUploads(page)).toBe(0);
  // The notice stays a moment after the last product is up, to be read: the pill beside it says they are all up.
  const texts = await page.evaluate(() => (window as unknown as { indicatorTexts: string[] }).indicatorTexts);
  expect(texts.filter((text) => !/^\d of 4 uploaded$/.test(text))).toEqual([]);
  expect(texts.at(-1)).toBe('4 of 4 uploaded');

  const items = await batches(page);
  expect(items.map((i) => i.sku).sort()).toEqual(['RELOAD-1', 'RELOAD-2', 'RELOAD-3', 'RELOAD-4']);
  expect(items.map((i) => i.photoCount)).toEqual([2, 2, 2, 2]);
  expect(items.map((i) => i.images.length)).toEqual([2, 2, 2, 2]);
});

test('offline, then online again: the queue resumes by itself and says so', async ({ signedInPage: page }) => {
  await page.goto('/capture');
  const dialog = await openUploadDialog(page, photos.slice(0, 2));
  await page.context().setOffline(true);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await dialog.getByRole('button', { name: 'One product each (2)' }).click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('upload-indicator-text')).toHaveText('2 waiting for a connection', { timeout: paced(30_000) });
  await expect.poll(() => storedUploads(page)).toBe(2);

  await page.context().setOffline(false);
  await expect(page.getByTestId('upload-resume-notice')).toHaveText('2 products waiting to upload — resuming');
  await expect(page.getByTestId('upload-indicator')).toBeHidden({ timeout: paced(30_000) });
  const items = await batches(page);
  expect(items).toHaveLength(2);
  expect(items.map((i) => i.photoCount)).toEqual([1, 1]);
});

test('products waiting for one seller are never sent for another who signs in on the same browser', async ({
  signedInPage: page,
  user,
}) => {
  await page.goto('/capture');
  await page.route('**/api/items/upload?**', (route) => route.abort('internetdisconnected'));
  const dialog = await openUploadDialog(page, photos.slice(0, 1));
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('upload-indicator-text')).toHaveText('1 waiting for a connection', { timeout: paced(30_000) });
  expect(await storedUploads(page)).toBe(1);

  await signOutFromHeader(page);
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeHidden();
  await page.unroute('**/api/items/upload?**');
  const other = { email: uniqueEmail('other'), password: 'correct-horse' };
  expect((await page.request.post('/api/auth/sign-up/email', { data: { ...other, name: 'Other' } })).ok()).toBe(true);
  expect((await page.request.post('/api/auth/sign-in/email', { data: other })).ok()).toBe(true);
  await page.goto('/capture');
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('upload-resume-notice')).toHaveCount(0);
  await expect(page.getByTestId('upload-indicator')).toHaveCount(0);
  expect(await batches(page)).toEqual([]);
  expect(await storedUploads(page)).toBe(1); // still the first seller's

  // The first seller signs in again: their product goes.
  await signOutFromHeader(page);
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeHidden();
  expect((await page.request.post('/api/auth/sign-in/email', { data: user })).ok()).toBe(true);
  await page.goto('/capture');
  await expect(page.getByTestId('upload-resume-notice')).toHaveText('1 product waiting to upload — resuming');
  await expect(page.getByTestId('upload-indicator')).toBeHidden({ timeout: paced(30_000) });
  expect((await batches(page)).map((i) => i.photoCount)).toEqual([1]);
  expect(await storedUploads(page)).toBe(0);
});
