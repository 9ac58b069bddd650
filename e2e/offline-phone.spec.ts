/**
 * On the phone with the installed app (service worker) and no network (context.setOffline): queued
 * uploads say "Waiting for a connection" (never a red "Failed · Network error" under the banner that says they will
 * upload); the dashboard opened offline does not claim "Product Batches (0)" nor "resuming": it says it is offline.
 */
import { generateJpegs, type GeneratedPhoto } from './capture-helpers';
import { expect, test } from './support/fixtures';
import { controlledByServiceWorker, withServiceWorker } from './support/service-worker';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.use(withServiceWorker);
test.skip(({ isMobile }) => !isMobile, 'touch phone only');

let photos: GeneratedPhoto[];
test.beforeAll(async () => {
  photos = await generateJpegs(2, { prefix: 'offline' });
});

const offlineBanner = "You're offline — your photos will upload when you're back";

test('offline: uploads wait for a connection, the dashboard says it is offline; back online, they go', async ({ signedInPage: page }) => {
  await page.goto('/');
  await expect(page.getByTestId('batch-count')).toHaveText('(0)');
  await controlledByServiceWorker(page);

  await page.goto('/capture');
  await page.context().setOffline(true);
  await expect(page.getByText(offlineBanner)).toBeVisible();
  await page.getByRole('button', { name: /Upload Files/ }).tap();
  const dialog = page.getByRole('dialog', { name: 'Upload and Assign SKUs' });
  await dialog.getByTestId('upload-file-input').setInputFiles(photos.map((p) => p.path));
  await expect(dialog.getByTestId('upload-tile').locator('img')).toHaveCount(photos.length);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).tap();
  await dialog.getByRole('button', { name: 'One product each (2)' }).tap();
  await dialog.getByRole('button', { name: 'Close' }).tap();

  const indicator = page.getByTestId('upload-indicator-text');
  await expect(indicator).toHaveText('2 waiting for a connection', { timeout: paced(30_000) });
  await page.getByTestId('upload-indicator').tap();
  const sheet = page.getByRole('dialog', { name: 'Uploads' });
  const entries = sheet.getByTestId('queue-entry');
  await expect(entries).toHaveCount(2);
  for (const entry of await entries.all()) {
    await expect(entry).toContainText('Waiting for a connection');
    await expect(entry).not.toContainText('Failed');
    await expect(entry).not.toContainText('Network error');
  }
  await expect(sheet.getByRole('alert')).toHaveCount(0);
  await saveScreen(page, { path: 'e2e/.artifacts/screens/offline-queue-phone.png' });
  await sheet.getByRole('button', { name: 'Close' }).tap();

  // The installed app opened offline on the dashboard: it knows nothing of the server's products, and says so.
  await page.goto('/');
  await expect(page.getByText(offlineBanner)).toBeVisible();
  await expect(page.getByTestId('dashboard-offline')).toHaveText(/^You're offline/);
  await expect(page.getByText('Product Batches (0)')).toHaveCount(0);
  await expect(page.getByTestId('batch-count')).toHaveCount(0);
  await expect(indicator).toHaveText('2 waiting for a connection', { timeout: paced(30_000) });
  await expect(page.getByTestId('upload-resume-notice')).toHaveCount(0);
  await expect(page.getByText(/resuming/)).toHaveCount(0);
  await saveScreen(page, { path: 'e2e/.artifacts/screens/offline-dashboard-phone.png' });

  // Back online: they go by themselves, and the dashboard counts them.
  await page.context().setOffline(false);
  await expect(page.getByTestId('upload-indicator')).toBeHidden({ timeout: paced(30_000) });
  await expect(page.getByTestId('dashboard-offline')).toHaveCount(0);
  await expect(page.getByTestId('batch-count')).toHaveText('(2)', { timeout: paced(15_000) });
});
