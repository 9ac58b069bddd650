import sharp from 'sharp';
import { seeded } from './seeded-random';

/**
 * Label photos drawn by the project (synthetic): the tags a reseller photographs, laid out as real ones are (a woven
 * brand tag, a size tag in one or several size systems, a care label with its composition, country and RN or CA
 * number, a swing tag with all of them), in the machine's fonts (Liberation, DejaVu), then photographed badly: turned
 * up to ±20°, sheared as if taken at an angle, blurred, lit unevenly, grainy and JPEG-compressed, on a fabric backdrop.
 * Each comes with what a person reads on it (`LabelTruth`). The same seed gives the same photo.
 */

/** What the label says, as a person would enter it; null where the label does not say. */
export interface LabelTruth {
  brand: string | null;
  /** In the form the reader gives it: "M", "W32 L32", "UK 12", "EU 43", "7-8 Years". */
  size: string | null;
  /** The main fabric: "60% Wool, 40% Polyamide". */
  composition: string | null;
  country: string | null;
  /** "RN 54457" or "CA 17897". */
  rn: string | null;
}

export type LabelKind = 'brand tag' | 'size tag' | 'care label' | 'swing tag';

export interface LabelSpec {
  kind: LabelKind;
  /** The lines printed, top to bottom, each with its size relative to the label's body text (1). */
  lines: { text: string; scale: number; bold?: boolean }[];
  truth: LabelTruth;
  /** The seller's size system: which of several sizes on one tag is theirs. */
  home: 'US' | 'UK' | 'EU';
  seed: number;
}

export const LABEL_FONTS = [
  'Liberation Sans',
  'Liberation Serif',
  'Liberation Sans Narrow',
  'Liberation Mono',
  'DejaVu Sans',
  'DejaVu Serif',
  'DejaVu Sans Condensed',
  'DejaVu Sans Mono',
] as const;

/** Brands on the set's tags, as their tags print them, with the brand a person names. */
const TAG_BRANDS: [printed: string, brand: string][] = [
  ["LEVI'S", "Levi's"],
  ['Levi Strauss & Co.', "Levi's"],
  ['ZARA', 'Zara'],
  ['H&M', 'H&M'],
  ['UNIQLO', 'Uniqlo'],
  ['Ralph Lauren', 'Ralph Lauren'],
  ['POLO RALPH LAUREN', 'Polo Ralph Lauren'],
  ['TOMMY HILFIGER', 'Tommy Hilfiger'],
  ['Calvin Klein', 'Calvin Klein'],
  ['Barbour', 'Barbour'],
  ['PATAGONIA', 'Patagonia'],
  ['The North Face', 'The North Face'],
  ['CARHARTT', 'Carhartt'],
  ['Wrangler', 'Wrangler'],
  ['GAP', 'Gap'],
  ['Hermès', 'Hermès'],
  ['HERMES PARIS', 'Hermès'],
  ['MASSIMO DUTTI', 'Massimo Dutti'],
  ['COS', 'COS'],
  ['Boden', 'Boden'],
  ['JOULES', 'Joules'],
  ['SUPERDRY', 'Superdry'],
  ['Ted Baker', 'Ted Baker'],
  ['LACOSTE', 'Lacoste'],
  ['Fred Perry', 'Fred Perry'],
  ['ADIDAS', 'Adidas'],
  ['NIKE', 'Nike'],
  ['New Balance', 'New Balance'],
  ['DR. MARTENS', 'Dr. Martens'],
  ['Timberland', 'Timberland'],
  ['Seasalt Cornwall', 'Seasalt Cornwall'],
  ['WHITE STUFF', 'White Stuff'],
  ['Hobbs London', 'Hobbs'],
];

/** Brands the set's seller has listed before (their own list comes first). */
export const SELLER_BRANDS = ['Seasalt Cornwall', 'White Stuff', 'Hobbs'];

/** Fibres as care labels print them, in several languages, with the name a person writes. */
const FIBRES: [printed: string[], name: string][] = [
  [['COTTON', 'COTON', 'BAUMWOLLE', 'ALGODÓN', 'COTONE'], 'Cotton'],
  [['POLYESTER', 'POLYESTER', 'POLIÉSTER', 'POLIESTERE'], 'Polyester'],
  [['WOOL', 'LAINE', 'WOLLE', 'LANA'], 'Wool'],
  [['POLYAMIDE', 'POLYAMIDE', 'POLYAMID', 'POLIAMIDA'], 'Polyamide'],
  [['NYLON'], 'Nylon'],
  [['ELASTANE', 'ÉLASTHANNE', 'ELASTHAN', 'ELASTANO'], 'Elastane'],
  [['VISCOSE', 'VISCOSE', 'VISKOSE', 'VISCOSA'], 'Viscose'],
  [['LINEN', 'LIN', 'LEINEN', 'LINO'], 'Linen'],
  [['SILK', 'SOIE', 'SEIDE', 'SEDA'], 'Silk'],
  [['ACRYLIC', 'ACRYLIQUE', 'POLYACRYL', 'ACRÍLICO'], 'Acrylic'],
  [['CASHMERE', 'CACHEMIRE', 'KASCHMIR', 'CACHEMIR'], 'Cashmere'],
  [['LYOCELL'], 'Lyocell'],
  [['MODAL'], 'Modal'],
];

const COUNTRIES: [printed: string, name: string][] = [
  ['BANGLADESH', 'Bangladesh'],
  ['CHINA', 'China'],
  ['PORTUGAL', 'Portugal'],
  ['TURKEY', 'Turkey'],
  ['VIETNAM', 'Vietnam'],
  ['INDIA', 'India'],
  ['ITALY', 'Italy'],
  ['CAMBODIA', 'Cambodia'],
  ['MOROCCO', 'Morocco'],
  ['SRI LANKA', 'Sri Lanka'],
  ['INDONESIA', 'Indonesia'],
  ['PAKISTAN', 'Pakistan'],
  ['ROMANIA', 'Romania'],
  ['MEXICO', 'Mexico'],
  ['U.S.A.', 'United States'],
  ['GREAT BRITAIN', 'United Kingdom'],
];

const CARE_WORDS = [
  'MACHINE WASH COLD',
  'WASH AT 30°C',
  'DO NOT BLEACH',
  'DO NOT TUMBLE DRY',
  'IRON LOW HEAT',
  'DRY CLEAN ONLY',
  'WASH WITH SIMILAR COLOURS',
  'LINE DRY',
];

type Random = ReturnType<typeof seeded>;

/** A size tag's lines and the size it gives for the seller's system. */
function sizeLines(random: Random, home: LabelSpec['home']): { lines: string[]; size: string } {
  switch (random.int(0, 6)) {
    case 0: {
      const letter = random.pick(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
      return { lines: [random.pick([`SIZE ${letter}`, letter, `TAILLE / SIZE ${letter}`, `SIZE: ${letter}`])], size: letter };
    }
    case 1: {
      const [word, letter] = random.pick([
        ['SMALL', 'S'],
        ['MEDIUM', 'M'],
        ['LARGE', 'L'],
        ['X-LARGE', 'XL'],
      ] as const);
      return { lines: [word], size: letter };
    }
    case 2: {
      // Women's clothing in several systems: UK, EU, US (and IT, FR on European brands).
      const uk = random.pick([6, 8, 10, 12, 14, 16]);
      const sizes: Record<string, number> = { UK: uk, EU: uk + 28, US: uk - 4, IT: uk + 32, FR: uk + 28 };
      const shown = random.pick([
        ['UK', 'EU', 'US'],
        ['UK', 'EUR', 'US'],
        ['EU', 'UK', 'US', 'IT'],
        ['UK', 'FR', 'IT'],
      ]);
      const system = (s: string) => (s === 'EUR' ? 'EU' : s);
      const parts = shown.map((s) => `${s} ${sizes[system(s)]}`);
      const lines = random.chance(0.5) ? [parts.join('  ')] : parts;
      const ours = shown.map(system).includes(home) ? home : system(shown[0]!);
      return { lines, size: `${ours} ${sizes[ours]}` };
    }
    case 3: {
      const waist = random.pick([28, 29, 30, 31, 32, 33, 34, 36, 38]);
      const leg = random.pick([28, 30, 32, 34]);
      const printed = random.pick([
        `W${waist} L${leg}`,
        `W ${waist}  L ${leg}`,
        `${waist}x${leg}`,
        `${waist}/${leg}`,
        `WAIST ${waist} LENGTH ${leg}`,
      ]);
      return { lines: [printed], size: `W${waist} L${leg}` };
    }
    case 4: {
      // Shoes: UK, EU and US on the tongue.
      const uk = random.pick([4, 5, 6, 7, 8, 9, 10, 11]);
      const half = random.chance(0.3) ? 0.5 : 0;
      const sizes = { UK: uk + half, EU: uk + 34 + (half ? 0.5 : 0), US: uk + 1 + half };
      const num = (n: number) => (Number.isInteger(n) ? String(n) : `${Math.floor(n)}.5`);
      const parts = [`UK ${num(sizes.UK)}`, `EUR ${num(sizes.EU)}`, `US ${num(sizes.US)}`];
      const lines = random.chance(0.5) ? [parts.join('  ')] : parts;
      return { lines, size: `${home} ${num(sizes[home])}` };
    }
    case 5: {
      const age = random.pick([2, 3, 4, 5, 6, 7, 9, 11, 13]);
      const cm = 86 + (age - 1) * 6 + (age > 6 ? 2 : 0);
      const printed = random.pick([
        `AGE ${age}-${age + 1} YEARS`,
        `${age}-${age + 1} YEARS`,
        `${age}-${age + 1} Y  ${cm} CM`,
        `AGE ${age}-${age + 1}`,
      ]);
      return { lines: [printed], size: `${age}-${age + 1} Years` };
    }
    default: {
      const letter = random.pick(['S', 'M', 'L', 'XL']);
      const numbers = { S: [8, 36], M: [12, 40], L: [16, 44], XL: [20, 48] }[letter]!;
      return { lines: [`SIZE ${letter}`, `UK ${numbers[0]}  EU ${numbers[1]}`], size: letter };
    }
  }
}

/** A composition: one to three fibres whose percentages make 100, printed in one to three languages. */
function compositionLines(random: Random): { lines: string[]; composition: string } {
  const count = random.pick([1, 1, 2, 2, 3]);
  const fibres: (typeof FIBRES)[number][] = [];
  while (fibres.length < count) {
    const fibre = random.pick(FIBRES);
    if (!fibres.includes(fibre)) fibres.push(fibre);
  }
  const percents =
    count === 1
      ? [100]
      : count === 2
        ? random.pick([
            [60, 40],
            [80, 20],
            [95, 5],
            [55, 45],
            [70, 30],
          ])
        : random.pick([
            [70, 25, 5],
            [50, 45, 5],
            [60, 30, 10],
          ]);
  const languages = random.int(1, 3);
  const oneLine = random.chance(0.4);
  const parts = fibres.map(([printed], i) => `${percents[i]}% ${[...new Set(printed.slice(0, languages))].join(' / ')}`);
  const lines = oneLine && languages === 1 ? [parts.join(' ')] : parts;
  const composition = fibres.map(([, name], i) => `${percents[i]}% ${name}`).join(', ');
  return { lines, composition };
}

const withLining = (random: Random, lines: string[]): string[] =>
  random.chance(0.25)
    ? [`SHELL: ${lines[0]}`, ...lines.slice(1), `LINING: 100% ${random.pick(['POLYESTER', 'VISCOSE', 'COTTON'])}`]
    : lines;

function rnLine(random: Random): { line: string; rn: string } {
  const ca = random.chance(0.3);
  const digits = ca ? random.int(10000, 99999) : random.int(13000, 159999);
  const prefix = ca ? 'CA' : 'RN';
  return { line: random.pick([`${prefix} ${digits}`, `${prefix}# ${digits}`, `${prefix}${digits}`]), rn: `${prefix} ${digits}` };
}

/** The label a seed gives: its kind, its lines and what it says. */
export function labelSpec(seed: number): LabelSpec {
  const random = seeded(seed * 7919 + 13);
  const home = random.pick(['US', 'UK', 'EU'] as const);
  const kind = random.pick(['brand tag', 'size tag', 'care label', 'swing tag'] as const);
  const truth: LabelTruth = { brand: null, size: null, composition: null, country: null, rn: null };
  const lines: LabelSpec['lines'] = [];
  const body = (text: string) => lines.push({ text, scale: 1 });
  const brand = () => {
    const [printed, name] = random.pick(TAG_BRANDS);
    truth.brand = name;
    lines.push({ text: printed, scale: random.pick([1.8, 2.2, 2.6]), bold: random.chance(0.6) });
  };
  const size = (scale: number) => {
    const read = sizeLines(random, home);
    truth.size = read.size;
    for (const line of read.lines) lines.push({ text: line, scale, bold: true });
  };
  const care = (withCountry: boolean) => {
    const read = compositionLines(random);
    truth.composition = read.composition;
    for (const line of withLining(random, read.lines)) body(line);
    if (withCountry) {
      const [printed, name] = random.pick(COUNTRIES);
      truth.country = name;
      body(random.pick([`MADE IN ${printed}`, `MADE IN ${printed}`, `FABRIQUÉ EN ${printed} / MADE IN ${printed}`]));
    }
    if (random.chance(0.5)) {
      const rn = rnLine(random);
      truth.rn = rn.rn;
      body(rn.line);
    }
    if (random.chance(0.6)) body(random.pick(CARE_WORDS));
  };
  switch (kind) {
    case 'brand tag':
      brand();
      if (random.chance(0.5))
        lines.push({ text: random.pick(['EST. 1853', 'ORIGINAL', 'LONDON', 'SINCE 1908', 'PREMIUM QUALITY']), scale: 0.8 });
      if (random.chance(0.7)) size(1.4);
      break;
    case 'size tag':
      size(1.8);
      if (random.chance(0.4)) body(random.pick(['REGULAR FIT', 'SLIM', 'STYLE 501-0115', 'ART. 0784/221']));
      break;
    case 'care label':
      care(random.chance(0.85));
      break;
    case 'swing tag':
      brand();
      size(1.3);
      care(random.chance(0.6));
      break;
  }
  return { kind, lines, truth, home, seed };
}

/** The label set of the bench: `count` labels from seed `from` on. */
export const labelSet = (count: number, from = 1): LabelSpec[] => Array.from({ length: count }, (_, i) => labelSpec(from + i));

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&apos;');

/** Woven and printed labels' colours: [ground, ink]. */
const LABEL_COLOURS: [string, string][] = [
  ['#ffffff', '#111111'],
  ['#f4efe6', '#1d1d1d'],
  ['#fbfbf7', '#2b2b6b'],
  ['#111111', '#f2f2f2'],
  ['#1f2a44', '#f5f0e6'],
  ['#e9e4da', '#5a1f1f'],
  ['#d9d9d9', '#101010'],
];

const FABRICS = ['#3b4a6b', '#6b2f3a', '#2f2f2f', '#8a8f96', '#c9b79c', '#4d6b4a', '#d9d4cc', '#243447'];

export interface LabelPhotoOptions {
  /** The photo's longer side (the reader scales a photo down before reading it). */
  size?: number;
  /** Draw it as taken well: no turn, shear, blur or grain (for the tests' clear photos). */
  clean?: boolean;
}

/** The label photographed, as a JPEG. */
export async function labelPhoto(spec: LabelSpec, options: LabelPhotoOptions = {}): Promise<Buffer> {
  const random = seeded(spec.seed * 104729 + 7);
  const unit = () => random.int(0, 1_000_000) / 1_000_000;
  const clean = options.clean ?? false;
  const font = random.pick(LABEL_FONTS);
  const [ground, ink] = random.pick(LABEL_COLOURS);
  const bodySize = 26;
  const longest = Math.max(...spec.lines.map((l) => l.text.length * l.scale));
  const labelWidth = Math.round(Math.max(320, Math.min(760, longest * bodySize * 0.62 + 80)));
  const fit = (l: LabelSpec['lines'][number]) => Math.min(bodySize * l.scale, ((labelWidth - 60) / (l.text.length * 0.62)) | 0);
  let y = 40;
  const texts = spec.lines.map((line) => {
    const size = fit(line);
    y += size * 1.25;
    const text = `<text x="${labelWidth / 2}" y="${y.toFixed(0)}" font-family="${font}" font-size="${size}" ${
      line.bold ? 'font-weight="bold"' : ''
    } text-anchor="middle" fill="${ink}">${escapeXml(line.text)}</text>`;
    return text;
  });
  const labelHeight = Math.round(y + 40);
  const stitch = `<rect x="10" y="10" width="${labelWidth - 20}" height="${labelHeight - 20}" fill="none" stroke="${ink}" stroke-opacity="0.25" stroke-width="2" stroke-dasharray="6 5"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${labelWidth}" height="${labelHeight}"><rect width="100%" height="100%" rx="6" fill="${ground}"/>${stitch}${texts.join('')}</svg>`;

  const angle = clean ? 0 : (unit() * 2 - 1) * 20;
  const shear = clean ? 0 : (unit() * 2 - 1) * 0.12;
  const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
  let label = await sharp(Buffer.from(svg)).png().toBuffer();
  if (shear) label = await sharp(label).affine([1, shear, 0, 1], { background: transparent }).png().toBuffer();
  if (angle) label = await sharp(label).rotate(angle, { background: transparent }).png().toBuffer();
  const meta = await sharp(label).metadata();
  const lw = meta.width!;
  const lh = meta.height!;

  const width = Math.round(lw * (1.15 + 0.25 * unit()));
  const height = Math.round(Math.max(lh * (1.2 + 0.3 * unit()), width * 0.6));
  const fabric = random.pick(FABRICS);
  // The fabric's weave and the sensor's grain: seeded per-pixel noise.
  const grain = clean ? 3 : 6 + random.int(0, 14);
  const noise = Buffer.alloc(width * height);
  for (let i = 0; i < noise.length; i++) noise[i] = 128 + random.int(-grain, grain);
  const noiseLayer = await sharp(noise, { raw: { width, height, channels: 1 } })
    .toColourspace('srgb')
    .png()
    .toBuffer();
  // Light falling from one side: a gradient laid over the photo.
  const light = clean ? 0 : 0.15 + 0.4 * unit();
  const direction = random.pick(['x1="0" y1="0" x2="1" y2="1"', 'x1="1" y1="0" x2="0" y2="1"', 'x1="0" y1="1" x2="1" y2="0"']);
  const shade = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" ${direction}><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${light.toFixed(2)}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  const left = Math.round((width - lw) / 2 + (unit() - 0.5) * (width - lw) * 0.6);
  const top = Math.round((height - lh) / 2 + (unit() - 0.5) * (height - lh) * 0.6);

  let photo = sharp({ create: { width, height, channels: 3, background: fabric } }).composite([
    { input: label, left, top },
    { input: noiseLayer, blend: 'soft-light' },
    { input: Buffer.from(shade), blend: 'over' },
  ]);
  let bytes = await photo.png().toBuffer();
  photo = sharp(bytes);
  const target = options.size ?? 1000;
  if (Math.max(width, height) !== target)
    photo = photo.resize({ width: width >= height ? target : undefined, height: height > width ? target : undefined });
  const blur = clean ? 0 : 0.3 + 1.1 * unit();
  if (blur >= 0.3) photo = photo.blur(blur);
  bytes = await photo.jpeg({ quality: clean ? 90 : random.int(45, 90) }).toBuffer();
  return bytes;
}
