/**
 * Helpers for the capture and upload specs: a getUserMedia wrapper the test can steer (deny, hold, count calls)
 * and JPEG files generated with sharp (no fixture files in the repository).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, type Page } from '@playwright/test';

export type CameraMode = 'allow' | 'deny' | 'notfound' | 'broken' | 'unsupported' | 'hold';

export interface CameraProbe {
  calls: Array<{ audio: unknown; video: { facingMode?: { ideal?: string }; width?: unknown; height?: unknown; aspectRatio?: unknown } }>;
  liveTracks: number;
  vibrations: unknown[];
}

/**
 * Installs, before the app loads, a wrapper around getUserMedia. The mode comes from sessionStorage
 * ('camera-mode') so a test can change it between navigations; window.__camera exposes calls and live tracks.
 */
export async function steerCamera(page: Page, mode: CameraMode = 'allow') {
  await page.addInitScript((initial) => {
    if (!sessionStorage.getItem('camera-mode')) sessionStorage.setItem('camera-mode', initial);
    const w = window as unknown as { __camera: { calls: unknown[]; streams: MediaStream[]; vibrations: unknown[]; release?: () => void } };
    w.__camera = { calls: [], streams: [], vibrations: [] };
    navigator.vibrate = ((pattern: unknown) => {
      w.__camera.vibrations.push(pattern);
      return true;
    }) as Navigator['vibrate'];
    const mode = sessionStorage.getItem('camera-mode');
    if (mode === 'unsupported') {
      Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
      return;
    }
    const real = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints?: MediaStreamConstraints) => {
      w.__camera.calls.push(JSON.parse(JSON.stringify(constraints ?? {})));
      const current = sessionStorage.getItem('camera-mode');
      if (current === 'deny') throw new DOMException('Permission denied', 'NotAllowedError');
      if (current === 'notfound') throw new DOMException('Requested device not found', 'NotFoundError');
      if (current === 'broken') throw new DOMException('Could not start video source', 'NotReadableError');
      if (current === 'hold') await new Promise<void>((resolve) => (w.__camera.release = resolve));
      const stream = await real(constraints);
      w.__camera.streams.push(stream);
      return stream;
    };
  }, mode);
}

export async function setCameraMode(page: Page, mode: CameraMode) {
  await page.evaluate((m) => sessionStorage.setItem('camera-mode', m), mode);
}

export function cameraProbe(page: Page): Promise<CameraProbe> {
  return page.evaluate(() => {
    const w = window as unknown as { __camera: { calls: CameraProbe['calls']; streams: MediaStream[]; vibrations: unknown[] } };
    const liveTracks = w.__camera.streams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === 'live').length;
    return { calls: w.__camera.calls, liveTracks, vibrations: w.__camera.vibrations };
  });
}

/** Opens the camera from the capture screen and waits until the shutter is usable. */
export async function openCamera(page: Page) {
  await page.getByRole('button', { name: /Take Photos/ }).click();
  await expect(page.getByRole('button', { name: 'Take photo', exact: true })).toBeEnabled();
}

/** Presses the shutter n times, each time waiting for the new thumbnail. */
export async function takePhotos(page: Page, n: number) {
  const thumbnails = page.getByTestId('captured-thumbnail');
  const before = await thumbnails.count();
  for (let i = 1; i <= n; i++) {
    await expect(page.getByRole('button', { name: 'Take photo', exact: true })).toBeEnabled();
    await page.getByRole('button', { name: 'Take photo', exact: true }).click();
    await expect(thumbnails).toHaveCount(before + i);
  }
}

export interface GeneratedPhoto {
  path: string;
  width: number;
  height: number;
}

/** Distinct JPEGs (each its own width, so stored order can be checked by size) in a fresh temp folder. */
export async function generateJpegs(
  count: number,
  options: { baseWidth?: number; height?: number; prefix?: string } = {},
): Promise<GeneratedPhoto[]> {
  const { baseWidth = 640, height = 480, prefix = 'photo' } = options;
  const dir = mkdtempSync(path.join(tmpdir(), 'resale-e2e-'));
  mkdirSync(dir, { recursive: true });
  const photos: GeneratedPhoto[] = [];
  for (let i = 0; i < count; i++) {
    const width = baseWidth + i * 8;
    const hue = Math.round((360 * i) / count);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="hsl(${hue},70%,50%)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="white" opacity="0.5"/></svg>`;
    const file = path.join(dir, `${prefix}-${String(i + 1).padStart(3, '0')}.jpg`);
    writeFileSync(file, await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer());
    photos.push({ path: file, width, height });
  }
  return photos;
}
