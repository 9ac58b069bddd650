/**
 * For an index or lookup that cannot miss (a fixed-size array, a row an insert just returned): returns the value,
 * or throws naming why it had to be there, so a broken assumption fails loudly instead of flowing on as undefined.
 */
export function must<T>(value: T | undefined, why: string): T {
  if (value === undefined) throw new Error(`Missing value: ${why}`);
  return value;
}
