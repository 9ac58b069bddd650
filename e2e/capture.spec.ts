import type { Item } from '@shared/contracts/items';
import { listedItemsWithPhotos } from './support/listed-items';
import { cameraProbe, openCamera, setCameraMode, steerCamera, takePhotos } from './capture-helpers';
import { expect, test } from './support/fixtures';
import { controlledByServiceWorker, withServiceWorker } from './support/service-worker';
import { saveScreen } from './support/screens';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

// The path sellers run: with the app's service worker answering the app.
test.use(withServiceWorker);

const ratioOf = async (thumbnail: import('@playwright/test').Locator) => {
  const width = Number(await thumbnail.getAttribute('data-width'));
  const height = Number(await thumbnail.getAttribute('data-height'));
  return width / height;
};

const batches = (page: import('@playwright/test').Page): Promise<Item[]> => listedItemsWithPhotos(page.request, 'view=batches');

test.describe('camera batch capture', () => {
  test('capture at every ratio, filter, focus, edit, remove, upload as one product with a PSTFSH- SKU', async ({
    signedInPage: page,
    isMobile,
  }) => {
    await steerCamera(page);
    await page.goto('/capture');
    await controlledByServiceWorker(page);
    await expect(page.getByRole('heading', { name: 'Step 1: Capture Photos' })).toBeVisible();
    await expect(page.getByTestId('auto-generate-note')).toHaveCount(isMobile ? 1 : 0);
    await expect(page.getByTestId('generating-banner')).toHaveCount(0);
    await openCamera(page);
    await expect(page.getByTestId('photo-count')).toHaveText('0 photos');

    // The camera constraints, back camera first.
    const first = (await cameraProbe(page)).calls[0]!;
    expect(first.audio).toBe(false);
    expect(first.video).toMatchObject({
      facingMode: { ideal: 'environment' },
      width: { ideal: 1920, max: 4096 },
      height: { ideal: 1080, max: 4096 },
    });

    // Three photos at each ratio; the fake camera is landscape, so the captures are 16:9, 4:3 and 1:1 wide.
    const thumbnails = page.getByTestId('captured-thumbnail');
    for (const [ratio, value] of [
      ['16:9', 16 / 9],
      ['4:3', 4 / 3],
      ['1:1', 1],
    ] as const) {
      await page.getByRole('radio', { name: `Aspect ratio ${ratio}` }).click();
      await expect(page.getByRole('radio', { name: `Aspect ratio ${ratio}` })).toHaveAttribute('aria-checked', 'true');
      await takePhotos(page, 3);
      const count = await thumbnails.count();
      for (let i = count - 3; i < count; i++) expect(Math.abs((await ratioOf(thumbnails.nth(i))) - value)).toBeLessThanOrEqual(0.01);
    }
    await expect(page.getByTestId('photo-count')).toHaveText('9 photos');
    // The ratio changes restarted the camera, and only the newest stream is live.
    const afterRatios = await cameraProbe(page);
    expect(afterRatios.calls.length).toBe(3);
    expect(afterRatios.liveTracks).toBe(1);

    // Live filters show on the preview and reset.
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const brightness = page.getByRole('slider', { name: 'Brightness' });
    await brightness.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('brightness-value')).toHaveText('+10');
    await expect(page.getByLabel('Camera preview')).toHaveCSS('filter', /brightness\(1\.1\)/);
    await takePhotos(page, 1);
    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(page.getByTestId('brightness-value')).toHaveText('0');
    await expect(page.getByLabel('Camera preview')).toHaveCSS('filter', 'none');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();

    // Tap to focus: the hint after 3 s ("Click to focus" with a mouse), a ring for 1.5 s, a 10 ms buzz on touch.
    const focusHint = page.getByText(isMobile ? 'Tap to focus' : 'Click to focus');
    await expect(focusHint).toBeVisible();
    const preview = page.getByTestId('camera-preview');
    if (isMobile) await preview.tap({ position: { x: 60, y: 60 } });
    else await preview.click({ position: { x: 60, y: 60 } });
    await expect(page.getByTestId('focus-ring')).toBeVisible();
    await expect(focusHint).toBeHidden();
    await expect(page.getByTestId('focus-ring')).toBeHidden({ timeout: paced(3000) });
    expect((await cameraProbe(page)).vibrations).toEqual(isMobile ? [10] : []);

    // Review: #1..#10, remove #2, edit #1.
    await page.getByRole('button', { name: 'Review', exact: true }).click();
    const reviewed = page.getByTestId('review-photo');
    await expect(reviewed).toHaveCount(10);
    await expect(reviewed.nth(9)).toContainText('#10');
    await page.getByRole('button', { name: 'Remove photo 2' }).click();
    await expect(reviewed).toHaveCount(9);
    await expect(page.getByTestId('photo-count')).toHaveText('9 photos');

    const firstSrc = await reviewed.first().locator('img').getAttribute('src');
    await page.getByRole('button', { name: 'Edit photo 1' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Photo #1' });
    await expect(editor.getByTestId('edit-canvas')).toBeVisible();
    await expect(editor.getByRole('button', { name: 'Reset' })).toHaveCount(0);
    await editor.getByRole('slider', { name: 'Warmth' }).focus();
    await page.keyboard.press('PageUp');
    await expect(editor.getByTestId('warmth-value')).toHaveText('+10');
    await editor.getByRole('slider', { name: 'Sharpness' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(editor.getByTestId('sharpness-value')).toHaveText('5');
    await expect(editor.getByRole('button', { name: 'Reset' })).toBeVisible();
    await editor.getByRole('button', { name: 'Save photo' }).click();
    await expect(editor).toBeHidden();
    await expect(reviewed.first().locator('img')).not.toHaveAttribute('src', firstSrc!);
    await expect(reviewed).toHaveCount(9);

    // Take More goes back to a running camera; then upload from the review grid.
    await page.getByRole('button', { name: 'Take More' }).click();
    await expect(page.getByRole('button', { name: 'Take photo', exact: true })).toBeEnabled();
    await page.getByRole('button', { name: 'Review', exact: true }).click();

    let releaseUploads!: () => void;
    const uploadsMayStart = new Promise<void>((resolve) => (releaseUploads = resolve));
    await page.route('**/api/items/upload?**', async (route) => {
      await uploadsMayStart;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Upload 9' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    const progress = page.getByTestId('batch-progress');
    await expect(progress.getByText('Creating Product Batch')).toBeVisible();
    // The item and its photos are created together: its generated SKU is known when the product is.
    await expect(progress).toContainText('Assigning SKU...');
    await expect(progress.getByTestId('photo-counter')).toHaveText('0 of 9 photos uploaded');
    expect((await cameraProbe(page)).liveTracks).toBe(0);
    releaseUploads();

    const created = page.getByTestId('batch-created');
    await expect(created.getByText('Product Batch Created!')).toBeVisible({ timeout: paced(30_000) });
    const sku = (await created.getByTestId('created-sku').textContent())!;
    expect(sku).toMatch(/^PSTFSH-\d{3,}$/);
    await expect(created).toContainText('9 photos');

    const item = (await batches(page)).find((i) => i.sku === sku)!;
    expect(item).toBeDefined();
    expect(item.status).toBe('draft');
    expect(item.photoCount).toBe(9);
    expect(item.images).toHaveLength(9);
    expect(item.autoGenerateListing).toBe(isMobile);
    const ordered = [...item.images].sort((a, b) => a.order - b.order);
    expect(ordered[0]!.isPrimary).toBe(true);
    // Stored in capture order: photos 1-2 were 16:9, 3-5 4:3, 6-9 square (one square is the filtered one).
    expect(ordered.map((image) => Math.round((image.width / image.height) * 100) / 100)).toEqual([
      1.78, 1.78, 1.33, 1.33, 1.33, 1, 1, 1, 1,
    ]);

    // Add Another opens the camera again with an empty batch.
    await created.getByRole('button', { name: 'Add Another' }).click();
    await expect(page.getByTestId('photo-count')).toHaveText('0 photos');
    await page.getByRole('button', { name: 'Close camera' }).click();
    await expect(page.getByRole('button', { name: 'View Dashboard' })).toHaveCount(0);
  });

  test('the focus hint says "Tap to focus" on a touch phone and "Click to focus" on a desktop', async ({
    signedInPage: page,
    isMobile,
  }) => {
    await steerCamera(page);
    await page.goto('/capture');
    await controlledByServiceWorker(page);
    await openCamera(page);
    const preview = page.getByTestId('camera-preview');
    await expect(preview.getByText(isMobile ? 'Tap to focus' : 'Click to focus')).toBeVisible();
    await expect(preview.getByText(isMobile ? 'Click to focus' : 'Tap to focus')).toBeHidden();
    await saveScreen(page, { path: `e2e/.artifacts/screens/focus-hint-${test.info().project.name}.png` });
  });

  test('camera life: initializing, flip restarts with the front camera, close stops the stream, gallery downloads', async ({
    signedInPage: page,
  }) => {
    await steerCamera(page, 'hold');
    await page.goto('/capture');
    await controlledByServiceWorker(page);
    await page.getByRole('button', { name: /Take Photos/ }).click();
    await expect(page.getByText('Initializing camera...')).toBeVisible();
    await expect(page.getByText('Please allow camera access')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Take photo', exact: true })).toBeDisabled();
    await setCameraMode(page, 'allow');
    await page.evaluate(() => (window as unknown as { __camera: { release: () => void } }).__camera.release());
    await expect(page.getByRole('button', { name: 'Take photo', exact: true })).toBeEnabled();

    await page.getByRole('button', { name: 'Flip camera' }).click();
    await expect(page.getByRole('button', { name: 'Take photo', exact: true })).toBeEnabled();
    // The button can stay enabled across the restart: wait for the front camera's stream, not for the button.
    await expect.poll(async () => (await cameraProbe(page)).calls.at(-1)!.video.facingMode).toEqual({ ideal: 'user' });
    await expect.poll(async () => (await cameraProbe(page)).liveTracks).toBe(1);

    await page.getByRole('button', { name: 'Close camera' }).click();
    await expect(page.getByRole('button', { name: 'Take photo', exact: true })).toHaveCount(0);
    expect((await cameraProbe(page)).liveTracks).toBe(0);

    // Save to gallery is remembered as the text 'true' and downloads photo_{timestamp}_{index}.jpg on upload.
    await openCamera(page);
    const gallery = page.getByRole('switch', { name: 'Save to gallery' });
    await expect(gallery).toHaveAttribute('aria-checked', 'false');
    await gallery.click();
    expect(await page.evaluate(() => localStorage.getItem('saveToGallery'))).toBe('true');
    await takePhotos(page, 1);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Upload 1' }).click();
    expect((await download).suggestedFilename()).toMatch(/^photo_\d+_0\.jpg$/);
    await expect(page.getByText('Product Batch Created!')).toBeVisible({ timeout: paced(30_000) });

    await page.reload();
    await openCamera(page);
    await expect(page.getByRole('switch', { name: 'Save to gallery' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('switch', { name: 'Save to gallery' }).click();
    expect(await page.evaluate(() => localStorage.getItem('saveToGallery'))).toBe('false');
  });

  test('camera errors show the agreed message in the Camera Error box with Try Again', async ({ signedInPage: page }) => {
    await steerCamera(page, 'deny');
    await page.goto('/capture');
    await controlledByServiceWorker(page);
    await page.getByRole('button', { name: /Take Photos/ }).click();
    const box = page.getByRole('alert').filter({ hasText: 'Camera Error' });
    await expect(box).toContainText('Camera permission denied. Please allow camera access in your browser settings.');
    await expect(page.getByRole('button', { name: 'Take photo', exact: true })).toBeDisabled();

    // The user allows the camera in the browser settings, then taps Try Again.
    await setCameraMode(page, 'allow');
    await box.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('button', { name: 'Take photo', exact: true })).toBeEnabled();
    await expect(box).toHaveCount(0);

    for (const [mode, message] of [
      ['notfound', 'No camera found on this device.'],
      ['broken', 'Unable to access camera. Please check permissions and try again.'],
      ['unsupported', 'Camera not supported on this device.'],
    ] as const) {
      await setCameraMode(page, mode);
      await page.reload();
      await page.getByRole('button', { name: /Take Photos/ }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Camera Error' })).toContainText(message);
      await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
    }
  });

  test('an upload that cannot reach the server shows the failed box and Try Again sends the same photos', async ({
    signedInPage: page,
  }) => {
    await steerCamera(page);
    await page.goto('/capture');
    await controlledByServiceWorker(page);
    await openCamera(page);
    await takePhotos(page, 2);
    await page.route('**/api/items/upload?**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Upload 2' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'Upload failed' });
    await expect(failed).toContainText("Failed to create item: Can't reach Resale Studio");
    await page.unroute('**/api/items/upload?**');
    await failed.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByText('Product Batch Created!')).toBeVisible({ timeout: paced(30_000) });
    await expect(page.getByTestId('batch-created')).toContainText('2 photos');
  });
});
