/**
 * Screenshots of the capture area's overlays (camera, review, Edit Photo, progress and success cards, Upload and
 * Assign SKUs with its queue, Camera Error) at desktop (1280) and phone (Pixel 7, 390) size, for looking at them.
 * Usage: node --import tsx scripts/screenshot-capture.ts --base http://localhost:3000 --out /tmp/shots-capture [--only phone]
 * A fresh account is created for each run; the fake camera is Chromium's.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { chromium, devices, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/support/chromium';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const base = option('--base') ?? 'http://localhost:3000';
const out = option('--out') ?? '/tmp/shots-capture';
const only = option('--only');
mkdirSync(out, { recursive: true });

const photoDir = mkdtempSync(path.join(tmpdir(), 'shots-photos-'));
const files: string[] = [];
for (let i = 0; i < 12; i++) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="100%" height="100%" fill="hsl(${i * 30},65%,50%)"/><circle cx="400" cy="300" r="170" fill="white" opacity="0.55"/></svg>`;
  const file = path.join(photoDir, `photo-${i + 1}.jpg`);
  files.push(file);
  writeFileSync(file, await sharp(Buffer.from(svg)).jpeg().toBuffer());
}

const shutterReady = (page: Page) =>
  page.waitForFunction(() => !(document.querySelector('[aria-label="Take photo"]') as HTMLButtonElement | null)?.disabled);
const settle = (page: Page) => page.waitForTimeout(350); // let transitions finish before the picture

const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs({ fakeCamera: true, allowCamera: true }) });
for (const [label, options] of [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['phone', { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } }],
] as const) {
  if (only && only !== label) continue;
  const email = `shots-${label}-${Date.now()}@example.com`;
  const context = await browser.newContext({ ...options, baseURL: base });
  await context.request.post('/api/auth/sign-up/email', { data: { email, password: 'secret12', name: 'Shots' } });
  await context.request.post('/api/auth/sign-in/email', { data: { email, password: 'secret12' } });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.log(label, 'page error:', err.message));
  const shot = async (name: string) => {
    await settle(page);
    const file = path.join(out, `${name}-${label}.png`);
    await page.screenshot({ path: file });
    console.log(file);
  };

  await page.goto('/capture');
  await shot('01-capture');
  await page.getByRole('button', { name: /Take Photos/ }).click();
  await shutterReady(page);
  for (let i = 0; i < 3; i++) {
    await page.getByRole('button', { name: 'Take photo', exact: true }).click();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=captured-thumbnail]').length === n, i + 1);
  }
  await page.getByText('Tap to focus').waitFor();
  await shot('02-camera');
  await page.getByTestId('camera-preview').click({ position: { x: 80, y: 80 } });
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await shot('03-camera-focus-filters');
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await page.getByRole('radio', { name: 'Aspect ratio 1:1' }).click();
  await shutterReady(page);
  await page.getByRole('button', { name: 'Take photo', exact: true }).click();
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await shot('04-review');
  await page.getByRole('button', { name: 'Edit photo 1' }).click();
  await page.getByRole('slider', { name: 'Warmth' }).focus();
  await page.keyboard.press('PageUp');
  await shot('05-edit-photo');
  await page.getByRole('button', { name: 'Save photo' }).click();

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/items/*/images', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: /^Upload \d+$/ }).click();
  await page.getByTestId('batch-sku').waitFor();
  await shot('06-creating-batch');
  release();
  await page.getByText('Product Batch Created!').waitFor();
  await shot('07-batch-created');
  await page.unroute('**/api/items/*/images');

  await page.getByRole('button', { name: /Upload Files/ }).click();
  await shot('08-upload-empty');
  await page.getByTestId('upload-file-input').setInputFiles(files);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=upload-tile] img').length === 12);
  await page.getByRole('checkbox', { name: 'Select photo 1', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Select photo 2', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Select photo 3', exact: true }).click();
  await page.getByLabel('SKU for selected photos').fill('DRESS-01');
  await page.keyboard.press('Enter');
  await page.getByRole('checkbox', { name: 'Select photo 4', exact: true }).click();
  await shot('09-upload-assign');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.getByTestId('no-sku-question').waitFor();
  await shot('09b-upload-no-sku-question');
  await page.getByRole('button', { name: /Group by shot time: \d/ }).click();
  await page.getByTestId('queue-entry').first().waitFor();
  await shot('10-upload-queue');
  await context.close();

  const denied = await browser.newContext({ ...options, baseURL: base });
  await denied.request.post('/api/auth/sign-in/email', { data: { email, password: 'secret12' } });
  await denied.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
  });
  const deniedPage = await denied.newPage();
  await deniedPage.goto(`${base}/capture`);
  await deniedPage.getByRole('button', { name: /Take Photos/ }).click();
  await deniedPage.getByText('Camera Error').waitFor();
  await deniedPage.screenshot({ path: path.join(out, `11-camera-error-${label}.png`) });
  console.log(path.join(out, `11-camera-error-${label}.png`));
  await denied.close();
}
await browser.close();
