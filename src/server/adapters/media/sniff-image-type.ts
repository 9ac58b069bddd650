export type SniffedImageType = 'jpeg' | 'png' | 'webp' | 'heif';

/** ISO-BMFF brands of HEIC/HEIF stills (and AVIF, the same container with AV1 inside). */
const heifBrands = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

/** The real image type from the first bytes; the file name and the browser's content type are not trusted. */
export function sniffImageType(bytes: Buffer): SniffedImageType | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (bytes.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    // major brand at 8, minor version at 12, then compatible brands
    for (let offset = 8; offset + 4 <= boxSize; offset += offset === 8 ? 8 : 4) {
      if (heifBrands.has(bytes.toString('latin1', offset, offset + 4))) return 'heif';
    }
  }
  return null;
}
