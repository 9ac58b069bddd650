/**
 * Picks the JPEG quality that brings a canvas under a byte target with one full-size encode instead of a search:
 * a 2x2 mosaic of tiles cut at full resolution is encoded at two qualities (a few ms each), the bytes per pixel
 * are scaled to the whole canvas, and the quality is interpolated between the two probes.
 */
const TILE = 256;
/** Headers and tables every JPEG carries regardless of its size. */
const JPEG_OVERHEAD_BYTES = 620;

export async function qualityForTarget(source: OffscreenCanvas, quality: number, minQuality: number, targetBytes: number): Promise<number> {
  const { width, height } = source;
  if (quality <= minQuality || width * height <= TILE * TILE * 4) return quality;
  const probe = mosaicOf(source);
  if (!probe) return quality;
  const scale = (width * height) / (probe.width * probe.height);
  const estimate = async (q: number) => {
    const bytes = (await probe.convertToBlob({ type: 'image/jpeg', quality: q })).size;
    return Math.max(0, bytes - JPEG_OVERHEAD_BYTES) * scale + JPEG_OVERHEAD_BYTES;
  };
  const atQuality = await estimate(quality);
  if (atQuality <= targetBytes) return quality;
  const atMin = await estimate(minQuality);
  if (atMin >= targetBytes) return minQuality;
  const fraction = (atQuality - targetBytes) / (atQuality - atMin);
  return Math.round((quality - fraction * (quality - minQuality)) * 100) / 100;
}

/** Four full-resolution tiles from the middle of each quadrant, side by side. */
function mosaicOf(source: OffscreenCanvas): OffscreenCanvas | null {
  const probe = new OffscreenCanvas(TILE * 2, TILE * 2);
  const context = probe.getContext('2d');
  if (!context) return null;
  for (const [col, row] of [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ] as const) {
    const sx = Math.round((source.width * (1 + 2 * col)) / 4 - TILE / 2);
    const sy = Math.round((source.height * (1 + 2 * row)) / 4 - TILE / 2);
    context.drawImage(source, sx, sy, TILE, TILE, col * TILE, row * TILE, TILE, TILE);
  }
  return probe;
}
