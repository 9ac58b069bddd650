/**
 * Phone-camera photos for the benches that upload through the browser: 12 MP (3024x4032) JPEGs made from the real
 * iPhone photo the repository keeps (src/server/adapters/media/fixtures/iphone-display-p3.heic, 8.5 MP), so the
 * browser decodes and compresses photo content, not a flat test card. Each garment is the photo in another colour,
 * each of its shots another framing; the variants are made once and kept in the temp folder between runs.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createHeicDecoder } from '../../src/server/adapters/media/heic-decoder';

const FIXTURE = new URL('../../src/server/adapters/media/fixtures/iphone-display-p3.heic', import.meta.url);
const WIDTH = 3024;
const HEIGHT = 4032;
/** Distinct garments: products take them in turn. */
const GARMENTS = 5;
/** What an iPhone's "Most Compatible" JPEG is near (its files are 2-4 MB at 12 MP). */
const QUALITY = 95;
const CACHE = path.join(tmpdir(), 'rs-bench-phone-photos-v1');

export interface PhonePhotos {
  /** Files in upload order: product 1's shots, then product 2's... */
  paths: string[];
  /** Bytes of all the files. */
  bytes: number;
  remove(): void;
}

const variantPath = (garment: number, shot: number) => path.join(CACHE, `garment-${garment}-shot-${shot}.jpg`);

async function makeVariants(shots: number) {
  if (
    Array.from({ length: GARMENTS }, (_, g) => Array.from({ length: shots }, (_, s) => variantPath(g, s)))
      .flat()
      .every(existsSync)
  )
    return;
  mkdirSync(CACHE, { recursive: true });
  const heic = readFileSync(FIXTURE);
  const { width = 0, height = 0 } = await sharp(heic).metadata();
  const decoder = createHeicDecoder();
  const { pixels } = await decoder.decode(heic, width, height);
  await decoder.close();
  for (let garment = 0; garment < GARMENTS; garment++) {
    for (let shot = 0; shot < shots; shot++) {
      // A framing of 80% of the photo, moved a little for each shot.
      const crop = { width: Math.round(width * 0.8), height: Math.round(height * 0.8) };
      const left = Math.round(((width - crop.width) * shot) / Math.max(1, shots - 1));
      const top = Math.round(((height - crop.height) * (shots - 1 - shot)) / Math.max(1, shots - 1));
      const jpeg = await sharp(pixels, { raw: { width, height, channels: 4 } })
        .removeAlpha()
        .extract({ left, top, ...crop })
        .flop(shot % 2 === 1)
        .modulate({ hue: garment * 70 })
        .resize(WIDTH, HEIGHT, { fit: 'fill' })
        .jpeg({ quality: QUALITY })
        .toBuffer();
      const file = variantPath(garment, shot);
      writeFileSync(`${file}.part`, jpeg);
      renameSync(`${file}.part`, file);
    }
  }
}

/**
 * `products` x `shots` photo files, each its own file whose modification time is its shot time: a product's shots
 * 10 s apart, products 3 minutes apart (no EXIF), so "Group by shot time" with a 60 s gap makes one product of each.
 */
export async function phonePhotos(products: number, shots: number): Promise<PhonePhotos> {
  await makeVariants(shots);
  const dir = mkdtempSync(path.join(tmpdir(), 'rs-bench-upload-'));
  const start = Date.now() / 1000 - 24 * 3600;
  const paths: string[] = [];
  let bytes = 0;
  for (let product = 0; product < products; product++) {
    for (let shot = 0; shot < shots; shot++) {
      const file = path.join(dir, `IMG_${String(product * shots + shot + 1).padStart(4, '0')}.jpg`);
      copyFileSync(variantPath(product % GARMENTS, shot), file);
      const at = start + product * 180 + shot * 10;
      utimesSync(file, at, at);
      bytes += statSync(file).size;
      paths.push(file);
    }
  }
  return { paths, bytes, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
