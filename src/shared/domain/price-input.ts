/**
 * A price the seller types (Publish Settings, the publish form): dollars above 0 in whole cents. Refused, never
 * rounded: 0.001 was saved as 0 and 1/3 as 0.33 (issue 41). The browser and the server's contract ask the same.
 */
export const priceInputMessages = {
  notAboveZero: 'Price must be a number above 0',
  tooPrecise: 'Price can have at most 2 decimals',
} as const;

/** Whole cents: 19.99 and 0.07 (0.07 * 100 is 7.000000000000001 in floating point), not 0.001 nor 18.499. */
export function hasWholeCents(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** What is wrong with a typed price, or null: a number above 0 with at most 2 decimals. */
export function priceInputProblem(value: number): string | null {
  if (!Number.isFinite(value) || value <= 0) return priceInputMessages.notAboveZero;
  if (!hasWholeCents(value)) return priceInputMessages.tooPrecise;
  return null;
}
