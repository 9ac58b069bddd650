import { aspectLanguageOf, aspectMeaningOf, aspectNameOn } from '../aspect-names';
import { aspectValueOn } from '../aspect-values';
import type { PreflightProblem } from './preflight-rules/rule';

/**
 * The pre-flight's problems in the words the seller's screens speak (decision 175): the app's screens are English, so
 * a seller on eBay Germany is asked "Brand", "Size" and "Color" with "Black" among the colours, never "Marke" or
 * "Schwarz" inside an English sentence. Only names and values the aspect tables know change; a size, a brand or a
 * value eBay lists that the tables do not know is shown as eBay gives it. The answers come back in English and go to
 * eBay in the site's words at its door (`aspectsOf`, `aspectValueOn`), matched by meaning in the pre-flight.
 */
export function inScreenWords(problem: PreflightProblem, marketplaceId: string | null | undefined): PreflightProblem {
  const language = aspectLanguageOf(marketplaceId);
  if (!problem.aspect || language === 'en' || language === 'enGB') return problem;
  const meaning = aspectMeaningOf(problem.aspect.name);
  const name = meaning ? aspectNameOn(meaning, 'EBAY_US') : problem.aspect.name;
  const valueIn = (value: string) => aspectValueOn(name, value, 'EBAY_US');
  const renamed = new Map<string, string>([[problem.aspect.name, name]]);
  for (const value of problem.aspect.allowedValues) renamed.set(value, valueIn(value));
  return {
    ...problem,
    message: renameWords(problem.message, renamed),
    aspect: { name, allowedValues: [...new Set(problem.aspect.allowedValues.map(valueIn))] },
  };
}

/** Each whole word or phrase of `renamed` in the text, in its other words: longest first, never inside a word. */
function renameWords(text: string, renamed: ReadonlyMap<string, string>): string {
  const changes = [...renamed].filter(([from, to]) => from && from !== to).sort((a, b) => b[0].length - a[0].length);
  if (changes.length === 0) return text;
  const escaped = changes.map(([from]) => from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const words = new RegExp(`(?<![\\p{L}\\p{N}])(${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  const to = new Map(changes);
  return text.replace(words, (found) => to.get(found) ?? found);
}
