/**
 * Colour from the pixels: garment photos drawn by the project (synthetic: one solid-coloured garment shape on a plain
 * backdrop, light falling off, folds, noise, JPEG), each with the colour a person gives it by hand, on eBay's list and
 * on Depop's. Reports the share the reader names as the hand does (target >= 85 % on eBay's list), how often a colour
 * it was sure of (confidence >= COLOUR_FACT_MIN, from which the offline writer fills the item's colour: decision 171) was
 * wrong, and the time per photo; beside it, a naive baseline: the mean colour of
 * the photo's middle, named the same way.
 */
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { labOf } from '../src/shared/domain/ciede2000';
import { depopColours } from '../src/shared/domain/depop-colours';
import { ebayColours } from '../src/shared/domain/ebay-colours';
import { nameColourOn } from '../src/shared/domain/marketplace-colours';
import { garmentColours, namedOn } from '../src/server/adapters/ai/garment-colours';
import { COLOUR_FACT_MIN } from '../src/server/adapters/ai/basic-generator';
import { garmentPhoto, type GarmentShape } from '../src/server/test/garment-photos';

const WHITE = '#f4f3f0';
const LIGHT_GREY = '#d8d8d6';
const GREY = '#9a9a9a';
const WARM_WHITE = '#efe9df';

/** hex, shape, backdrop, eBay's word, Depop's word: the colours as a person names them. */
const photos: [string, GarmentShape, string, string, string][] = [
  ['#c2185b', 'dress', WHITE, 'Pink', 'pink'],
  ['#f8bbd0', 'tshirt', LIGHT_GREY, 'Pink', 'pink'],
  ['#e75480', 'dress', WHITE, 'Pink', 'pink'],
  ['#1f2a44', 'jacket', WHITE, 'Blue', 'navy'],
  ['#14213d', 'trousers', WARM_WHITE, 'Blue', 'navy'],
  ['#722f37', 'dress', WHITE, 'Red', 'burgundy'],
  ['#800020', 'tshirt', LIGHT_GREY, 'Red', 'burgundy'],
  ['#b22222', 'tshirt', WHITE, 'Red', 'red'],
  ['#d62828', 'dress', WARM_WHITE, 'Red', 'red'],
  ['#6b6b2f', 'jacket', WHITE, 'Green', 'khaki'],
  ['#556b2f', 'trousers', LIGHT_GREY, 'Green', 'khaki'],
  ['#228b22', 'tshirt', WHITE, 'Green', 'green'],
  ['#2e5e3e', 'jacket', WARM_WHITE, 'Green', 'green'],
  ['#d9c5a3', 'trousers', GREY, 'Beige', 'tan'],
  ['#e1d2b6', 'jacket', GREY, 'Beige', 'tan'],
  ['#1b1b1b', 'tshirt', WHITE, 'Black', 'black'],
  ['#0f0f10', 'trousers', LIGHT_GREY, 'Black', 'black'],
  ['#f5f5f3', 'tshirt', GREY, 'White', 'white'],
  ['#fafafa', 'dress', '#7d7d7d', 'White', 'white'],
  ['#44618a', 'trousers', WHITE, 'Blue', 'blue'],
  ['#5d7ea8', 'trousers', WARM_WHITE, 'Blue', 'blue'],
  ['#2b4f9e', 'jacket', WHITE, 'Blue', 'blue'],
  ['#87b5e0', 'tshirt', LIGHT_GREY, 'Blue', 'blue'],
  ['#808080', 'tshirt', WHITE, 'Gray', 'grey'],
  ['#4a4a4a', 'jacket', WARM_WHITE, 'Gray', 'grey'],
  ['#b0b0b0', 'trousers', WHITE, 'Gray', 'grey'],
  ['#5b3a29', 'jacket', WHITE, 'Brown', 'brown'],
  ['#7b4b2a', 'trousers', LIGHT_GREY, 'Brown', 'brown'],
  ['#6a329f', 'dress', WHITE, 'Purple', 'purple'],
  ['#b39ddb', 'tshirt', LIGHT_GREY, 'Purple', 'purple'],
  ['#ef6c00', 'tshirt', WHITE, 'Orange', 'orange'],
  ['#e2725b', 'dress', WARM_WHITE, 'Orange', 'orange'],
  ['#f4d03f', 'tshirt', LIGHT_GREY, 'Yellow', 'yellow'],
  ['#d4a72c', 'jacket', WHITE, 'Yellow', 'yellow'],
  ['#c19a6b', 'jacket', WHITE, 'Brown', 'tan'],
  ['#0e7c7b', 'tshirt', WHITE, 'Blue', 'blue'],
];

async function naive(bytes: Buffer) {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const crop = { left: Math.floor(width / 4), top: Math.floor(height / 4), width: Math.floor(width / 2), height: Math.floor(height / 2) };
  const { channels } = await sharp(bytes).extract(crop).stats();
  const [r, g, b] = channels.map((c) => c.mean);
  return nameColourOn(labOf(r!, g!, b!), ebayColours).name;
}

let ebayAgree = 0;
let depopAgree = 0;
let naiveAgree = 0;
let sure = 0;
let sureWrong = 0;
let readMs = 0;
const misses: string[] = [];
for (const [index, [hex, shape, background, ebay, depop]] of photos.entries()) {
  const bytes = await garmentPhoto({ garment: hex, background, shape, seed: 100 + index });
  const started = performance.now();
  const read = await garmentColours(bytes);
  const onEbay = read ? namedOn(read, ebayColours)[0] : undefined;
  const onDepop = read ? namedOn(read, depopColours)[0] : undefined;
  readMs += performance.now() - started;
  if (onEbay?.name === ebay) ebayAgree += 1;
  else misses.push(`${hex} ${shape}: read ${onEbay?.name ?? 'nothing'} (${onEbay?.confidence ?? 0}), hand ${ebay}`);
  if (onDepop?.name === depop) depopAgree += 1;
  else misses.push(`${hex} ${shape} on Depop: read ${onDepop?.name ?? 'nothing'}, hand ${depop}`);
  if (onEbay && onEbay.confidence >= COLOUR_FACT_MIN) {
    sure += 1;
    if (onEbay.name !== ebay) sureWrong += 1;
  }
  if ((await naive(bytes)) === ebay) naiveAgree += 1;
}

const pct = (n: number) => `${((100 * n) / photos.length).toFixed(1)} %`;
console.log(`garment photos (synthetic): ${photos.length}`);
console.log(`eBay colour agreeing with the hand: ${pct(ebayAgree)} (target >= 85 %); naive centre mean: ${pct(naiveAgree)}`);
console.log(`Depop colour agreeing with the hand: ${pct(depopAgree)}`);
console.log(`filled as a fact (confidence >= ${COLOUR_FACT_MIN}): ${sure}, of which wrong: ${sureWrong}`);
console.log(`read time: ${(readMs / photos.length).toFixed(1)} ms per photo`);
for (const miss of misses) console.log(`  miss: ${miss}`);
process.exit(ebayAgree / photos.length >= 0.85 ? 0 : 1);
