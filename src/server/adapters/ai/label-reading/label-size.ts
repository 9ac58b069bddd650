import { fixDigits, fold, type ReadLine } from './label-text';

/**
 * The size a tag gives, in the form resellers write it and the marketplaces' size mappers take (decision 164): "M",
 * "W32 L32", "UK 12", "EU 43", "US 10.5", "IT 44", "7-8 Years", "3-6 Months". A tag giving several systems gives the
 * seller's own where it is there; a letter size beats numbers; waist and leg beat both. Numbers out of a system's
 * range, or systems that contradict each other (UK 12 with EU 46), are no answer.
 */

export type SizeSystem = 'UK' | 'EU' | 'US' | 'IT' | 'FR';

export interface SizeRead {
  size: string;
  confidence: number;
  line: string;
}

const LETTERS: Record<string, string> = {
  XXS: 'XXS',
  '2XS': 'XXS',
  XS: 'XS',
  S: 'S',
  M: 'M',
  L: 'L',
  XL: 'XL',
  XXL: 'XXL',
  '2XL': 'XXL',
  XXXL: '3XL',
  '3XL': '3XL',
  SMALL: 'S',
  MEDIUM: 'M',
  LARGE: 'L',
  XSMALL: 'XS',
  XLARGE: 'XL',
  XXLARGE: 'XXL',
  'EXTRA SMALL': 'XS',
  'EXTRA LARGE': 'XL',
};
const WORD_SIZE = /(?<![A-Z])(EXTRA SMALL|EXTRA LARGE|XSMALL|XLARGE|XXLARGE|SMALL|MEDIUM|LARGE)(?![A-Z])/;
const LETTER_WORDS = Object.keys(LETTERS)
  .sort((a, b) => b.length - a.length)
  .join('|');

/** A number's plausible range in each system: clothing or shoes. */
const RANGES: Record<SizeSystem, [number, number]> = { UK: [2, 32], EU: [30, 62], US: [0, 24], IT: [36, 60], FR: [30, 56] };

/** The fixed steps between systems a consistent tag shows: women's clothing, then shoes (men's and women's US). */
const CLOTHING: Record<SizeSystem, number> = { UK: 0, EU: 28, US: -4, IT: 32, FR: 28 };
const SHOES: Record<SizeSystem, number>[] = [
  { UK: 0, EU: 33, US: 1, IT: 33, FR: 33 },
  { UK: 0, EU: 34, US: 1, IT: 34, FR: 34 },
  { UK: 0, EU: 33, US: 2, IT: 33, FR: 33 },
  { UK: 0, EU: 33.5, US: 1, IT: 33.5, FR: 33.5 },
  { UK: 0, EU: 34, US: 2, IT: 34, FR: 34 },
];

const SYSTEM_WORDS: Record<string, SizeSystem> = {
  UK: 'UK',
  GB: 'UK',
  EU: 'EU',
  EUR: 'EU',
  US: 'US',
  USA: 'US',
  IT: 'IT',
  I: 'IT',
  FR: 'FR',
  F: 'FR',
  D: 'EU',
  DE: 'EU',
};

const number = String.raw`(\d{1,2}(?:[.,]5|\s?1/2|½)?)`;
const toNumber = (text: string) => Number.parseFloat(text.replace(',', '.').replace(/\s?(1\/2|½)/, '.5'));
const shown = (n: number) => (Number.isInteger(n) ? String(n) : String(n));

/** Read one size from the lines, or null. */
export function sizeOf(lines: readonly ReadLine[], home: 'US' | 'UK' | 'EU'): SizeRead | null {
  // A composition's percentages are no size ("SHELL: 70% LYOCELL 34/30" keeps its 34/30).
  const clean = lines.map((line) => ({
    ...line,
    text: fixDigits(fold(line.text))
      .replace(/\d{1,3}\s?%\s*[A-Z]*/g, ' ')
      .trim(),
  }));
  return waistAndLeg(clean) ?? letter(clean) ?? systems(clean, home) ?? kids(clean) ?? saidInHomeSystem(clean, home);
}

function waistAndLeg(lines: ReadLine[]): SizeRead | null {
  for (const line of lines) {
    const t = line.text;
    const m =
      /(?<![A-Z0-9])W\s?(\d{2})\s*[/,]?\s*[L1I|]\s?(\d{2})(?!\d)/.exec(t) ??
      /WAIST\s*:?\s*(\d{2})\s*(?:IN(?:CH)?\s*)?\/?\s*(?:LENGTH|LEG|INSEAM)\s*:?\s*(\d{2})(?!\d)/.exec(t) ??
      /(?<![A-Z0-9.])(\d{2})\s?[X×*/]\s?(\d{2})(?![\d%])/.exec(t);
    if (m) {
      const waist = Number(m[1]);
      const leg = Number(m[2]);
      if (waist >= 23 && waist <= 48 && leg >= 26 && leg <= 38)
        return { size: `W${waist} L${leg}`, confidence: line.confidence, line: line.text };
    }
    const waistOnly = /(?<![A-Z0-9])(?:W|WAIST)\s?:?\s?(\d{2})(?![\d%])(?!\s*[L1I|]\s?\d)/.exec(t);
    if (waistOnly && Number(waistOnly[1]) >= 23 && Number(waistOnly[1]) <= 48 && !/[A-Z]\s*$/.test(t.slice(0, waistOnly.index)))
      return { size: `W${waistOnly[1]}`, confidence: line.confidence * 0.9, line: line.text };
  }
  return null;
}

function letter(lines: ReadLine[]): SizeRead | null {
  const said = new RegExp(
    String.raw`(?:SIZE|TAILLE|TALLA|TAGLIA|GROSSE|GR\.?)\s*[:/.]?\s*(?:SIZE\s*)?[:/]?\s*(${LETTER_WORDS})(?![A-Z0-9])`,
  );
  const alone = new RegExp(String.raw`^(${LETTER_WORDS})$`);
  const found = new Set<string>();
  let best: SizeRead | null = null;
  for (const line of lines) {
    // "X-LARGE" is XLARGE; stray marks around a lone letter go.
    const t = line.text
      .replace(/(?<=X)-(?=[A-Z])/g, '')
      .replace(/[.'"`:]/g, '')
      .trim();
    const saidMatch = said.exec(t);
    // A size said in words stands out on a line with other words ("FRED PERRY SMALL"); a letter only alone.
    const match = saidMatch ?? alone.exec(t) ?? WORD_SIZE.exec(t);
    const value = match && LETTERS[match[1]!];
    if (!value) continue;
    // A lone one-letter line is taken only when read surely: noise reads as single letters too.
    const sure = saidMatch ? 1 : match[1]!.length > 1 ? 0.95 : 0.85;
    if (line.confidence < 0.6 || (!saidMatch && line.confidence < 0.8)) continue;
    found.add(value);
    if (!best || line.confidence * sure > best.confidence) best = { size: value, confidence: line.confidence * sure, line: line.text };
  }
  return found.size === 1 ? best : null;
}

const systemSize = new RegExp(String.raw`(?<![A-Z0-9])(UK|GB|EUR|EU|USA|US|IT|FR|DE)\s?:?\s?${number}(?![\d%]|\s?CM)`, 'g');
/** The sizes a line gives with their system; the OCR may run them together ("UK6EUR34US2"), so they are set apart. */
const systemSizesOf = (text: string) => text.replace(/(?<=\d)(?=[A-Z])|(?<=[A-Z])(?=\d)/g, ' ').matchAll(systemSize);

function systems(lines: ReadLine[], home: 'US' | 'UK' | 'EU'): SizeRead | null {
  const read: { system: SizeSystem; value: number; confidence: number; line: string }[] = [];
  for (const line of lines) {
    for (const m of systemSizesOf(line.text)) {
      const system = SYSTEM_WORDS[m[1]!]!;
      const value = toNumber(m[2]!);
      const [low, high] = RANGES[system];
      if (value < low || value > high) return null;
      if (!read.some((r) => r.system === system)) read.push({ system, value, confidence: line.confidence, line: line.text });
      else if (read.some((r) => r.system === system && r.value !== value)) return null;
    }
  }
  if (!read.length) return null;
  if (read.length > 1 && !consistent(read)) return null;
  const ours = read.find((r) => r.system === home) ?? read[0]!;
  const confidence = ours.confidence * (read.length > 1 ? 1 : 0.9);
  return { size: `${ours.system} ${shown(ours.value)}`, confidence, line: ours.line };
}

/** Whether the systems read agree by one of the fixed tables (clothing or shoes), within half a size. */
function consistent(read: { system: SizeSystem; value: number }[]): boolean {
  const tables = [CLOTHING, ...SHOES];
  return tables.some((table) => {
    const uk = read.map((r) => r.value - table[r.system]);
    return Math.max(...uk) - Math.min(...uk) <= 0.5;
  });
}

/**
 * "SIZE 12" naming no system: the seller's own country's, where the number is one of its sizes (a UK high-street
 * tag prints only that; in Germany "GRÖSSE 38"). Less sure than a system printed; two numbers said so are no answer.
 */
function saidInHomeSystem(lines: ReadLine[], home: 'US' | 'UK' | 'EU'): SizeRead | null {
  // A tag that names a system anywhere is read by it (\`systems\`), or not at all where its systems disagree.
  if (lines.some((line) => !systemSizesOf(line.text).next().done)) return null;
  const said = new RegExp(
    String.raw`(?<![A-Z])(?:SIZE|TAILLE|TALLA|TAGLIA|GROSSE|GR\.)\s*[:/.]?\s*${number}(?![\d%./]|\s?(?:CM|MM|IN\b|"))`,
  );
  const [low, high] = RANGES[home];
  let found: SizeRead | null = null;
  for (const line of lines) {
    const m = said.exec(line.text);
    if (!m) continue;
    const value = toNumber(m[1]!);
    if (value < low || value > high) return null;
    const size = `${home} ${shown(value)}`;
    if (found && found.size !== size) return null;
    found ??= { size, confidence: line.confidence * 0.85, line: line.text };
  }
  return found;
}

function kids(lines: ReadLine[]): SizeRead | null {
  for (const line of lines) {
    const t = line.text;
    const years =
      /(?:AGE\s*)?(?<![\d])(\d{1,2})\s?-\s?(\d{1,2})\s?(?:YEARS|YEAR|YRS|Y|ANS|JAHRE|ANOS)(?![A-Z])/.exec(t) ??
      /AGE\s*:?\s*(\d{1,2})\s?-\s?(\d{1,2})(?!\d)/.exec(t);
    if (years) {
      const from = Number(years[1]);
      const to = Number(years[2]);
      if (to > from && to - from <= 2 && to <= 16) return { size: `${from}-${to} Years`, confidence: line.confidence, line: line.text };
    }
    const months = /(?<![\d])(\d{1,2})\s?-\s?(\d{1,2})\s?(?:MONTHS|MTHS|M|MOIS|MONATE)(?![A-Z])/.exec(t);
    if (months && Number(months[2]) > Number(months[1]) && Number(months[2]) <= 36)
      return { size: `${months[1]}-${months[2]} Months`, confidence: line.confidence, line: line.text };
  }
  return null;
}
