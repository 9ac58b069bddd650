/**
 * What a fake needs to be kept between runs (the app's simulations, decision 188): each fake answers
 * `persistentState()` (plain data: Maps, Sets, arrays, Buffers; no functions, keys or test records) and puts one back
 * with `restoreState(saved)`, checking first that it is a state of the shape it saves now.
 */

/** A fake's saved state: its own fields under the shape it was saved in. */
export interface SavedFakeState {
  fake: string;
  shape: number;
}

/** The saved state as `T`, or an error when it is not one this fake saves now (another fake's, an older shape). */
export function savedStateOf<T extends SavedFakeState>(saved: unknown, fake: string, shape: number): T {
  const candidate = saved as Partial<SavedFakeState> | null;
  if (!candidate || typeof candidate !== 'object' || candidate.fake !== fake || candidate.shape !== shape)
    throw new Error(`not a saved ${fake} state of shape ${shape}`);
  return saved as T;
}

/** The highest number in any string of `value` (deeply: objects, arrays, Maps, Sets) that `pattern` captures. */
export function highestCaptured(value: unknown, pattern: RegExp, seen = new Set<unknown>()): number {
  if (typeof value === 'string') {
    let highest = 0;
    for (const match of value.matchAll(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`)))
      highest = Math.max(highest, Number(match[1]));
    return highest;
  }
  if (!value || typeof value !== 'object' || seen.has(value) || ArrayBuffer.isView(value)) return 0;
  seen.add(value);
  const parts: unknown[] =
    value instanceof Map ? [...value.keys(), ...value.values()] : value instanceof Set ? [...value] : Object.values(value);
  return parts.reduce<number>((highest, part) => Math.max(highest, highestCaptured(part, pattern, seen)), 0);
}

/**
 * The highest numeric id in `value` (deeply): a number under a key named `id`, `…_id` or `…Id`, or a Map's numeric key.
 * A fake whose ids come from one counter continues past it after a restore, so no id is given twice.
 */
export function highestId(value: unknown, seen = new Set<unknown>()): number {
  if (!value || typeof value !== 'object' || seen.has(value) || ArrayBuffer.isView(value)) return 0;
  seen.add(value);
  let highest = 0;
  const visit = (key: unknown, part: unknown) => {
    if (typeof part === 'number' && typeof key === 'string' && /^id$|_id$|Id$/.test(key) && Number.isSafeInteger(part))
      highest = Math.max(highest, part);
    else highest = Math.max(highest, highestId(part, seen));
  };
  if (value instanceof Map)
    for (const [key, part] of value) {
      if (typeof key === 'number' && Number.isSafeInteger(key)) highest = Math.max(highest, key);
      visit(null, part);
    }
  else if (value instanceof Set) for (const part of value) visit(null, part);
  else for (const [key, part] of Object.entries(value)) visit(key, part);
  return highest;
}
