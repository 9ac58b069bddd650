/**
 * Colour arithmetic for tests, written from the standards rather than through libvips/lcms, so it can check
 * what they do: Display P3 → sRGB (same D65 white and transfer curve, different primaries) and ΔE76 in CIELAB.
 */
import { must } from '@shared/must';

const LINEAR = Array.from({ length: 256 }, (_, encoded) => {
  const v = encoded / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
});
const toLinear = (encoded: number) => must(LINEAR[encoded], 'an 8-bit value indexes the 256-entry table');
/** One 8-bit sample; the loops below only read inside the pixel data. */
const sample = (pixels: Uint8Array, index: number) => must(pixels[index], `sample ${index} is inside the pixel data`);
const toEncoded = (linear: number) => {
  const v = Math.min(1, Math.max(0, linear));
  return 255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);
};

/** Linear Display P3 → linear sRGB (both D65): the sRGB XYZ→RGB matrix times the P3 RGB→XYZ matrix. */
const P3_TO_SRGB = [1.2249401, -0.2249404, 0, -0.0420569, 1.0420571, 0, -0.0196376, -0.0786361, 1.0982735] as const;

/** Converts interleaved 8-bit Display P3 pixels (`channels` per pixel) to 3-channel 8-bit sRGB, clipped to its gamut. */
export function displayP3PixelsToSrgb(pixels: Uint8Array, channels: number): Buffer {
  const count = pixels.length / channels;
  const out = Buffer.alloc(count * 3);
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = P3_TO_SRGB;
  for (let p = 0; p < count; p++) {
    const r = toLinear(sample(pixels, p * channels));
    const g = toLinear(sample(pixels, p * channels + 1));
    const b = toLinear(sample(pixels, p * channels + 2));
    out[p * 3] = Math.round(toEncoded(m0 * r + m1 * g + m2 * b));
    out[p * 3 + 1] = Math.round(toEncoded(m3 * r + m4 * g + m5 * b));
    out[p * 3 + 2] = Math.round(toEncoded(m6 * r + m7 * g + m8 * b));
  }
  return out;
}

/** 8-bit sRGB → CIELAB (D65). */
export function srgbToLab(r: number, g: number, b: number): [number, number, number] {
  const [R, G, B] = [toLinear(r), toLinear(g), toLinear(b)];
  const x = (0.4124564 * R + 0.3575761 * G + 0.1804375 * B) / 0.95047;
  const y = 0.2126729 * R + 0.7151522 * G + 0.072175 * B;
  const z = (0.0193339 * R + 0.119192 * G + 0.9503041 * B) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/**
 * ΔE76 between two same-sized interleaved sRGB images (channels each), on every `step`th pixel: mean and 95th
 * percentile.
 */
export function deltaE76(a: Uint8Array, aChannels: number, b: Uint8Array, bChannels: number, step = 7): { mean: number; p95: number } {
  const count = a.length / aChannels;
  if (count !== b.length / bChannels) throw new Error('images differ in size');
  const differences: number[] = [];
  for (let p = 0; p < count; p += step) {
    const la = srgbToLab(sample(a, p * aChannels), sample(a, p * aChannels + 1), sample(a, p * aChannels + 2));
    const lb = srgbToLab(sample(b, p * bChannels), sample(b, p * bChannels + 1), sample(b, p * bChannels + 2));
    differences.push(Math.hypot(la[0] - lb[0], la[1] - lb[1], la[2] - lb[2]));
  }
  differences.sort((x, y) => x - y);
  const mean = differences.reduce((sum, d) => sum + d, 0) / differences.length;
  return { mean, p95: must(differences[Math.floor(differences.length * 0.95)], 'at least one pixel was compared') };
}
