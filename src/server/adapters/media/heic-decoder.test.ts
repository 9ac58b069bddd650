import { paced } from '@shared/testing/pace';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createHeicDecoder } from './heic-decoder';

const iphoneP3Heic = readFileSync(new URL('./fixtures/iphone-display-p3.heic', import.meta.url));
const gradient = readFileSync(new URL('./fixtures/gradient-320x240.heic', import.meta.url));

async function decodeWith(threads: number, bytes: Buffer) {
  const { width, height } = await sharp(bytes).metadata();
  const decoder = createHeicDecoder({ threads });
  try {
    return await decoder.decode(bytes, width, height);
  } finally {
    await decoder.close();
  }
}

describe('createHeicDecoder', () => {
  it(
    'decodes a tiled iPhone photo split across threads to the same pixels as one thread',
    async () => {
      const whole = await decodeWith(1, iphoneP3Heic);
      const split = await decodeWith(3, iphoneP3Heic);
      expect(whole).toMatchObject({ width: 2566, height: 3313 });
      expect(split.pixels.equals(whole.pixels)).toBe(true);
      // every tile was written: no untouched (all-zero, transparent) pixels left, the last row and column included
      const alpha = Array.from({ length: 2566 * 3313 }, (_, p) => split.pixels[p * 4 + 3]!);
      expect(Math.min(...alpha.slice(-2566))).toBe(255);
      expect(alpha.filter((a) => a !== 255)).toHaveLength(0);
    },
    paced(60_000),
  );

  it('decodes an image that is not a grid on one thread of many', async () => {
    const decoded = await decodeWith(2, gradient);
    expect(decoded).toMatchObject({ width: 320, height: 240 });
    expect(decoded.pixels[40 * 4 + 120 * 320 * 4 + 2]).toBeGreaterThan(150);
  });

  it('refuses a file whose pixels are not the size its header says', async () => {
    const decoder = createHeicDecoder({ threads: 2 });
    try {
      await expect(decoder.decode(gradient, 321, 240)).rejects.toThrow(/not the size/);
    } finally {
      await decoder.close();
    }
  });
});
