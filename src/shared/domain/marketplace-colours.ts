import { ciede2000, labOfHex, type Lab } from './ciede2000';

/**
 * Colours named in a marketplace's own colour list, by the perceptual distance (CIEDE2000) to swatches of the colours
 * garments come in. A swatch is one everyday garment colour (navy, burgundy, denim, olive...); each marketplace's
 * vocabulary, in its own file, has its word for each, so a navy coat is eBay's "Blue" and Depop's "navy".
 */

/** Garment colours, each as sRGB: a marketplace's vocabulary names each (`bySwatch`). */
export const swatches = [
  ['black', '#161616'],
  ['charcoal', '#3a3d42'],
  ['grey', '#7f7f7f'],
  ['light grey', '#bdbdbd'],
  ['white', '#f7f7f5'],
  ['off-white', '#ece8dc'],
  ['cream', '#f1e6c8'],
  ['beige', '#d6c2a0'],
  ['stone', '#b9ad93'],
  ['camel', '#c09462'],
  ['brown', '#6f4a2f'],
  ['chocolate', '#3f2619'],
  ['khaki', '#a39b6c'],
  ['olive', '#5b6233'],
  ['forest green', '#24492f'],
  ['green', '#2f8a4f'],
  ['bright green', '#4cbb3c'],
  ['mint', '#a2d9b9'],
  ['teal', '#137a7f'],
  ['navy', '#1c2841'],
  ['dark denim', '#2c3e5c'],
  ['denim', '#4a6a94'],
  ['light denim', '#8aa6c8'],
  ['royal blue', '#2c4fb5'],
  ['sky blue', '#8ecae6'],
  ['purple', '#5e2a84'],
  ['lavender', '#b4a2d4'],
  ['plum', '#5a2a4a'],
  ['burgundy', '#6d1a2a'],
  ['red', '#c41e2a'],
  ['fuchsia', '#d6247a'],
  ['pink', '#ea7fa4'],
  ['blush', '#f2c4ce'],
  ['coral', '#f27e63'],
  ['orange', '#e8731f'],
  ['rust', '#a8471f'],
  ['mustard', '#d0a024'],
  ['yellow', '#f3d22e'],
] as const satisfies readonly (readonly [string, string])[];
export type SwatchName = (typeof swatches)[number][0];

/** A marketplace's colour list and each swatch's word in it (ebay-colours.ts, etsy-colours.ts, depop-colours.ts). */
export interface ColourVocabulary<Name extends string = string> {
  names: readonly Name[];
  bySwatch: Readonly<Record<SwatchName, Name>>;
}

const swatchLabs = swatches.map(([name, hex]) => ({ name, hex, lab: labOfHex(hex) }));

export interface NamedColour<Name extends string = string> {
  /** The marketplace's word. */
  name: Name;
  /** The everyday colour nearest (navy, burgundy...). */
  shade: string;
  /** That colour's swatch, "#4a6a94": what the seller is shown beside the name. */
  hex: string;
  /** CIEDE2000 to that swatch. */
  distance: number;
  /** 0-1: how much nearer this name is than the next one (1: nothing else near; 0: a tie or far from every swatch). */
  confidence: number;
}

/** A colour's nearest name in a marketplace's list (its vocabulary), with how sure the naming is. */
export function nameColourOn<Name extends string>(lab: Lab, vocabulary: ColourVocabulary<Name>): NamedColour<Name> {
  const ranked = swatchLabs
    .map((s) => ({ swatch: s.name, hex: s.hex, distance: ciede2000(lab, s.lab) }))
    .sort((x, y) => x.distance - y.distance);
  const best = ranked[0]!;
  const name = vocabulary.bySwatch[best.swatch];
  const other = ranked.find((r) => vocabulary.bySwatch[r.swatch] !== name);
  const runnerUp = other?.distance ?? best.distance * 2 + 10;
  // Nearer than the next name (0 at a tie), and near a swatch at all (a colour 30 away from every swatch is doubtful).
  const margin = (runnerUp - best.distance) / (runnerUp + best.distance || 1);
  const closeness = 1 / (1 + (best.distance / 25) ** 2);
  return { name, shade: best.swatch, hex: best.hex, distance: best.distance, confidence: Math.min(1, margin * 2) * closeness };
}

/** The twelve basic colour words, each marketplace's less the metallic and clear ones. */
export type BasicColour =
  'Black' | 'White' | 'Gray' | 'Beige' | 'Brown' | 'Red' | 'Orange' | 'Yellow' | 'Green' | 'Blue' | 'Purple' | 'Pink';

/**
 * Each garment swatch's word among the twelve basic colours, which eBay's Color and Etsy's Primary color both list:
 * a photo's colour is named by its nearest swatch, then by this word on the marketplace.
 */
export const basicColourBySwatch: Readonly<Record<SwatchName, BasicColour>> = {
  black: 'Black',
  charcoal: 'Gray',
  grey: 'Gray',
  'light grey': 'Gray',
  white: 'White',
  'off-white': 'White',
  cream: 'Beige',
  beige: 'Beige',
  stone: 'Beige',
  camel: 'Brown',
  brown: 'Brown',
  chocolate: 'Brown',
  khaki: 'Green',
  olive: 'Green',
  'forest green': 'Green',
  green: 'Green',
  'bright green': 'Green',
  mint: 'Green',
  teal: 'Blue',
  navy: 'Blue',
  'dark denim': 'Blue',
  denim: 'Blue',
  'light denim': 'Blue',
  'royal blue': 'Blue',
  'sky blue': 'Blue',
  purple: 'Purple',
  lavender: 'Purple',
  plum: 'Purple',
  burgundy: 'Red',
  red: 'Red',
  fuchsia: 'Pink',
  pink: 'Pink',
  blush: 'Pink',
  coral: 'Orange',
  orange: 'Orange',
  rust: 'Orange',
  mustard: 'Yellow',
  yellow: 'Yellow',
};
