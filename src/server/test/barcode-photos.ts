import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

/**
 * A swing tag's barcode photographed (synthetic): the code drawn by ZXing's writer (its WebAssembly read from the
 * installed package, never a CDN), on a white tag, turned a little, softened and JPEG-compressed.
 */

let ready: Promise<unknown> | null = null;
const writer = () =>
  (ready ??= prepareZXingModule({
    overrides: { wasmBinary: readFileSync(fileURLToPath(import.meta.resolve('zxing-wasm/writer/zxing_writer.wasm'))) },
    fireImmediately: true,
  }));

export async function barcodePhoto(code: string, options: { format?: 'EAN-13' | 'UPC-A' | 'EAN-8' | 'QRCode'; angle?: number } = {}) {
  await writer();
  const written = await writeBarcode(code, { format: options.format ?? 'EAN-13', scale: 3, addHRT: true, addQuietZones: true });
  if (written.error) throw new Error(written.error);
  const drawn = await sharp(Buffer.from(written.svg))
    .flatten({ background: '#ffffff' })
    .extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#ffffff' })
    .png()
    .toBuffer();
  return sharp(drawn)
    .rotate(options.angle ?? 6, { background: '#c9b79c' })
    .blur(0.6)
    .jpeg({ quality: 75 })
    .toBuffer();
}
