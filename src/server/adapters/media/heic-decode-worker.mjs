// Decodes HEVC HEIC photos off the main thread with libheif (WASM, from libheif-js). A phone photo is a grid of
// 512 px tiles, each its own HEVC picture: every worker of the pool opens the file and decodes its share of the
// tiles (tile i goes to worker i % parts) straight into one SharedArrayBuffer, so a photo is decoded by all cores
// at once. An image that is not a plain grid is decoded whole by worker 0. Plain JavaScript so it runs the same
// under node, tsx and vitest without a TypeScript loader.
import { parentPort } from 'node:worker_threads';
import libheif from 'libheif-js/wasm-bundle.js';

// libheif-js prints decode failures itself; the caller already gets the error as a rejection.
globalThis.console.log = globalThis.console.error = globalThis.console.warn = () => {};

const RGB = libheif.heif_colorspace.heif_colorspace_RGB.value;
const RGBA = libheif.heif_chroma.heif_chroma_interleaved_RGBA.value;
const INTERLEAVED = libheif.heif_channel.heif_channel_interleaved.value;

/** Calls a libheif function returning `struct heif_error` (returned through a pointer in WASM); throws on error. */
function check(scratch, call) {
  call(scratch);
  const code = libheif.HEAP32[scratch >> 2];
  if (code !== 0) throw new Error(`libheif error ${code}.${libheif.HEAP32[(scratch >> 2) + 1]}`);
}

/** The grid of the primary image after its rotation/crop boxes, or null when it is not a plain grid. */
function gridOf(handle, scratch) {
  const tiling = libheif._malloc(128);
  try {
    libheif.HEAPU8.fill(0, tiling, tiling + 128);
    check(scratch, (err) => libheif._heif_image_handle_get_image_tiling(err, handle, 1, tiling));
    const [, columns, rows, tileWidth, tileHeight, width, height, top, left] = libheif.HEAPU32.subarray(tiling >> 2, (tiling >> 2) + 9);
    if (top !== 0 || left !== 0 || columns * tileWidth < width || rows * tileHeight < height) return null;
    return { columns, rows, tileWidth, tileHeight };
  } finally {
    libheif._free(tiling);
  }
}

function decodeTile(handle, scratch, target, width, height, grid, column, row) {
  const out = libheif._malloc(8);
  try {
    check(scratch, (err) => libheif._heif_image_handle_decode_image_tile(err, handle, out, RGB, RGBA, 0, column, row));
    const image = libheif.HEAPU32[out >> 2];
    try {
      const plane = libheif._heif_image_get_plane_readonly(image, INTERLEAVED, out + 4);
      const stride = libheif.HEAP32[(out + 4) >> 2];
      const left = column * grid.tileWidth;
      const top = row * grid.tileHeight;
      const rowBytes = Math.min(grid.tileWidth, width - left) * 4;
      for (let y = 0; y < Math.min(grid.tileHeight, height - top); y++) {
        target.set(libheif.HEAPU8.subarray(plane + y * stride, plane + y * stride + rowBytes), ((top + y) * width + left) * 4);
      }
    } finally {
      libheif._heif_image_release(image);
    }
  } finally {
    libheif._free(out);
  }
}

function decodeWhole(image, target, width, height) {
  return new Promise((resolve, reject) => {
    image.display({ data: target, width, height }, (result) => (result ? resolve() : reject(new Error('HEIF processing error'))));
  });
}

async function decodePart({ bytes, shared, width, height, part, parts }) {
  const target = new Uint8Array(shared);
  const decoder = new libheif.HeifDecoder();
  const images = decoder.decode(bytes);
  const scratch = libheif._malloc(16);
  try {
    if (!images.length) throw new Error('HEIF image not found');
    const image = images[0];
    if (image.get_width() !== width || image.get_height() !== height) throw new Error('the image is not the size its header says');
    const handle = image.handle.$$.ptr;
    const grid = gridOf(handle, scratch);
    if (!grid || grid.columns * grid.rows === 1) {
      if (part === 0) await decodeWhole(image, target, width, height);
      return;
    }
    for (let tile = part; tile < grid.columns * grid.rows; tile += parts) {
      decodeTile(handle, scratch, target, width, height, grid, tile % grid.columns, Math.floor(tile / grid.columns));
    }
  } finally {
    libheif._free(scratch);
    for (const image of images) image.free();
    decoder.decoder?.delete();
  }
}

parentPort.on('message', async (task) => {
  try {
    await decodePart(task);
    parentPort.postMessage({ id: task.id });
  } catch (err) {
    parentPort.postMessage({ id: task.id, error: err instanceof Error ? err.message : String(err) });
  }
});
