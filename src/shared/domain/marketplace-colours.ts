import { ciede2000, labOfHex, type Lab } from './ciede2000';

/**
 * Colours named in each marketplace's own colour list, by the perceptual distance (CIEDE2000) to swatches of the
 * colours garments come in. A swatch is one everyday garment colour (navy, burgundy, denim, olive...) with the word
 * each marketplace's list has for it, so a navy coat is eBay's "Blue" and Depop's "navy".
 */

/** eBay's Color values the photo reader names (eBay's standard list, the one its search refines by, less the ones no
 * pixels show: Clear, Gold, Silver, Ivory, Multicolor). */
export const ebayColourNames = [
  'Black',
  'White',
  'Gray',
  'Beige',
  'Brown',
  'Red',
  'Orange',
  'Yellow',
  'Green',
  'Blue',
  'Purple',
  'Pink',
] as const;
/** Etsy's Primary color values, less the metallic and clear ones. */
export const etsyColourNames = [
  'Beige',
  'Black',
  'Blue',
  'Brown',
  'Gray',
  'Green',
  'Orange',
  'Pink',
  'Purple',
  'Red',
  'White',
  'Yellow',
] as const;
/** Depop's colour enum, less multi, silver and gold. */
export const depopColourNames = [
  'black',
  'grey',
  'white',
  'brown',
  'tan',
  'cream',
  'yellow',
  'red',
  'burgundy',
  'orange',
  'pink',
  'purple',
  'blue',
  'navy',
  'green',
  'khaki',
] as const;

export type EbayColour = (typeof ebayColourNames)[number];
export type EtsyColour = (typeof etsyColourNames)[number];
export type DepopColour = (typeof depopColourNames)[number];

export const colourLists = { ebay: ebayColourNames, etsy: etsyColourNames, depop: depopColourNames } as const;
export type ColourMarketplace = keyof typeof colourLists;

interface Swatch {
  name: string;
  hex: string;
  ebay: EbayColour;
  etsy: EtsyColour;
  depop: DepopColour;
}

const swatch = (name: string, hex: string, ebay: EbayColour, etsy: EtsyColour, depop: DepopColour): Swatch => ({
  name,
  hex,
  ebay,
  etsy,
  depop,
});

/** Garment colours, each as sRGB and its word on each marketplace. */
export const swatches: readonly Swatch[] = [
  swatch('black', '#161616', 'Black', 'Black', 'black'),
  swatch('charcoal', '#3a3d42', 'Gray', 'Gray', 'grey'),
  swatch('grey', '#7f7f7f', 'Gray', 'Gray', 'grey'),
  swatch('light grey', '#bdbdbd', 'Gray', 'Gray', 'grey'),
  swatch('white', '#f7f7f5', 'White', 'White', 'white'),
  swatch('off-white', '#ece8dc', 'White', 'White', 'cream'),
  swatch('cream', '#f1e6c8', 'Beige', 'Beige', 'cream'),
  swatch('beige', '#d6c2a0', 'Beige', 'Beige', 'tan'),
  swatch('stone', '#b9ad93', 'Beige', 'Beige', 'tan'),
  swatch('camel', '#c09462', 'Brown', 'Brown', 'tan'),
  swatch('brown', '#6f4a2f', 'Brown', 'Brown', 'brown'),
  swatch('chocolate', '#3f2619', 'Brown', 'Brown', 'brown'),
  swatch('khaki', '#a39b6c', 'Green', 'Green', 'khaki'),
  swatch('olive', '#5b6233', 'Green', 'Green', 'khaki'),
  swatch('forest green', '#24492f', 'Green', 'Green', 'green'),
  swatch('green', '#2f8a4f', 'Green', 'Green', 'green'),
  swatch('bright green', '#4cbb3c', 'Green', 'Green', 'green'),
  swatch('mint', '#a2d9b9', 'Green', 'Green', 'green'),
  swatch('teal', '#137a7f', 'Blue', 'Blue', 'blue'),
  swatch('navy', '#1c2841', 'Blue', 'Blue', 'navy'),
  swatch('dark denim', '#2c3e5c', 'Blue', 'Blue', 'blue'),
  swatch('denim', '#4a6a94', 'Blue', 'Blue', 'blue'),
  swatch('light denim', '#8aa6c8', 'Blue', 'Blue', 'blue'),
  swatch('royal blue', '#2c4fb5', 'Blue', 'Blue', 'blue'),
  swatch('sky blue', '#8ecae6', 'Blue', 'Blue', 'blue'),
  swatch('purple', '#5e2a84', 'Purple', 'Purple', 'purple'),
  swatch('lavender', '#b4a2d4', 'Purple', 'Purple', 'purple'),
  swatch('plum', '#5a2a4a', 'Purple', 'Purple', 'purple'),
  swatch('burgundy', '#6d1a2a', 'Red', 'Red', 'burgundy'),
  swatch('red', '#c41e2a', 'Red', 'Red', 'red'),
  swatch('fuchsia', '#d6247a', 'Pink', 'Pink', 'pink'),
  swatch('pink', '#ea7fa4', 'Pink', 'Pink', 'pink'),
  swatch('blush', '#f2c4ce', 'Pink', 'Pink', 'pink'),
  swatch('coral', '#f27e63', 'Orange', 'Orange', 'orange'),
  swatch('orange', '#e8731f', 'Orange', 'Orange', 'orange'),
  swatch('rust', '#a8471f', 'Orange', 'Orange', 'orange'),
  swatch('mustard', '#d0a024', 'Yellow', 'Yellow', 'yellow'),
  swatch('yellow', '#f3d22e', 'Yellow', 'Yellow', 'yellow'),
];

const swatchLabs = swatches.map((s) => ({ swatch: s, lab: labOfHex(s.hex) }));

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

/** A colour's nearest name in a marketplace's list, with how sure the naming is. */
export function nameColourOn<M extends ColourMarketplace>(lab: Lab, marketplace: M): NamedColour<(typeof colourLists)[M][number]> {
  const ranked = swatchLabs.map((s) => ({ swatch: s.swatch, distance: ciede2000(lab, s.lab) })).sort((x, y) => x.distance - y.distance);
  const best = ranked[0]!;
  const name = best.swatch[marketplace] as (typeof colourLists)[M][number];
  const other = ranked.find((r) => r.swatch[marketplace] !== name);
  const runnerUp = other?.distance ?? best.distance * 2 + 10;
  // Nearer than the next name (0 at a tie), and near a swatch at all (a colour 30 away from every swatch is doubtful).
  const margin = (runnerUp - best.distance) / (runnerUp + best.distance || 1);
  const closeness = 1 / (1 + (best.distance / 25) ** 2);
  return { name, shade: best.swatch.name, hex: best.swatch.hex, distance: best.distance, confidence: Math.min(1, margin * 2) * closeness };
}
