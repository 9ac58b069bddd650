// Decodes HEVC HEIC photos off the main thread: heic-decode (libheif in WASM) works synchronously for
// seconds on a phone photo and would otherwise stall every other request. Plain JavaScript so it runs the
// same under node, tsx and vitest without a TypeScript loader.
import { Buffer } from 'node:buffer';
import { parentPort } from 'node:worker_threads';
import decode from 'heic-decode';

// libheif-js prints decode failures itself; the caller already gets the error as a rejection.
globalThis.console.log = globalThis.console.error = globalThis.console.warn = () => {};

parentPort.on('message', async ({ id, bytes }) => {
  try {
    const { width, height, data } = await decode({ buffer: Buffer.from(bytes) });
    const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    parentPort.postMessage({ id, width, height, pixels }, [pixels.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
