import { describe, expect, it } from 'vitest';
import { exifShotTime, parseExifDate } from './exif-shot-time';
import { groupByShotTime } from './shot-time-groups';

/** A minimal JPEG: SOI, APP1 Exif with IFD0 -> Exif IFD -> DateTimeOriginal, then EOI. */
function jpegWithShotTime(date: string, little: boolean): ArrayBuffer {
  const tiff = new DataView(new ArrayBuffer(8 + 18 + 18 + 20));
  const ascii = (at: number, text: string) => [...text].forEach((c, i) => tiff.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, little ? 'II' : 'MM');
  tiff.setUint16(2, 42, little);
  tiff.setUint32(4, 8, little);
  // IFD0 at 8: one entry, ExifIFDPointer -> 26.
  tiff.setUint16(8, 1, little);
  tiff.setUint16(10, 0x8769, little);
  tiff.setUint16(12, 4, little);
  tiff.setUint32(14, 1, little);
  tiff.setUint32(18, 26, little);
  // Exif IFD at 26: one entry, DateTimeOriginal (ASCII, 20) -> 44.
  tiff.setUint16(26, 1, little);
  tiff.setUint16(28, 0x9003, little);
  tiff.setUint16(30, 2, little);
  tiff.setUint32(32, 20, little);
  tiff.setUint32(36, 44, little);
  ascii(44, date);
  const app1 = new Uint8Array(2 + 2 + 6 + tiff.byteLength);
  const head = new DataView(app1.buffer);
  head.setUint16(0, 0xffe1);
  head.setUint16(2, app1.length - 2);
  app1.set([0x45, 0x78, 0x69, 0x66, 0, 0], 4);
  app1.set(new Uint8Array(tiff.buffer), 10);
  return new Uint8Array([0xff, 0xd8, ...app1, 0xff, 0xd9]).buffer;
}

describe('shot time', () => {
  it('reads DateTimeOriginal from big- and little-endian EXIF', () => {
    const expected = new Date(2026, 10, 22, 10, 15, 30).getTime();
    expect(exifShotTime(jpegWithShotTime('2026:11:22 10:15:30', true))).toBe(expected);
    expect(exifShotTime(jpegWithShotTime('2026:11:22 10:15:30', false))).toBe(expected);
  });

  it('gives null for a JPEG without EXIF, a non-JPEG and a malformed date', () => {
    expect(exifShotTime(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]).buffer)).toBeNull();
    expect(exifShotTime(new Uint8Array([0x89, 0x50, 0x4e, 0x47]).buffer)).toBeNull();
    expect(exifShotTime(jpegWithShotTime('not a date at all!!', true))).toBeNull();
    expect(parseExifDate('2026:11:22')).toBeNull();
  });

  it('starts a new product when photos are more than the gap apart', () => {
    const seconds = [0, 10, 30, 200, 210, 500];
    const groups = groupByShotTime(seconds, (s) => s * 1000, 60);
    expect(groups).toEqual([[0, 10, 30], [200, 210], [500]]);
    expect(groupByShotTime(seconds, (s) => s * 1000, 250)).toEqual([[0, 10, 30, 200, 210], [500]]);
    expect(groupByShotTime([], (s: number) => s, 60)).toEqual([]);
  });
});
