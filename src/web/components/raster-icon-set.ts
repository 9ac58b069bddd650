import type { IconName } from './icon-shapes';

/**
 * The icons long lists draw as one raster sprite instead of inline SVG, each in the Tailwind colour it is shown in
 * (as sRGB: sharp draws no oklch). An inline SVG icon is an element tree with its own clip and transform: in the
 * virtual dashboard under 4x CPU throttling a card with four of them cost 30-40 ms of style, layout, paint and
 * layerizing to add and remove, against 24-26 ms with raster icons (the same as with none; decision record 031, step 036).
 */
export const rasterIcons = {
  'pencil-slate-500': { shape: 'pencil', color: '#62748e' },
  'images-indigo-700': { shape: 'images', color: '#432dd7' },
  'upload-indigo-700': { shape: 'upload', color: '#432dd7' },
  'trash-red-600': { shape: 'trash', color: '#e7000b' },
  'check-emerald-700': { shape: 'check', color: '#007a55' },
  'check-emerald-800': { shape: 'check', color: '#006045' },
  'alertTriangle-amber-800': { shape: 'alertTriangle', color: '#973c00' },
  'alertTriangle-red-700': { shape: 'alertTriangle', color: '#c10007' },
  'clock-slate-700': { shape: 'clock', color: '#314158' },
} as const satisfies Record<string, { shape: IconName; color: string }>;

export type RasterIconName = keyof typeof rasterIcons;
