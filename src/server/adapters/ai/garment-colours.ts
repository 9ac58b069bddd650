import sharp from 'sharp';
import { ciede2000, labOf, type Lab } from '@shared/domain/ciede2000';
import { nameColourOn, type ColourVocabulary, type NamedColour } from '@shared/domain/marketplace-colours';

/** The side the photo is read at: enough for a garment's colours, small enough to read in a few milliseconds. */
const SIDE = 96;
/** The ring of the photo read as background: products are photographed centred, on a backdrop. */
const BORDER = 4;
/** A border this uneven (median CIEDE2000 to its own middle) is no plain backdrop: the centre is read instead. */
const BUSY_BORDER = 12;
/** A garment pixel differs from the backdrop by at least this much. */
const MIN_SEPARATION = 10;
/** At most this many colours a garment is said to have. */
const CLUSTERS = 3;
/** A colour under this share of the garment is a detail (buttons, print), not one of its colours. */
const MIN_SHARE = 0.2;

export interface GarmentColour {
  lab: Lab;
  /** Share of the garment's pixels (0-1). */
  share: number;
}

export interface GarmentColours {
  /** Largest first. */
  colours: GarmentColour[];
  /** How the garment was told from its background. */
  method: 'backdrop' | 'centre';
  /** Share of the photo taken as garment. */
  coverage: number;
}

/**
 * The garment's colours in a photo: the border ring is the backdrop (its median colour); pixels far from it are the
 * garment. Where the border is no plain backdrop, or nearly nothing stands out from it, the centre of the photo is
 * read, weighted to its middle. The garment's pixels are grouped into at most three colours (k-means in CIELAB).
 */
export async function garmentColours(bytes: Buffer): Promise<GarmentColours | null> {
  let data: Buffer;
  let width: number;
  let height: number;
  try {
    const raw = await sharp(bytes, { failOn: 'none' })
      .rotate()
      .resize(SIDE, SIDE, { fit: 'inside' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    ({ data } = raw);
    ({ width, height } = raw.info);
  } catch {
    return null;
  }
  if (width < 2 * BORDER + 2 || height < 2 * BORDER + 2) return null;
  const labs: Lab[] = [];
  for (let i = 0; i < width * height; i += 1) labs.push(labOf(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!));
  const at = (x: number, y: number) => labs[y * width + x]!;

  const border: Lab[] = [];
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) if (x < BORDER || y < BORDER || x >= width - BORDER || y >= height - BORDER) border.push(at(x, y));
  const backdrop = medianLab(border);
  const borderSpread = border.map((p) => ciede2000(p, backdrop)).sort((a, b) => a - b);
  const median = borderSpread[Math.floor(borderSpread.length / 2)]!;
  const p90 = borderSpread[Math.floor(borderSpread.length * 0.9)]!;
  const threshold = Math.max(MIN_SEPARATION, p90 * 1.5);

  const weighted: { lab: Lab; weight: number }[] = [];
  if (median <= BUSY_BORDER) {
    for (let y = BORDER; y < height - BORDER; y += 1)
      for (let x = BORDER; x < width - BORDER; x += 1) {
        const p = at(x, y);
        if (ciede2000(p, backdrop) > threshold) weighted.push({ lab: p, weight: 1 });
      }
  }
  const inner = (width - 2 * BORDER) * (height - 2 * BORDER);
  let method: GarmentColours['method'] = 'backdrop';
  if (weighted.length < inner * 0.03) {
    method = 'centre';
    weighted.length = 0;
    const [cx, cy] = [(width - 1) / 2, (height - 1) / 2];
    for (let y = Math.floor(height / 4); y < Math.ceil((height * 3) / 4); y += 1)
      for (let x = Math.floor(width / 4); x < Math.ceil((width * 3) / 4); x += 1) {
        const d = Math.hypot((x - cx) / (width / 4), (y - cy) / (height / 4));
        weighted.push({ lab: at(x, y), weight: Math.max(0.1, 1 - d / 1.5) });
      }
  }
  const colours = clusters(weighted, CLUSTERS)
    .filter((c) => c.share >= MIN_SHARE)
    .sort((a, b) => b.share - a.share);
  return { colours, method, coverage: method === 'backdrop' ? weighted.length / inner : 0.25 };
}

/** The garment's colours named on one marketplace (its vocabulary), the same name once (its shares added), largest first. */
export function namedOn<Name extends string>(
  read: GarmentColours,
  vocabulary: ColourVocabulary<Name>,
): (NamedColour<Name> & { share: number })[] {
  const byName = new Map<string, NamedColour<Name> & { share: number }>();
  for (const colour of read.colours) {
    const named = nameColourOn(colour.lab, vocabulary);
    const seen = byName.get(named.name);
    if (!seen) byName.set(named.name, { ...named, share: colour.share });
    else {
      // The naming's confidence of the name, weighted by the shares it stands for.
      seen.confidence = (seen.confidence * seen.share + named.confidence * colour.share) / (seen.share + colour.share);
      seen.share += colour.share;
    }
  }
  // How sure: the naming's own confidence, times the colour's share of the garment, less when the centre was guessed.
  return [...byName.values()]
    .map((c) => ({ ...c, confidence: round2(c.confidence * Math.min(1, c.share / 0.6) * (read.method === 'centre' ? 0.6 : 1)) }))
    .sort((a, b) => b.share - a.share);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function medianLab(points: readonly Lab[]): Lab {
  const mid = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { L: mid(points.map((p) => p.L)), a: mid(points.map((p) => p.a)), b: mid(points.map((p) => p.b)) };
}

/** Weighted k-means in CIELAB, seeded deterministically (the heaviest-lightness spread: darkest, lightest, middle). */
function clusters(points: readonly { lab: Lab; weight: number }[], k: number): GarmentColour[] {
  if (!points.length) return [];
  const byL = [...points].sort((a, b) => a.lab.L - b.lab.L);
  let centres: Lab[] = Array.from({ length: k }, (_, i) => byL[Math.floor(((i + 0.5) / k) * byL.length)]!.lab);
  let assignment = new Array<number>(points.length).fill(0);
  for (let round = 0; round < 12; round += 1) {
    assignment = points.map((p) => nearest(p.lab, centres));
    const sums = centres.map(() => ({ L: 0, a: 0, b: 0, w: 0 }));
    points.forEach((p, i) => {
      const s = sums[assignment[i]!]!;
      s.L += p.lab.L * p.weight;
      s.a += p.lab.a * p.weight;
      s.b += p.lab.b * p.weight;
      s.w += p.weight;
    });
    centres = sums.map((s, i) => (s.w ? { L: s.L / s.w, a: s.a / s.w, b: s.b / s.w } : centres[i]!));
  }
  const weights = centres.map(() => 0);
  points.forEach((p, i) => (weights[assignment[i]!]! += p.weight));
  const total = weights.reduce((a, b) => a + b, 0);
  return centres.map((lab, i) => ({ lab, share: weights[i]! / total })).filter((c) => c.share > 0);
}

function nearest(lab: Lab, centres: readonly Lab[]): number {
  let best = 0;
  let bestDistance = Infinity;
  centres.forEach((c, i) => {
    const d = (lab.L - c.L) ** 2 + (lab.a - c.a) ** 2 + (lab.b - c.b) ** 2;
    if (d < bestDistance) [best, bestDistance] = [i, d];
  });
  return best;
}
