import { must } from '@shared/must';
import type { PhotoAdjustments } from './photo-adjustments';

/**
 * Tonal adjustments as one 3x4 colour matrix (rows: r, g, b; columns: r, g, b, offset in 0-255), built from the
 * CSS filter definitions (Filter Effects spec), so a canvas result matches what a CSS filter preview shows and
 * works where CanvasRenderingContext2D.filter does not (older Safari).
 */
export type ColorMatrix = readonly number[];

const identity: ColorMatrix = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];

/** a applied after b. */
function compose(a: ColorMatrix, b: ColorMatrix): ColorMatrix {
  const out: number[] = [];
  const at = (m: ColorMatrix, index: number) => must(m[index], 'a colour matrix has 12 entries');
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 4; col++) {
      let sum = col === 3 ? at(a, row * 4 + 3) : 0;
      for (let k = 0; k < 3; k++) sum += at(a, row * 4 + k) * at(b, k * 4 + col);
      out.push(sum);
    }
  }
  return out;
}

const brightness = (x: number): ColorMatrix => [x, 0, 0, 0, 0, x, 0, 0, 0, 0, x, 0];
const contrast = (x: number): ColorMatrix => {
  const offset = 127.5 * (1 - x);
  return [x, 0, 0, offset, 0, x, 0, offset, 0, 0, x, offset];
};
const saturate = (s: number): ColorMatrix => [
  0.213 + 0.787 * s,
  0.715 - 0.715 * s,
  0.072 - 0.072 * s,
  0,
  0.213 - 0.213 * s,
  0.715 + 0.285 * s,
  0.072 - 0.072 * s,
  0,
  0.213 - 0.213 * s,
  0.715 - 0.715 * s,
  0.072 + 0.928 * s,
  0,
];
const hueRotate = (degrees: number): ColorMatrix => {
  const r = (degrees * Math.PI) / 180;
  const c = Math.cos(r);
  const s = Math.sin(r);
  return [
    0.213 + c * 0.787 - s * 0.213,
    0.715 - c * 0.715 - s * 0.715,
    0.072 - c * 0.072 + s * 0.928,
    0,
    0.213 - c * 0.213 + s * 0.143,
    0.715 + c * 0.285 + s * 0.14,
    0.072 - c * 0.072 - s * 0.283,
    0,
    0.213 - c * 0.213 - s * 0.787,
    0.715 - c * 0.715 + s * 0.715,
    0.072 + c * 0.928 + s * 0.072,
    0,
  ];
};

/**
 * In the order a CSS filter list applies them: exposure (±1 stop), brightness, contrast, saturation, warmth
 * (spec: hue rotation of -0.5 degrees per unit).
 */
export function adjustmentMatrix(a: Omit<PhotoAdjustments, 'sharpness'>): ColorMatrix {
  const steps: ColorMatrix[] = [];
  if (a.exposure) steps.push(brightness(2 ** (a.exposure / 50)));
  if (a.brightness) steps.push(brightness(1 + a.brightness / 100));
  if (a.contrast) steps.push(contrast(1 + a.contrast / 100));
  if (a.saturation) steps.push(saturate(1 + a.saturation / 100));
  if (a.warmth) steps.push(hueRotate(-0.5 * a.warmth));
  return steps.reduce((acc, step) => compose(step, acc), identity);
}

export const isIdentity = (m: ColorMatrix) => m.length === identity.length && m.every((v, i) => Math.abs(v - (identity[i] ?? NaN)) < 1e-9);

/** Applies the matrix to RGBA pixels in place (alpha untouched; Uint8ClampedArray clamps). */
export function applyColorMatrix(pixels: Uint8ClampedArray, m: ColorMatrix): void {
  if (m.length !== 12) throw new Error(`A colour matrix has 12 entries, not ${m.length}`);
  const [a = 1, b = 0, c = 0, d = 0, e = 0, f = 1, g = 0, h = 0, i = 0, j = 0, k = 1, l = 0] = m;
  // RGBA data: its length is a multiple of 4, so p + 2 is always in range (the ?? 0 never applies).
  for (let p = 0; p < pixels.length; p += 4) {
    const r = pixels[p] ?? 0;
    const gr = pixels[p + 1] ?? 0;
    const bl = pixels[p + 2] ?? 0;
    pixels[p] = a * r + b * gr + c * bl + d;
    pixels[p + 1] = e * r + f * gr + g * bl + h;
    pixels[p + 2] = i * r + j * gr + k * bl + l;
  }
}
