/** The aspect ratios: 16:9 (default), 4:3, 1:1. */
export const aspectRatios = ['16:9', '4:3', '1:1'] as const;
export type AspectRatio = (typeof aspectRatios)[number];
export const defaultAspectRatio: AspectRatio = '16:9';

const ratioValue: Record<AspectRatio, number> = { '16:9': 16 / 9, '4:3': 4 / 3, '1:1': 1 };

/** Frames whose ratio is within this of the target are kept whole. */
const RATIO_TOLERANCE = 0.01;

export interface CropRect {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
}

/**
 * The width/height the chosen ratio means for this frame: a portrait frame (phone held upright) takes the ratio
 * upright too (16:9 -> 9:16), so the photo keeps the orientation the seller holds the phone in.
 */
export function targetRatio(ratio: AspectRatio, frameWidth: number, frameHeight: number): number {
  const value = ratioValue[ratio];
  return frameHeight > frameWidth ? 1 / value : value;
}

/**
 * A centered crop for 1:1; otherwise the frame is cropped (centered) only when its ratio differs from the
 * target by more than 0.01.
 */
export function cropToAspect(frameWidth: number, frameHeight: number, ratio: AspectRatio): CropRect {
  if (ratio === '1:1') {
    const side = Math.min(frameWidth, frameHeight);
    return { sx: Math.round((frameWidth - side) / 2), sy: Math.round((frameHeight - side) / 2), sw: side, sh: side };
  }
  const target = targetRatio(ratio, frameWidth, frameHeight);
  const current = frameWidth / frameHeight;
  if (Math.abs(current - target) <= RATIO_TOLERANCE) return { sx: 0, sy: 0, sw: frameWidth, sh: frameHeight };
  if (current > target) {
    const sw = Math.round(frameHeight * target);
    return { sx: Math.round((frameWidth - sw) / 2), sy: 0, sw, sh: frameHeight };
  }
  const sh = Math.round(frameWidth / target);
  return { sx: 0, sy: Math.round((frameHeight - sh) / 2), sw: frameWidth, sh };
}
