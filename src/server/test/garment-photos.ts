import sharp from 'sharp';
import { seeded } from './seeded-random';

export type GarmentShape = 'dress' | 'tshirt' | 'trousers' | 'jacket' | 'shoe';

export interface GarmentPhotoOptions {
  /** The garment's colour, "#c2185b". */
  garment: string;
  /** The backdrop's colour. */
  background: string;
  shape: GarmentShape;
  seed: number;
  /** Per-pixel noise, ± this much on each channel. */
  noise?: number;
  /** Light falling off across the photo: 0 even, 0.15 the far side 15 % darker. */
  falloff?: number;
  width?: number;
  height?: number;
}

const rgbOf = (hex: string) => {
  const v = Number.parseInt(hex.replace('#', ''), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255] as const;
};

/** Whether (u, v), both 0-1 across the garment's box, is inside the shape. */
function inside(shape: GarmentShape, u: number, v: number): boolean {
  switch (shape) {
    case 'dress': {
      if (v < 0.12) return Math.abs(u - 0.5) < 0.12 && Math.abs(u - 0.5) > 0.04; // straps
      const half = 0.16 + 0.3 * v; // flaring to the hem
      return Math.abs(u - 0.5) < half;
    }
    case 'tshirt':
      if (v < 0.3) return Math.abs(u - 0.5) < 0.5 && !(v < 0.06 && Math.abs(u - 0.5) < 0.1); // sleeves, neck
      return Math.abs(u - 0.5) < 0.3;
    case 'jacket':
      if (v < 0.85) return Math.abs(u - 0.5) < (v < 0.1 ? 0.3 : 0.48) && !(Math.abs(u - 0.5) < 0.015);
      return Math.abs(u - 0.5) < 0.3;
    case 'shoe': {
      // A trainer from the side, in the lower part of the box: the collar high at the heel, the toe low at the front.
      if (v < 0.35 || u < 0.02 || u > 0.98) return false;
      const top = u < 0.45 ? 0.35 + 0.1 * u : 0.395 + 0.4 * (u - 0.45);
      return v >= top && !(u > 0.85 && v < top + (u - 0.85) * 1.5);
    }
    case 'trousers':
      if (v < 0.25) return Math.abs(u - 0.5) < 0.32;
      return Math.abs(u - 0.5) < 0.32 && Math.abs(u - 0.5) > 0.03 + 0.04 * v; // two legs
  }
}

/**
 * A photo of a garment as a reseller takes it, drawn: one solid-coloured garment shape, centred but not exactly, on a
 * plain backdrop, with light falling off across it, a soft shadow line, per-pixel noise and JPEG compression. The same
 * seed gives the same photo.
 */
export async function garmentPhoto(options: GarmentPhotoOptions): Promise<Buffer> {
  const { garment, background, shape, seed, noise = 12, falloff = 0.1, width = 480, height = 600 } = options;
  const random = seeded(seed);
  const unit = () => random.int(0, 1_000_000) / 1_000_000;
  const g = rgbOf(garment);
  const bg = rgbOf(background);
  const boxW = width * (0.55 + 0.15 * unit());
  const boxH = height * (0.65 + 0.15 * unit());
  const left = (width - boxW) / 2 + (unit() - 0.5) * width * 0.08;
  const top = (height - boxH) / 2 + (unit() - 0.5) * height * 0.08;
  const angle = unit() * Math.PI * 2;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const u = (x - left) / boxW;
      const v = (y - top) / boxH;
      const on = u >= 0 && u <= 1 && v >= 0 && v <= 1 && inside(shape, u, v);
      // Light across the photo, in a direction of the seed's.
      const across = ((x / width - 0.5) * Math.cos(angle) + (y / height - 0.5) * Math.sin(angle)) * 2;
      const light = 1 - falloff * (across + 1) * 0.5;
      // Folds: gentle bands of shade on the garment.
      const fold = on ? 1 - 0.06 * Math.max(0, Math.sin(u * 19 + v * 7)) : 1;
      const base = on ? g : bg;
      for (let c = 0; c < 3; c += 1) {
        const value = base[c]! * light * fold + (unit() - 0.5) * 2 * noise;
        pixels[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
}
