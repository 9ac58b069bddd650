/** Reads EXIF DateTimeOriginal (tag 0x9003, "YYYY:MM:DD HH:MM:SS") from the start of a JPEG; pure, no imports. */

const SOI = 0xffd8;
const APP1 = 0xffe1;
const EXIF_IFD_POINTER = 0x8769;
const DATE_TIME_ORIGINAL = 0x9003;

/** Milliseconds since the epoch (read as local time, as cameras write it), or null when absent or unreadable. */
export function exifShotTime(bytes: ArrayBuffer): number | null {
  const view = new DataView(bytes);
  if (view.byteLength < 4 || view.getUint16(0) !== SOI) return null;
  let offset = 2;
  while (offset + 4 <= view.byteLength) {
    const marker = view.getUint16(offset);
    const length = view.getUint16(offset + 2);
    if ((marker & 0xff00) !== 0xff00) return null;
    if (marker === APP1 && readAscii(view, offset + 4, 4) === 'Exif') return fromTiff(view, offset + 10);
    offset += 2 + length;
  }
  return null;
}

function fromTiff(view: DataView, tiff: number): number | null {
  if (tiff + 8 > view.byteLength) return null;
  const little = readAscii(view, tiff, 2) === 'II';
  const u16 = (at: number) => view.getUint16(tiff + at, little);
  const u32 = (at: number) => view.getUint32(tiff + at, little);
  const findTag = (ifd: number, tag: number): number | null => {
    if (tiff + ifd + 2 > view.byteLength) return null;
    const count = u16(ifd);
    for (let i = 0; i < count; i++) {
      const entry = ifd + 2 + i * 12;
      if (tiff + entry + 12 > view.byteLength) return null;
      if (u16(entry) === tag) return entry;
    }
    return null;
  };
  try {
    const pointer = findTag(u32(4), EXIF_IFD_POINTER);
    if (pointer === null) return null;
    const entry = findTag(u32(pointer + 8), DATE_TIME_ORIGINAL);
    if (entry === null) return null;
    return parseExifDate(readAscii(view, tiff + u32(entry + 8), 19));
  } catch {
    return null;
  }
}

function readAscii(view: DataView, at: number, length: number): string {
  let text = '';
  for (let i = 0; i < length && at + i < view.byteLength; i++) text += String.fromCharCode(view.getUint8(at + i));
  return text;
}

/** "2026:11:22 10:15:30" as local time. */
export function parseExifDate(text: string): number | null {
  const m = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const [year = NaN, month = NaN, day = NaN, hour = NaN, minute = NaN, second = NaN] = m.slice(1).map(Number);
  const time = new Date(year, month - 1, day, hour, minute, second).getTime();
  return Number.isNaN(time) ? null : time;
}
