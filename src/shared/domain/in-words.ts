/** A list as a sentence says it: "eBay", "eBay and Etsy", "eBay, Etsy and Depop" (`or`: "S, M or L"). Pure: no imports. */
export function inWords(words: readonly string[], and = 'and'): string {
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} ${and} ${words.at(-1)}` : (words[0] ?? '');
}
