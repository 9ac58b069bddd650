import sharp from 'sharp';

/** eBay colour names we can tell apart from an average of pixels. */
export const colourNames = [
  'Black',
  'White',
  'Gray',
  'Beige',
  'Brown',
  'Red',
  'Orange',
  'Yellow',
  'Green',
  'Blue',
  'Purple',
  'Pink',
] as const;
export type ColourName = (typeof colourNames)[number];

/**
 * The dominant colour of the middle of a photo (products are centred; the edges are mostly background),
 * by sharp's histogram, named.
 */
export async function dominantColourName(bytes: Buffer): Promise<ColourName | null> {
  try {
    const image = sharp(bytes, { failOn: 'none' }).rotate();
    const { width, height } = await image.metadata();
    if (!width || !height) return null;
    const crop = {
      left: Math.floor(width / 4),
      top: Math.floor(height / 4),
      width: Math.max(1, Math.floor(width / 2)),
      height: Math.max(1, Math.floor(height / 2)),
    };
    const { dominant } = await sharp(bytes, { failOn: 'none' }).extract(crop).resize(96, 96, { fit: 'fill' }).stats();
    return nameOfColour(dominant.r, dominant.g, dominant.b);
  } catch {
    return null;
  }
}

/** An sRGB colour -> the nearest everyday colour name, by hue, saturation and lightness. */
export function nameOfColour(r: number, g: number, b: number): ColourName {
  const [h, s, l] = toHsl(r, g, b);
  if (l < 0.13) return 'Black';
  if (l > 0.9 && s < 0.35) return 'White';
  if (s < 0.12) return l > 0.8 ? 'White' : l < 0.2 ? 'Black' : 'Gray';
  if (h >= 20 && h < 50 && s < 0.45 && l > 0.6) return 'Beige';
  if (h >= 10 && h < 50 && l < 0.45) return 'Brown';
  if (h < 12 || h >= 345) return l > 0.7 ? 'Pink' : 'Red';
  if (h < 40) return 'Orange';
  if (h < 70) return 'Yellow';
  if (h < 170) return 'Green';
  if (h < 255) return 'Blue';
  if (h < 300) return 'Purple';
  return 'Pink';
}

function toHsl(r: number, g: number, b: number): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === rn) h = ((gn - bn) / d + (gn < bn ? 6 : 0)) * 60;
  else if (max === gn) h = ((bn - rn) / d + 2) * 60;
  else h = ((rn - gn) / d + 4) * 60;
  return [h, s, l];
}
