/** Start-of-frame markers: the JPEG's coding process (SOF0-3, 5-7, 9-11, 13-15; C4, C8 and CC are other segments). */
const startOfFrame = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** 8-bit baseline, extended, progressive, and their arithmetic-coded forms: what libvips decodes. */
const decodable = new Set([0xc0, 0xc1, 0xc2, 0xc9, 0xca]);

/**
 * Whether a JPEG's own frame header declares a coding our decoder does not handle (12- or 16-bit samples, lossless,
 * hierarchical): a valid file in a format we cannot read, told from the header rather than from the decoder's error
 * text, which libvips keeps in one buffer for every thread and so can hand to another photo failing at the same time.
 * False when no frame header is found: then the decoder decides (a damaged file).
 */
export function isUndecodableJpeg(bytes: Buffer): boolean {
  let offset = 2; // after SOI
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return false; // scan data or the end before any frame header
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2; // markers without a length
      continue;
    }
    if (startOfFrame.has(marker)) {
      if (offset + 5 > bytes.length) return false;
      const precision = bytes[offset + 4];
      return !decodable.has(marker) || precision !== 8;
    }
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return false;
}
