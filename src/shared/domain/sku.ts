/** SKU rules shared by the server and the browser (pure: nothing but the pure list-in-words). */
import { inWords } from './in-words';

export const SKU_PREFIX = 'PSTFSH-';

/**
 * What a SKU may be. The spec: typed values are upper-cased and trimmed, and may not be empty. eBay's Inventory API
 * (contracts/ebay/sell_inventory_v1_oas3.json: the `sku` fields say "Max Length: 50"; error 25707 says "Only
 * alphanumeric characters can be used for SKUs, and their length must not exceed 50 characters"; ebay.md: "SKU ≤ 50
 * chars") also carries the SKU in the URL path (`PUT /inventory_item/{sku}`). "Alphanumeric" there is not literal:
 * our own generated format (spec: 'PSTFSH-' plus a counter) has a hyphen and eBay's API publishes it, and eBay's
 * documents use "alphanumeric" for sets with `-` and `_` elsewhere. So: A-Z, 0-9, hyphen and underscore, at most 50
 * characters: path-safe, never escaped. Spaces, punctuation, slashes and accented letters are refused while typing.
 */
export const SKU_MAX_LENGTH = 50;
const SKU_CHARACTER = /[A-Z0-9_-]/;

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

/** The counter value of a generated SKU (PSTFSH-004 is 4), or null for any other SKU. */
export function generatedSkuNumber(sku: string): number | null {
  const match = /^PSTFSH-(\d{3,})$/.exec(sku);
  const counter = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(counter) && counter >= 1 ? counter : null;
}

/** What a typed SKU is stored as: trimmed and upper-cased. */
export function normaliseSku(typed: string): string {
  return typed.trim().toUpperCase();
}

const characterName = (c: string) =>
  c === ' ' ? 'spaces' : /\s/.test(c) ? 'tabs or line breaks' : c === '"' ? 'quotation marks' : `"${c}"`;

const listWithOr = (names: string[]): string => inWords(names, 'or');

/** Why a typed SKU cannot be used, or null when it can (after normaliseSku). */
export function skuProblem(typed: string): string | null {
  const sku = normaliseSku(typed);
  if (sku === '') return skuMessages.empty;
  const bad = [...new Set([...sku].filter((c) => !SKU_CHARACTER.test(c)).map(characterName))];
  if (bad.length > 0) return `SKU cannot contain ${listWithOr(bad)}. Use only letters, numbers, hyphens and underscores.`;
  if (sku.length > SKU_MAX_LENGTH) return skuMessages.tooLong;
  return null;
}

export interface SkuTypo {
  message: string;
  /** The SKU the seller most likely meant. */
  fix: string;
}

/**
 * A likely typo in a usable SKU: a letter O between digits (PSTFSH-0O4 for PSTFSH-004). It warns and offers the fix,
 * without blocking: the SKU is valid for eBay, and the seller may mean it.
 */
export function skuTypo(typed: string): SkuTypo | null {
  const sku = normaliseSku(typed);
  if (skuProblem(sku) !== null) return null;
  const fix = sku.replace(/(?<=\d)O+(?=\d)/g, (run) => '0'.repeat(run.length));
  return fix === sku ? null : { fix, message: `Did you mean ${fix}? ${sku} has a letter O between digits.` };
}
