import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A JPEG of random-ish pixels (noise compresses like a real photo, a flat colour does not). */
export async function makeJpeg(width: number, height: number, options: { quality?: number } = {}): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (Math.random() * 256) | 0;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: options.quality ?? 85 })
    .toBuffer();
}

/**
 * A well-formed JPEG whose frame header declares 12-bit samples (extended sequential, SOF1), a precision the JPEG
 * standard allows and medical or scientific cameras write, but that our decoder does not handle.
 */
export async function makeTwelveBitJpeg(): Promise<Buffer> {
  const jpeg = Buffer.from(await makeJpeg(64, 48));
  const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg[frame + 1] = 0xc1; // SOF1: extended sequential
  jpeg[frame + 4] = 12; // sample precision
  return jpeg;
}

/** A 200x100 JPEG (left half red, right half blue) with GPS EXIF and EXIF orientation 6 (rotate 90° clockwise). */
export async function makeJpegWithGpsAndOrientation(): Promise<Buffer> {
  const left = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 200, height: 100, channels: 3, background: '#0000ff' } })
    .composite([{ input: left, left: 0, top: 0 }])
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** True when an EXIF block holds a GPS IFD pointer (tag 0x8825), in either byte order. */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header claiming width x height with almost no pixel data: a decompression bomb in 60 bytes. */
export function makePngBombHeader(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const svgImage = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
export const textPretendingToBeJpeg = Buffer.from('This is a text file, renamed to photo.jpg.\n'.repeat(10));

export async function makeGif(): Promise<Buffer> {
  return sharp({ create: { width: 10, height: 10, channels: 3, background: '#00ff00' } })
    .gif()
    .toBuffer();
}

/** An animated image of three 40x30 frames (red, green, blue) in `format`. */
export async function makeAnimated(format: 'webp' | 'gif'): Promise<Buffer> {
  const frames = await Promise.all(
    ['#ff0000', '#00ff00', '#0000ff'].map((background) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  const animated = sharp(frames, { join: { animated: true } });
  return format === 'webp' ? animated.webp({ loop: 0, delay: 100 }).toBuffer() : animated.gif({ delay: 100 }).toBuffer();
}

/** A JPEG whose frame header (SOF0) claims width x height: a decompression bomb of a few kilobytes. */
export async function makeJpegBombHeader(width = 60_000, height = 60_000): Promise<Buffer> {
  const jpeg = Buffer.from(await makeJpeg(32, 32));
  const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(height, frame + 5);
  jpeg.writeUInt16BE(width, frame + 7);
  return jpeg;
}

/** A JPEG with an EXIF block of nonsense after its start marker (offsets pointing nowhere, an orientation of 9). */
export async function makeJpegWithBrokenExif(): Promise<Buffer> {
  const jpeg = await makeJpeg(64, 48);
  const tiff = Buffer.alloc(64, 0xff);
  tiff.write('II*\0', 0, 'latin1');
  tiff.writeUInt32LE(0x7fff_fff0, 4); // first IFD far past the end
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, payload, jpeg.subarray(2)]);
}

/** A JPEG carrying EXIF orientation 9, a value the EXIF standard does not define. */
export async function makeJpegWithOrientation(orientation: number): Promise<Buffer> {
  const jpeg = Buffer.from(
    await sharp(await makeJpeg(64, 48))
      .withMetadata({ orientation: 1 })
      .jpeg()
      .toBuffer(),
  );
  // sharp refuses to write an undefined orientation: write 1, then patch the tag's value (0x0112, SHORT) in place.
  for (const tag of [Buffer.from([0x12, 0x01, 0x03, 0x00]), Buffer.from([0x01, 0x12, 0x00, 0x03])]) {
    const at = jpeg.indexOf(tag);
    if (at < 0) continue;
    if (tag[0] === 0x12) jpeg.writeUInt16LE(orientation, at + 8);
    else jpeg.writeUInt16BE(orientation, at + 8);
    return jpeg;
  }
  throw new Error('no orientation tag written');
}

/** A real zip archive (one stored file inside), as a seller might rename `photos.zip` to `photos.jpg`. */
export function makeZip(name: string, content: Buffer): Buffer {
  const fileName = Buffer.from(name, 'latin1');
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const localPart = Buffer.concat([local, fileName, content]);
  const centralPart = Buffer.concat([central, fileName]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}
