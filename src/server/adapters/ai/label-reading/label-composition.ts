import { editDistance, fixDigits, fold, type ReadLine } from './label-text';

/**
 * What a care label says of the garment: its main fabric's composition ("60% Wool, 40% Polyamide", the shell's where
 * the lining is given too), the country it was made in, and its RN or CA number (the maker's registration in the US
 * or Canada). Fibres are known in English, French, German, Spanish and Italian; a composition is taken only when every
 * percentage has a fibre and they add up to 100.
 */

export interface CompositionRead {
  composition: string;
  confidence: number;
  lines: string[];
}

const FIBRES: Record<string, string[]> = {
  Cotton: ['COTTON', 'COTON', 'BAUMWOLLE', 'ALGODON', 'COTONE', 'KATOEN'],
  Polyester: ['POLYESTER', 'POLIESTER', 'POLIESTERE'],
  Wool: ['WOOL', 'LAINE', 'WOLLE', 'LANA', 'WOL', 'LAMBSWOOL', 'MERINO WOOL', 'VIRGIN WOOL'],
  Polyamide: ['POLYAMIDE', 'POLYAMID', 'POLIAMIDA', 'POLIAMMIDE'],
  Nylon: ['NYLON'],
  Elastane: ['ELASTANE', 'ELASTHANNE', 'ELASTHAN', 'ELASTANO', 'SPANDEX', 'LYCRA'],
  Viscose: ['VISCOSE', 'VISKOSE', 'VISCOSA', 'RAYON'],
  Linen: ['LINEN', 'LIN', 'LEINEN', 'LINO', 'FLAX'],
  Silk: ['SILK', 'SOIE', 'SEIDE', 'SEDA'],
  Acrylic: ['ACRYLIC', 'ACRYLIQUE', 'POLYACRYL', 'ACRILICO', 'ACRILICA', 'POLYACRYLIC'],
  Cashmere: ['CASHMERE', 'CACHEMIRE', 'KASCHMIR', 'CACHEMIR', 'CASHMIR'],
  Lyocell: ['LYOCELL', 'TENCEL'],
  Modal: ['MODAL'],
  Leather: ['LEATHER', 'CUIR', 'LEDER', 'PIEL', 'PELLE'],
  Polyurethane: ['POLYURETHANE', 'POLYURETHAN', 'POLIURETANO'],
  Alpaca: ['ALPACA', 'ALPAGA'],
  Mohair: ['MOHAIR'],
  Angora: ['ANGORA'],
  Hemp: ['HEMP', 'CHANVRE', 'HANF'],
};

const FIBRE_WORDS: [word: string, fibre: string][] = Object.entries(FIBRES).flatMap(([fibre, words]) =>
  words.map((w): [string, string] => [w.replace(/[^A-Z]/g, ''), fibre]),
);

/** The fibre a word names, allowing one wrong letter in a name of 6 letters or more. */
export function fibreOf(word: string): string | null {
  const w = word.replace(/[^A-Z]/g, '');
  if (w.length < 3) return null;
  const exact = FIBRE_WORDS.find(([name]) => name === w);
  if (exact) return exact[1];
  if (w.length < 6) return null;
  const near = FIBRE_WORDS.filter(([name]) => name.length >= 6 && editDistance(name, w, 1) <= 1).map(([, fibre]) => fibre);
  return new Set(near).size === 1 ? near[0]! : null;
}

/** Digits read for the letters they look like, inside a word: "M0DAL" is MODAL. */
const lettersOf = (text: string) => text.replace(/0/g, 'O').replace(/1/g, 'I').replace(/5/g, 'S').replace(/8/g, 'B');

/** Where the main fabric's part starts ("SHELL:") and where another part's does (its lining, trims, pockets). */
const MAIN_PART = /\b(SHELL|OUTER|OUTSHELL|MAIN|BODY|FABRIC|DESSUS|OBERSTOFF|EXTERIOR|TISSU PRINCIPAL)\b\s*:?/;
const OTHER_PART =
  /\b(LINING|DOUBLURE|FUTTER|FORRO|FODERA|TRIM|RIB|RIBBING|POCKETING|POCKETS?|FILLING|PADDING|GARNISSAGE|CONTRAST|SLEEVES?)\b\s*:?/;
const PART = new RegExp(`${MAIN_PART.source}|${OTHER_PART.source}`, 'g');

type Part = { percent: number; fibre: string | null; line: ReadLine };

/**
 * The main fabric's composition: the percentages of the part named as the shell where one is (a label may print
 * its lining first), else of the part before any other is named.
 */
export function compositionOf(lines: readonly ReadLine[]): CompositionRead | null {
  const unnamed: Part[] = [];
  const shell: Part[] = [];
  let current: Part[] | null = unnamed;
  let shellNamed = false;
  for (const line of lines) {
    const text = fixDigits(fold(line.text));
    // The line cut where a part is named: each piece goes to the part named before it.
    let at = 0;
    const pieces: { text: string; part: Part[] | null }[] = [];
    for (const m of text.matchAll(PART)) {
      pieces.push({ text: text.slice(at, m.index), part: current });
      current = MAIN_PART.test(m[0]) ? shell : null;
      if (current === shell) shellNamed = true;
      at = m.index + m[0].length;
    }
    pieces.push({ text: text.slice(at), part: current });
    for (const piece of pieces) {
      if (!piece.part) continue;
      // A fibre's name may hold a digit read for a letter ("M0DAL"), but not the next percentage's number.
      for (const m of piece.text.matchAll(/(\d{1,3})\s?%\s*([A-Z](?:[A-Z /-]|[0158](?![\d.,]*\s?%))*)/g)) {
        const words = lettersOf(m[2]!)
          .split(/[\s/,-]+/)
          .filter(Boolean);
        // The first word that is a fibre (the line may print it in several languages: "WOOL / LAINE / WOLLE").
        const fibre = words.length ? (fibreOf(words.slice(0, 2).join(' ')) ?? words.map(fibreOf).find(Boolean) ?? null) : null;
        piece.part.push({ percent: Number(m[1]), fibre, line });
      }
    }
  }
  // The OCR may read a label's lines out of order ("40% ACRYLIC SHELL: 60% POLYAMIDE"): a shell short of 100 takes
  // the percentages no part was named for, where they make it whole.
  const shellTotal = shell.reduce((sum, p) => sum + p.percent, 0);
  const withUnnamed = shellTotal + unnamed.reduce((sum, p) => sum + p.percent, 0) === 100 ? [...unnamed, ...shell] : shell;
  const parts = shellNamed && shell.length ? (shellTotal === 100 ? shell : withUnnamed) : unnamed;
  if (!parts.length || parts.some((p) => !p.fibre)) return null;
  // The same fibre printed twice in a row ("60% WOOL 60% LAINE"): once.
  const merged = parts.filter((p, i) => !(i > 0 && parts[i - 1]!.fibre === p.fibre && parts[i - 1]!.percent === p.percent));
  const total = merged.reduce((sum, p) => sum + p.percent, 0);
  if (total !== 100 || new Set(merged.map((p) => p.fibre)).size !== merged.length) return null;
  const sorted = [...merged].sort((a, b) => b.percent - a.percent);
  const used = [...new Set(merged.map((p) => p.line))];
  return {
    composition: sorted.map((p) => `${p.percent}% ${p.fibre}`).join(', '),
    confidence: Math.min(...used.map((l) => l.confidence)),
    lines: used.map((l) => l.text),
  };
}

/** Countries garments are made in, as labels print them. */
const COUNTRIES: Record<string, string[]> = {
  Bangladesh: ['BANGLADESH'],
  China: ['CHINA', 'P.R.C.', 'PRC', 'CHINE'],
  Portugal: ['PORTUGAL'],
  Turkey: ['TURKEY', 'TURKIYE', 'TURQUIE', 'TURKEI'],
  Vietnam: ['VIETNAM', 'VIET NAM'],
  India: ['INDIA', 'INDE', 'INDIEN'],
  Italy: ['ITALY', 'ITALIE', 'ITALIA', 'ITALIEN'],
  Cambodia: ['CAMBODIA', 'CAMBODGE', 'KAMBODSCHA'],
  Morocco: ['MOROCCO', 'MAROC', 'MARRUECOS', 'MAROKKO'],
  'Sri Lanka': ['SRI LANKA'],
  Indonesia: ['INDONESIA', 'INDONESIE', 'INDONESIEN'],
  Pakistan: ['PAKISTAN'],
  Romania: ['ROMANIA', 'ROUMANIE', 'RUMANIEN'],
  Mexico: ['MEXICO', 'MEXIQUE'],
  'United States': ['U.S.A.', 'USA', 'U.S.A', 'UNITED STATES'],
  'United Kingdom': ['UNITED KINGDOM', 'GREAT BRITAIN', 'ENGLAND', 'SCOTLAND', 'U.K.', 'UK'],
  Myanmar: ['MYANMAR', 'BURMA'],
  Thailand: ['THAILAND', 'THAILANDE'],
  Tunisia: ['TUNISIA', 'TUNISIE'],
  Egypt: ['EGYPT', 'EGYPTE'],
  Bulgaria: ['BULGARIA', 'BULGARIE'],
  Poland: ['POLAND', 'POLOGNE'],
  Spain: ['SPAIN', 'ESPAGNE', 'ESPANA'],
  France: ['FRANCE'],
  Germany: ['GERMANY', 'ALLEMAGNE', 'DEUTSCHLAND'],
  Japan: ['JAPAN', 'JAPON'],
  Korea: ['KOREA', 'COREE'],
  Taiwan: ['TAIWAN'],
  Philippines: ['PHILIPPINES'],
  Malaysia: ['MALAYSIA'],
  Ethiopia: ['ETHIOPIA'],
  Madagascar: ['MADAGASCAR'],
  Mauritius: ['MAURITIUS', 'MAURICE'],
  'El Salvador': ['EL SALVADOR'],
  Honduras: ['HONDURAS'],
  Guatemala: ['GUATEMALA'],
  Peru: ['PERU', 'PEROU'],
  Canada: ['CANADA'],
};

export interface CountryRead {
  country: string;
  confidence: number;
  line: string;
}

const MADE_IN =
  /(?:MADE\s*IN|FABRIQUE\s*(?:EN|AU|AUX)|HERGESTELLT\s*IN|HECHO\s*EN|FABBRICATO\s*IN|PRODOTTO\s*IN|FEITO\s*EM)\s*:?\s*([A-Z][A-Z .]{1,24})/g;

export function countryOf(lines: readonly ReadLine[]): CountryRead | null {
  const found = new Map<string, CountryRead>();
  for (const line of lines) {
    const text = fold(line.text);
    for (const m of text.matchAll(MADE_IN)) {
      const rest = m[1]!.trim();
      const country = Object.entries(COUNTRIES).find(([, names]) =>
        names.some((name) => {
          const head = rest.slice(0, name.length);
          const next = rest[name.length];
          // A country run into the next word ("BANGLADESHRN54457") is taken where its name is long enough to be sure.
          if (next !== undefined && /[A-Z]/.test(next) && name.length < 5) return false;
          return head === name || (name.length >= 6 && editDistance(head, name, 1) <= 1);
        }),
      )?.[0];
      if (country && !found.has(country)) found.set(country, { country, confidence: line.confidence, line: line.text });
    }
  }
  // Two countries (a label in two languages naming different places) is no answer.
  return found.size === 1 ? [...found.values()][0]! : null;
}

export interface RegistrationRead {
  /** "RN 54457" or "CA 17897". */
  number: string;
  confidence: number;
  line: string;
}

export function registrationOf(lines: readonly ReadLine[]): RegistrationRead | null {
  for (const line of lines) {
    const text = fixDigits(fold(line.text));
    const m = /(?<![0-9])(RN|CA)\s?(?:NO\.?|#)?\s?:?\s?(\d{5,6})(?!\d)/.exec(text);
    if (m && !(m[1] === 'CA' && m[2]!.length !== 5)) return { number: `${m[1]} ${m[2]}`, confidence: line.confidence, line: line.text };
  }
  return null;
}
