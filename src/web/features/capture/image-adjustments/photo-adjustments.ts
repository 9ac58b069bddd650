/** Photo adjustments, with their ranges and steps. */
export interface PhotoAdjustments {
  brightness: number;
  contrast: number;
  saturation: number;
  exposure: number;
  warmth: number;
  sharpness: number;
}

export type AdjustmentName = keyof PhotoAdjustments;

export interface AdjustmentTool {
  name: AdjustmentName;
  label: string;
  min: number;
  max: number;
  step: number;
}

export const adjustmentTools: readonly AdjustmentTool[] = [
  { name: 'brightness', label: 'Brightness', min: -50, max: 50, step: 1 },
  { name: 'contrast', label: 'Contrast', min: -50, max: 50, step: 1 },
  { name: 'saturation', label: 'Saturation', min: -50, max: 50, step: 1 },
  { name: 'exposure', label: 'Exposure', min: -50, max: 50, step: 1 },
  { name: 'warmth', label: 'Warmth', min: -50, max: 50, step: 1 },
  { name: 'sharpness', label: 'Sharpness', min: 0, max: 100, step: 5 },
];

export const noAdjustments: PhotoAdjustments = { brightness: 0, contrast: 0, saturation: 0, exposure: 0, warmth: 0, sharpness: 0 };

export const isAdjusted = (a: PhotoAdjustments) => Object.values(a).some((v) => v !== 0);

/** Live filter settings: brightness and contrast, each -50 to 50. */
export interface LiveFilters {
  brightness: number;
  contrast: number;
}

export const noLiveFilters: LiveFilters = { brightness: 0, contrast: 0 };

/** The CSS filter the live preview shows; captures apply the same numbers to pixels (color-matrix.ts). */
export function liveFilterCss({ brightness, contrast }: LiveFilters): string | undefined {
  if (brightness === 0 && contrast === 0) return undefined;
  return `brightness(${1 + brightness / 100}) contrast(${1 + contrast / 100})`;
}
