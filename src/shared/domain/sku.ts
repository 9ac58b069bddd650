/** SKU rules shared by the server and the browser (pure: no imports). */

export const SKU_PREFIX = 'PSTFSH-';
export const SKU_MAX_LENGTH = 64;

export const skuMessages = {
  empty: 'SKU cannot be empty',
  conflict: 'SKU already exists',
  tooLong: `SKU must be at most ${SKU_MAX_LENGTH} characters`,
} as const;

/** The generated SKU for a counter value: PSTFSH-001 ... PSTFSH-999, PSTFSH-1000 (grows past three digits). */
export function formatGeneratedSku(counter: number): string {
  if (!Number.isSafeInteger(counter) || counter < 1) throw new RangeError(`SKU counter must be a positive integer, got ${counter}`);
  return `${SKU_PREFIX}${String(counter).padStart(3, '0')}`;
}

/** What a typed SKU is stored as: trimmed and upper-cased. */
export function normaliseSku(typed: string): string {
  return typed.trim().toUpperCase();
}

/** Why a typed SKU cannot be used, or null when it can (after normaliseSku). */
export function skuProblem(typed: string): string | null {
  const sku = normaliseSku(typed);
  if (sku === '') return skuMessages.empty;
  if (sku.length > SKU_MAX_LENGTH) return skuMessages.tooLong;
  return null;
}
