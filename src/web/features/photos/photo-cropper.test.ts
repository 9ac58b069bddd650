import { describe, expect, it } from 'vitest';
import { initialCrop, toSourceRegion } from './photo-cropper';

const landscape = { width: 640, height: 480 };

describe('crop regions in the stored image pixels', () => {
  it('a 1:1 selection is centred, 90% of the shorter side, and stays square in source pixels', () => {
    const crop = initialCrop(landscape, 1);
    expect(toSourceRegion(crop, landscape, 1)).toEqual({ x: 104, y: 24, width: 432, height: 432 });
  });

  it('16:9 and 4:3 keep their ratio; free keeps 90% of each side', () => {
    const wide = toSourceRegion(initialCrop(landscape, 16 / 9), landscape, 16 / 9);
    expect(wide.width / wide.height).toBeCloseTo(16 / 9, 1);
    expect(wide.width).toBeLessThanOrEqual(640);
    const four = toSourceRegion(initialCrop({ width: 480, height: 640 }, 4 / 3), { width: 480, height: 640 }, 4 / 3);
    expect(four.width / four.height).toBeCloseTo(4 / 3, 1);
    expect(toSourceRegion(initialCrop(landscape, undefined), landscape, undefined)).toEqual({ x: 32, y: 24, width: 576, height: 432 });
  });

  it('never leaves the image and never goes under 50 px', () => {
    expect(toSourceRegion({ unit: '%', x: 95, y: 95, width: 2, height: 2 }, landscape, undefined)).toEqual({
      x: 590,
      y: 430,
      width: 50,
      height: 50,
    });
    expect(toSourceRegion({ unit: '%', x: 0, y: 0, width: 100.4, height: 100.4 }, landscape, undefined)).toEqual({
      x: 0,
      y: 0,
      width: 640,
      height: 480,
    });
  });
});
