/**
 * Text read off a label, made comparable: upper case, accents and curly apostrophes folded, and the confusions OCR
 * makes between look-alike characters evened out where the context says which was meant (a digit among digits, a
 * letter among letters).
 */

/** One line the OCR read, with how sure it was of it (0-1). */
export interface ReadLine {
  text: string;
  confidence: number;
  /** Where on the photo it was read, in shares of the photo (0-1, from its top left); absent when not known. */
  box?: PhotoBox;
}

/** A rectangle on a photo in shares of its width and height (0-1, from its top left): the same at any size. */
export interface PhotoBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The rectangle around several (a fact read on two lines); null for none. */
export function unionBox(boxes: readonly (PhotoBox | undefined)[]): PhotoBox | null {
  const known = boxes.filter((b): b is PhotoBox => b !== undefined);
  if (known.length <= 1) return known[0] ?? null;
  const x = Math.min(...known.map((b) => b.x));
  const y = Math.min(...known.map((b) => b.y));
  const right = Math.max(...known.map((b) => b.x + b.width));
  const bottom = Math.max(...known.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
}

/** Upper case, accents folded ("Hermès" -> "HERMES"), curly apostrophes straight, runs of spaces one. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[\u2013\u2014]/g, '-')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Letters OCR reads for digits, and the digit meant. */
const DIGIT_OF: Record<string, string> = { O: '0', Q: '0', D: '0', I: '1', L: '1', '|': '1', '!': '1', S: '5', B: '8', Z: '2', G: '6' };

/**
 * Look-alikes inside a number made digits: "1OO%" -> "100%", "3O" -> "30", "W3O" -> "W30", "I2" -> "12". Only in a
 * token that is a number: after a size system's letters, one that starts with a real digit and holds no look-alike
 * but O ("W00L" is WOOL, not W001); alone, one before a percent sign or with as many real digits as look-alikes, so
 * words ("SOIE", "OLD", "LIS") keep their letters.
 */
export function fixDigits(text: string): string {
  return text.replace(
    /(?<![A-Z0-9])(W|L|UK|EUR?|US|IT|FR)?([0-9OQDIL|!SBZG]*[0-9][0-9OQDIL|!SBZG]*)(?=(%)|[^A-Z0-9]|$)/g,
    (whole, prefix: string | undefined, number: string, percent: string | undefined) => {
      const digits = number.replace(/[^0-9]/g, '').length;
      const convertible = prefix ? /^[0-9][0-9O]*$/.test(number) : percent !== undefined || digits * 2 >= number.length;
      if (!convertible) return whole;
      return `${prefix ?? ''}${[...number].map((c) => DIGIT_OF[c] ?? c).join('')}`;
    },
  );
}

/**
 * A brand's or a word's skeleton: letters and digits only, each look-alike group one character (0/O/Q/D, 1/I/L/|,
 * 5/S, 8/B, 2/Z, 6/G, VV/W), so "LEV1'S", "LEVIS" and "Levi’s" compare equal.
 */
export function skeleton(text: string): string {
  return fold(text)
    .replace(/VV/g, 'W')
    .replace(/RN/g, 'M')
    .replace(/[^A-Z0-9|!$]/g, '')
    .replace(/[0QD]/g, 'O')
    .replace(/[1IL|!]/g, 'I')
    .replace(/[5$]/g, 'S')
    .replace(/8/g, 'B')
    .replace(/2/g, 'Z')
    .replace(/6/g, 'G');
}

/** Levenshtein distance, stopping early once it passes `limit` (then returns limit + 1). */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}
