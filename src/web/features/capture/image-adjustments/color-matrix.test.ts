import { describe, expect, it } from 'vitest';
import { adjustmentMatrix, applyColorMatrix, isIdentity } from './color-matrix';
import { sharpen } from './sharpen';

const none = { brightness: 0, contrast: 0, saturation: 0, exposure: 0, warmth: 0 };
const px = (r: number, g: number, b: number) => new Uint8ClampedArray([r, g, b, 255]);

describe('photo adjustments as pixels', () => {
  it('is the identity with nothing adjusted', () => {
    expect(isIdentity(adjustmentMatrix(none))).toBe(true);
  });

  it('brightens like CSS brightness(1 + b/100) and contrasts around mid-grey', () => {
    const p = px(100, 100, 100);
    applyColorMatrix(p, adjustmentMatrix({ ...none, brightness: 50 }));
    expect([...p.slice(0, 3)]).toEqual([150, 150, 150]);
    const q = px(200, 50, 128);
    applyColorMatrix(q, adjustmentMatrix({ ...none, contrast: 50 }));
    expect([...q.slice(0, 3)]).toEqual([236, 11, 128]);
  });

  it('desaturates to grey at -100% and keeps grey grey under warmth', () => {
    const grey = px(90, 90, 90);
    applyColorMatrix(grey, adjustmentMatrix({ ...none, warmth: 40, saturation: 30 }));
    expect([...grey.slice(0, 3)].every((v) => Math.abs(v - 90) <= 1)).toBe(true);
  });

  it('warmth is hue-rotate(-0.5deg per unit): +50 turns pure red as CSS hue-rotate(-25deg) does', () => {
    const red = px(255, 0, 0);
    applyColorMatrix(red, adjustmentMatrix({ ...none, warmth: 50 }));
    expect([...red.slice(0, 3)]).toEqual([255, 0, 90]);
  });

  it('sharpening leaves flat areas alone and strengthens an edge', () => {
    const width = 3;
    const data = new Uint8ClampedArray(3 * 3 * 4).fill(100);
    data[(1 * width + 1) * 4] = 110;
    const image = { width, height: 3, data, colorSpace: 'srgb' } as ImageData;
    sharpen(image, 100);
    expect(data[(1 * width + 1) * 4]).toBe(5 * 110 - 4 * 100);
    expect(data[(1 * width + 1) * 4 + 1]).toBe(100);
  });
});
