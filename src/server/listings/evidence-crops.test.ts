import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cropRegion, cutCrop } from './evidence-crops';

describe('the crop of a fact read on a photo', () => {
  it("is the box's pixels with a margin of a third of the line's height, inside the photo", () => {
    // A line 40 px high across the middle of an 800 x 600 photo: 14 px of margin on every side.
    expect(cropRegion({ x: 0.25, y: 0.5, width: 0.5, height: 40 / 600 }, { width: 800, height: 600 })).toEqual({
      left: 186,
      top: 286,
      width: 428,
      height: 68,
    });
    // At the photo's corner the margin stops at its edge.
    expect(cropRegion({ x: 0, y: 0, width: 0.1, height: 0.05 }, { width: 800, height: 600 })).toEqual({
      left: 0,
      top: 0,
      width: 91,
      height: 41,
    });
    // The whole photo (a colour's evidence) is the whole photo.
    expect(cropRegion({ x: 0, y: 0, width: 1, height: 1 }, { width: 480, height: 600 })).toEqual({
      left: 0,
      top: 0,
      width: 480,
      height: 600,
    });
  });

  it('is nothing where the box leaves nothing of the photo', () => {
    expect(cropRegion({ x: 1, y: 1, width: 0, height: 0 }, { width: 800, height: 600 })).toBeNull();
  });

  it('cuts that region out of the photo as a small WebP', async () => {
    // A grey photo with one red band where the label's line is.
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#808080' } })
      .composite([{ input: { create: { width: 600, height: 60, channels: 3, background: '#ff0000' } }, left: 300, top: 420 }])
      .jpeg()
      .toBuffer();
    const crop = await cutCrop(photo, { x: 0.25, y: 420 / 900, width: 0.5, height: 60 / 900 });
    expect(crop).not.toBeNull();
    const meta = await sharp(crop!).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBeLessThanOrEqual(480);
    // Mostly the band: its middle is red, its margin grey.
    const { data, info } = await sharp(crop!).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const [r, g] = at(Math.floor(info.width / 2), Math.floor(info.height / 2));
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(60);
    expect(at(1, 1)[0]).toBeLessThan(160);
    expect(Math.abs(info.width / info.height - (600 + 42) / (60 + 42))).toBeLessThan(0.3);
  });

  it('is nothing for bytes that are no photo', async () => {
    expect(await cutCrop(Buffer.from('not a photo'), { x: 0, y: 0, width: 1, height: 1 })).toBeNull();
  });
});
