import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { Item } from '@shared/contracts/items';
import { listedItemsWithPhotos } from './support/listed-items';
import { generateJpegs, type GeneratedPhoto } from './capture-helpers';
import { e2eEnv } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { paced } from './support/pace';

test.skip(({ isMobile }) => !isMobile, 'a flow runs once: on the phone, where sellers run it (decision 135)');

let photos: GeneratedPhoto[];
test.beforeAll(async () => {
  photos = await generateJpegs(12);
});

async function openUploadDialog(page: Page): Promise<Locator> {
  await page.goto('/capture');
  await page.getByRole('button', { name: /Upload Files/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload and Assign SKUs' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const batches = (page: Page): Promise<Item[]> => listedItemsWithPhotos(page.request, 'view=batches');

/** Selects tiles from..to (1-based): Shift+click on a desktop, the tiles' checkboxes on a touch phone. */
async function selectRange(dialog: Locator, from: number, to: number, isMobile: boolean) {
  if (isMobile) {
    for (let n = from; n <= to; n++) await dialog.getByRole('checkbox', { name: `Select photo ${n}`, exact: true }).tap();
    return;
  }
  await dialog.getByRole('button', { name: new RegExp(`^Photo ${from}:`) }).click();
  await dialog.getByRole('button', { name: new RegExp(`^Photo ${to}:`) }).click({ modifiers: ['Shift'] });
}

const skuField = (dialog: Locator, n: number) => dialog.getByRole('textbox', { name: `SKU for photo ${n}`, exact: true });

test.describe('Upload and Assign SKUs', () => {
  test('12 files across 3 SKUs with multi-select, bulk assign and the keyboard; 3 products in order', async ({
    signedInPage: page,
    isMobile,
  }) => {
    const dialog = await openUploadDialog(page);
    await expect(dialog.getByTestId('sku-hints')).toContainText('Last: none yet');
    await expect(dialog.getByTestId('sku-hints')).toContainText('Next: PSTFSH-001');

    await dialog.getByTestId('upload-file-input').setInputFiles(photos.map((p) => p.path));
    const tiles = dialog.getByTestId('upload-tile');
    await expect(tiles).toHaveCount(12);
    await expect(tiles.locator('img')).toHaveCount(12);
    await expect(dialog.getByTestId('upload-counts')).toHaveText('12 images · 0 with SKU · 0 unique products');

    // Product A: range selection, Enter assigns (typed lower-case, stored upper-case).
    await selectRange(dialog, 1, 4, isMobile);
    await expect(dialog.getByText('4 selected')).toBeVisible();
    const bulk = dialog.getByRole('textbox', { name: 'SKU for selected photos' });
    await bulk.fill('dress-a');
    await expect(bulk).toHaveValue('DRESS-A');
    await bulk.press('Enter');
    for (let n = 1; n <= 4; n++) await expect(skuField(dialog, n)).toHaveValue('DRESS-A');
    await expect(dialog.getByText('0 selected')).toBeVisible();

    // Product B: Ctrl/Cmd+click (checkboxes on touch), the Assign button.
    if (isMobile) {
      for (const n of [5, 6, 7, 8]) await dialog.getByRole('checkbox', { name: `Select photo ${n}`, exact: true }).tap();
    } else {
      await dialog.getByRole('button', { name: /^Photo 5:/ }).click();
      for (const n of [6, 7, 8])
        await dialog.getByRole('button', { name: new RegExp(`^Photo ${n}:`) }).click({ modifiers: ['ControlOrMeta'] });
    }
    await expect(dialog.getByText('4 selected')).toBeVisible();
    await bulk.fill('Shirt-B');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    for (let n = 5; n <= 8; n++) await expect(skuField(dialog, n)).toHaveValue('SHIRT-B');

    // A SKU field under a photo upper-cases as it is typed.
    await skuField(dialog, 9).pressSequentially('bag');
    await expect(skuField(dialog, 9)).toHaveValue('BAG');
    await expect(dialog.getByTestId('upload-counts')).toHaveText('12 images · 9 with SKU · 3 unique products');

    // Product C: Enter on an empty SKU is refused; Ctrl/Cmd+Enter assigns and uploads everything.
    await selectRange(dialog, 9, 12, isMobile);
    await bulk.fill('  ');
    await bulk.press('Enter');
    await expect(dialog.getByText('SKU cannot be empty')).toBeVisible();
    await bulk.fill('bag-c');
    await bulk.press('ControlOrMeta+Enter');

    const entries = dialog.getByTestId('queue-entry');
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toHaveAttribute('data-sku', 'DRESS-A');
    await expect(entries.nth(1)).toHaveAttribute('data-sku', 'SHIRT-B');
    await expect(entries.nth(2)).toHaveAttribute('data-sku', 'BAG-C');
    await expect(tiles).toHaveCount(0);
    await expect(dialog.locator('[data-testid=queue-entry][data-status=completed]').first()).toBeVisible({ timeout: paced(30_000) });
    await expect(dialog.locator('[data-testid=queue-entry][data-status=failed]')).toHaveCount(0);
    // Completed entries leave the queue after 3 s.
    await expect(entries).toHaveCount(0, { timeout: paced(30_000) });

    const items = await batches(page);
    const bySku = new Map(items.map((item) => [item.sku, item]));
    const groups = [
      ['DRESS-A', photos.slice(0, 4)],
      ['SHIRT-B', photos.slice(4, 8)],
      ['BAG-C', photos.slice(8, 12)],
    ] as const;
    for (const [sku, files] of groups) {
      const item = bySku.get(sku)!;
      expect(item, sku).toBeDefined();
      expect(item.photoCount).toBe(4);
      const ordered = [...item.images].sort((a, b) => a.order - b.order);
      expect(ordered.map((image) => image.width)).toEqual(files.map((f) => f.width));
      expect(ordered[0]!.isPrimary).toBe(true);
    }
    // One SKU at a time, in order: batch numbers follow the queue.
    const numbers = groups.map(([sku]) => bySku.get(sku)!.batchNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    await expect(dialog.getByTestId('sku-hints')).toContainText('Last: BAG-C');
  });

  test('photos without a SKU become one product with the next generated SKU when the seller says so; drag and drop adds photos', async ({
    signedInPage: page,
  }) => {
    const dialog = await openUploadDialog(page);
    await dialog.getByTestId('upload-file-input').setInputFiles(photos.slice(0, 2).map((p) => p.path));
    await expect(dialog.getByTestId('upload-tile')).toHaveCount(2);

    // Drop a third photo onto the dialog.
    await dialog.evaluate(async (element) => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 240;
      canvas.getContext('2d')!.fillRect(0, 0, 320, 240);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.9));
      const data = new DataTransfer();
      data.items.add(new File([blob], 'dropped.jpg', { type: 'image/jpeg' }));
      for (const type of ['dragenter', 'dragover', 'drop'])
        element.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await expect(dialog.getByTestId('upload-tile')).toHaveCount(3);
    await dialog.getByRole('button', { name: 'Remove photo 2' }).click();
    await expect(dialog.getByTestId('upload-counts')).toHaveText('2 images · 0 with SKU · 0 unique products');

    // Several photos without a SKU: Upload asks how they split into products first.
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog.getByTestId('no-sku-question')).toContainText('2 photos have no SKU');
    await dialog.getByRole('button', { name: 'One product', exact: true }).click();
    await expect(dialog.getByTestId('queue-entry')).toHaveCount(1);
    await expect(dialog.getByTestId('queue-entry')).toHaveAttribute('data-sku', /^PSTFSH-\d{3,}$/, { timeout: paced(30_000) });
    await expect(dialog.getByTestId('queue-entry')).toHaveCount(0, { timeout: paced(30_000) });
    const item = (await batches(page))[0]!;
    expect(item.sku).toMatch(/^PSTFSH-\d{3,}$/);
    expect([...item.images].sort((a, b) => a.order - b.order).map((i) => i.width)).toEqual([photos[0]!.width, 320]);
  });

  test('an iPhone HEIC photo is accepted and sent as it is (the server converts it)', async ({ signedInPage: page }) => {
    const heic = path.join(e2eEnv.root, 'src/server/adapters/media/fixtures/gradient-320x240.heic');
    const dialog = await openUploadDialog(page);
    await dialog.getByTestId('upload-file-input').setInputFiles([photos[0]!.path, heic]);
    await expect(dialog.getByTestId('upload-tile')).toHaveCount(2);
    // Chromium cannot decode HEIC: a labelled placeholder instead of a preview (Safari shows the photo).
    await expect(dialog.getByTestId('upload-tile').nth(1)).toContainText('HEIC photo: its preview shows once uploaded');
    await expect(dialog.getByTestId('upload-tile').nth(1)).toContainText('gradient-320x240.heic');
    await skuField(dialog, 1).fill('heic-1');
    await skuField(dialog, 2).fill('heic-1');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog.getByTestId('queue-entry')).toHaveCount(1);
    await expect(dialog.getByTestId('queue-entry')).toHaveCount(0, { timeout: paced(30_000) });
    const item = (await batches(page)).find((i) => i.sku === 'HEIC-1')!;
    expect([...item.images].sort((a, b) => a.order - b.order).map((i) => [i.width, i.height])).toEqual([
      [photos[0]!.width, photos[0]!.height],
      [320, 240],
    ]);
  });

  test('on a slow connection each photo of a product shows its own progress, all sent in one request', async ({ signedInPage: page }) => {
    const dialog = await openUploadDialog(page);
    const sent = await generateJpegs(4, { baseWidth: 1200, height: 900, prefix: 'slow' });
    await dialog.getByTestId('upload-file-input').setInputFiles(sent.map((p) => p.path));
    await dialog.getByRole('button', { name: 'Select All' }).click();
    await dialog.getByRole('textbox', { name: 'SKU for selected photos' }).fill('slow-1');
    await dialog.getByRole('button', { name: 'Assign' }).click();

    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/items\/upload\?/.test(request.url())) uploads.push(request.url());
    });
    // About 40 KB/s up: the photos take a few seconds to go out.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 40 * 1024,
    });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();

    const segments = dialog.getByTestId('queue-entry').getByTestId('photo-progress');
    await expect(segments).toHaveCount(4);
    const percents = () => segments.evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute('data-percent'))));
    // The first photo is through while the last has not finished: progress is per photo, in order.
    await expect
      .poll(
        async () => {
          const [first = 0, , , last = 0] = await percents();
          return first >= 99 && last < 99;
        },
        { timeout: paced(20_000), intervals: [50] },
      )
      .toBe(true);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(dialog.getByTestId('queue-entry')).toHaveCount(0, { timeout: paced(30_000) });

    expect(uploads).toHaveLength(1);
    const item = (await batches(page)).find((i) => i.sku === 'SLOW-1')!;
    expect([...item.images].sort((a, b) => a.order - b.order).map((image) => image.width)).toEqual(sent.map((p) => p.width));
  });

  test('a failed upload stays in the queue with the mapped message until retried, renamed or cleared', async ({ signedInPage: page }) => {
    const dialog = await openUploadDialog(page);
    await dialog.getByTestId('upload-file-input').setInputFiles(photos.slice(0, 2).map((p) => p.path));
    await page.route('**/api/items/upload?**', (route) => route.abort('internetdisconnected'));
    await dialog.getByRole('button', { name: 'Select All' }).click();
    await dialog.getByRole('textbox', { name: 'SKU for selected photos' }).fill('coat-9');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const entry = dialog.getByTestId('queue-entry');
    await expect(entry).toHaveAttribute('data-status', 'failed');
    // Failed for want of a connection: it waits for one (and goes by itself), never a red "Failed · Network error".
    await expect(entry).toContainText('Waiting for a connection');
    await expect(entry).not.toContainText('Failed');
    await expect(entry.getByRole('alert')).toHaveCount(0);

    await page.unroute('**/api/items/upload?**');
    await entry.getByRole('button', { name: 'Retry', exact: true }).click();
    await expect(entry).toHaveCount(0, { timeout: paced(30_000) });
    expect((await batches(page)).find((i) => i.sku === 'COAT-9')?.photoCount).toBe(2);

    // A SKU that exists now: warned while typing; the upload is a conflict, and the same photo goes again renamed.
    await dialog.getByTestId('upload-file-input').setInputFiles([photos[2]!.path]);
    await dialog.getByRole('textbox', { name: 'SKU for selected photos' }).fill('coat-9');
    await expect(dialog.getByTestId('sku-taken')).toHaveText('COAT-9 is already used by one of your products: choose another SKU.');
    await dialog.getByRole('textbox', { name: 'SKU for selected photos' }).fill('coat-91');
    await expect(dialog.getByTestId('sku-taken')).toHaveCount(0);
    await dialog.getByRole('textbox', { name: 'SKU for selected photos' }).fill('');
    await skuField(dialog, 1).fill('coat-9');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(entry.getByRole('alert')).toHaveText('SKU conflict - please try again');
    await entry.getByRole('textbox', { name: 'New SKU for COAT-9' }).fill('coat-10');
    await entry.getByRole('button', { name: 'Rename and Retry' }).click();
    await expect(entry).toHaveCount(0, { timeout: paced(30_000) });
    expect((await batches(page)).find((i) => i.sku === 'COAT-10')?.images.map((image) => image.width)).toEqual([photos[2]!.width]);

    // Clear removes a failed entry.
    await dialog.getByTestId('upload-file-input').setInputFiles([photos[3]!.path]);
    await skuField(dialog, 1).fill('coat-9');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(entry.getByRole('alert')).toHaveText('SKU conflict - please try again');
    await entry.getByRole('button', { name: 'Clear' }).click();
    await expect(entry).toHaveCount(0);
  });

  test('a file the server cannot read is named without Retry; a full server disk is a storage error the seller can retry', async ({
    signedInPage: page,
  }) => {
    // A valid 12-bit JPEG (SOF1, precision 12): a format neither the browser nor the server decodes.
    const twelveBit = Buffer.from(readFileSync(photos[4]!.path));
    const frame = twelveBit.indexOf(Buffer.from([0xff, 0xc0]));
    twelveBit[frame + 1] = 0xc1;
    twelveBit[frame + 4] = 12;
    const scan = path.join(path.dirname(photos[4]!.path), 'scan.jpg');
    writeFileSync(scan, twelveBit);

    const dialog = await openUploadDialog(page);
    await dialog.getByTestId('upload-file-input').setInputFiles([scan]);
    await skuField(dialog, 1).fill('scan-1');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const entry = dialog.getByTestId('queue-entry');
    await expect(entry).toHaveAttribute('data-status', 'failed', { timeout: paced(30_000) });
    await expect(entry.getByRole('alert')).toHaveText(/^scan\.jpg is not a format we can read: save it as an ordinary JPEG, PNG or WebP/);
    await expect(entry.getByRole('button', { name: 'Retry', exact: true })).toHaveCount(0);
    await entry.getByRole('button', { name: 'Clear' }).click();

    // The server's disk is full (507): the agreed storage message, and Retry once space is freed.
    await page.route('**/api/items/upload?**', (route) =>
      route.fulfill({
        status: 507,
        json: { error: { code: 'INSUFFICIENT_STORAGE', message: "The server's storage is full, so the photos could not be stored." } },
      }),
    );
    await dialog.getByTestId('upload-file-input').setInputFiles([photos[5]!.path]);
    await skuField(dialog, 1).fill('full-1');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(entry.getByRole('alert')).toHaveText('Storage error - image upload failed');
    await page.unroute('**/api/items/upload?**');
    await entry.getByRole('button', { name: 'Retry', exact: true }).click();
    await expect(entry).toHaveCount(0, { timeout: paced(30_000) });
    expect((await batches(page)).find((i) => i.sku === 'FULL-1')?.photoCount).toBe(1);
    expect((await batches(page)).some((i) => i.sku === 'SCAN-1')).toBe(false);
  });

  test('more than 50 files show the processing message', async ({ signedInPage: page }) => {
    const many = await generateJpegs(51, { baseWidth: 64, height: 48, prefix: 'many' });
    const dialog = await openUploadDialog(page);
    // The message is shown while previews are made: record that it appeared, however fast the machine is.
    await page.evaluate(() => {
      const w = window as unknown as { __sawProcessing: boolean };
      w.__sawProcessing = false;
      new MutationObserver(() => {
        if (document.body.textContent?.includes('Processing 51 images... This may take a moment.')) w.__sawProcessing = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await dialog.getByTestId('upload-file-input').setInputFiles(many.map((p) => p.path));
    await expect(dialog.getByTestId('upload-tile')).toHaveCount(51);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __sawProcessing: boolean }).__sawProcessing)).toBe(true);
    await expect(dialog.getByTestId('upload-tile').locator('img')).toHaveCount(51);
    await expect(dialog.getByText(/Processing \d+ images/)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});

// On the phone project only: the phone is where sellers upload their hundreds; the desktop ran the same code with the
// same checks for about 100 s more (decision 096). The dialog's other tests above run on both projects.
test.describe('Upload and Assign SKUs, 100 photos', () => {
  test.skip(({ isMobile }) => !isMobile, 'phone project only: the same code and checks as on the desktop');
  test('the page stays responsive while 100 photos are compressed and uploaded', async ({ signedInPage: page }) => {
    const hundred = await generateJpegs(100, { baseWidth: 1000, height: 1200, prefix: 'big' });
    const dialog = await openUploadDialog(page);
    await dialog.getByTestId('upload-file-input').setInputFiles(hundred.map((p) => p.path));
    await expect(dialog.getByTestId('upload-tile').locator('img')).toHaveCount(100, { timeout: paced(60_000) });
    await dialog.getByRole('button', { name: 'Select All' }).click();
    await dialog.getByRole('textbox', { name: 'SKU for selected photos' }).fill('lot-100');
    await dialog.getByRole('button', { name: 'Assign' }).click();

    // From here on, record main-thread tasks over 50 ms ("long tasks") and how long each key press took to handle
    // and paint (Event Timing, the measure behind Interaction to Next Paint).
    await page.evaluate(() => {
      const w = window as unknown as { __longTasks: number[]; __keys: number[] };
      w.__longTasks = [];
      w.__keys = [];
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__longTasks.push(e.duration))).observe({ type: 'longtask' });
      new PerformanceObserver((list) => list.getEntries().forEach((e) => e.name.startsWith('key') && w.__keys.push(e.duration))).observe({
        type: 'event',
        durationThreshold: 16,
      } as PerformanceObserverInit);
    });
    const started = Date.now();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const entry = dialog.getByTestId('queue-entry');
    await expect(entry).toHaveAttribute('data-status', /compressing|uploading/);
    // Typing while the queue works: every key lands.
    const bulk = dialog.getByRole('textbox', { name: 'SKU for selected photos' });
    await bulk.pressSequentially('still-typing', { delay: 20 });
    await expect(bulk).toHaveValue('STILL-TYPING', { timeout: paced(2000) });
    await expect(entry).toHaveAttribute('data-status', 'completed', { timeout: paced(45_000) });
    const elapsed = Date.now() - started;
    const workers = page.workers().length;

    const { longTasks, keys } = await page.evaluate(() => {
      const w = window as unknown as { __longTasks: number[]; __keys: number[] };
      return { longTasks: w.__longTasks, keys: w.__keys };
    });
    const busy = longTasks.reduce((sum, d) => sum + d, 0);
    const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : 0);
    const report =
      `${elapsed} ms for 100 photos, ${workers} compression worker(s); long tasks ${Math.round(busy)} ms in total (${Math.round((100 * busy) / elapsed)}%), ` +
      `longest ${Math.round(Math.max(0, ...longTasks))} ms; key presses: median ${Math.round(median(keys))} ms, longest ${Math.round(Math.max(0, ...keys))} ms`;
    test.info().annotations.push({ type: 'responsiveness', description: report });
    console.log(`[${test.info().project.name}] ${report}`);
    // Pixel work runs in workers: the main thread is free most of the time and nothing freezes the page. Key-press
    // latency is reported, not asserted: on a shared 2-core machine that also runs the server (sharp) and the other
    // project, it measures the operating system's scheduling more than this page.
    expect(workers, report).toBeGreaterThanOrEqual(1);
    expect(busy / elapsed, report).toBeLessThan(0.35);
    expect(Math.max(0, ...longTasks), report).toBeLessThan(1000);
    const item = (await batches(page)).find((i) => i.sku === 'LOT-100')!;
    expect(item.photoCount).toBe(100);
    expect([...item.images].sort((a, b) => a.order - b.order).map((i) => i.width)).toEqual(hundred.map((p) => p.width));
  });
});
