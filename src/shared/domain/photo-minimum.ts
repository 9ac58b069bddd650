/** A marketplace's photo minimum: its name as sellers know it, and the shortest its longest side may be. */
export interface PhotoMinimum {
  name: string;
  longSidePx: number;
}

/**
 * What a seller reads about a crop under a marketplace's minimum on its longest side, one warning per marketplace
 * whose minimum it misses (none: it is large enough everywhere).
 */
export function photoMinimumWarnings(size: { width: number; height: number }, minimums: readonly PhotoMinimum[]): string[] {
  const longSide = Math.max(size.width, size.height);
  return minimums
    .filter((minimum) => longSide < minimum.longSidePx)
    .map(
      (minimum) =>
        `This crop is ${size.width} x ${size.height} pixels: ${minimum.name} needs photos at least ${minimum.longSidePx} pixels on the longest side. Choose a larger area, or keep the photo uncropped.`,
    );
}
