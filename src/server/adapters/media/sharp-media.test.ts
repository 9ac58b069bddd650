import { paced } from '@shared/testing/pace';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '@shared/errors';
import {
  exifHasGps,
  makeGif,
  makeJpeg,
  makeJpegWithGpsAndOrientation,
  makePngBombHeader,
  makeTwelveBitJpeg,
  svgImage,
  textPretendingToBeJpeg,
} from '../../test/images';
import { deltaE76, displayP3PixelsToSrgb } from '../../test/colour';
import { createHeicDecoder } from './heic-decoder';
import { createSharpMedia, displayFileName } from './sharp-media';
import { sniffImageType } from './sniff-image-type';

const media = createSharpMedia();
afterAll(() => media.close());

const heicFixture = readFileSync(new URL('./fixtures/gradient-320x240.heic', import.meta.url));
/** An iPhone photo (2566x3313) with its Display P3 ICC profile; see fixtures/SOURCES.md. */
const iphoneP3Heic = readFileSync(new URL('./fixtures/iphone-display-p3.heic', import.meta.url));

async function refusal(bytes: Buffer, name: string): Promise<AppError> {
  const err = await media.processPhoto(bytes, name).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('sniffImageType', () => {
  it('reads the type from the bytes, not the name', async () => {
    expect(sniffImageType(await makeJpeg(8, 8))).toBe('jpeg');
    expect(
      sniffImageType(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
      ),
    ).toBe('png');
    expect(
      sniffImageType(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
          .webp()
          .toBuffer(),
      ),
    ).toBe('webp');
    expect(sniffImageType(heicFixture)).toBe('heif');
    expect(sniffImageType(textPretendingToBeJpeg)).toBeNull();
    expect(sniffImageType(svgImage)).toBeNull();
    expect(sniffImageType(await makeGif())).toBeNull();
    expect(sniffImageType(Buffer.alloc(3))).toBeNull();
  });
});

describe('createSharpMedia', () => {
  it('makes a display JPEG of at most 1920 px and a 400 px WebP thumbnail', async () => {
    const photo = await media.processPhoto(await makeJpeg(2400, 1800), 'big.jpg');
    expect(photo.display).toMatchObject({ width: 1920, height: 1440, contentType: 'image/jpeg' });
    expect(photo.thumbnail).toMatchObject({ width: 400, height: 300, contentType: 'image/webp' });
    expect((await sharp(photo.display.bytes).metadata()).format).toBe('jpeg');
    expect((await sharp(photo.thumbnail.bytes).metadata()).format).toBe('webp');
  });

  it('never enlarges a small photo', async () => {
    const photo = await media.processPhoto(await makeJpeg(300, 200), 'small.jpg');
    expect(photo.display).toMatchObject({ width: 300, height: 200 });
    expect(photo.thumbnail).toMatchObject({ width: 300, height: 200 });
  });

  it('applies the EXIF orientation and strips all metadata, GPS included', async () => {
    const input = await makeJpegWithGpsAndOrientation();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(exifHasGps(before.exif)).toBe(true);

    const photo = await media.processPhoto(input, 'phone.jpg');
    // 200x100 turned a quarter clockwise: the red left half is now on top
    expect(photo.display).toMatchObject({ width: 100, height: 200 });
    for (const output of [photo.display.bytes, photo.thumbnail.bytes]) {
      const after = await sharp(output).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(output.includes(Buffer.from('TestCam'))).toBe(false);
    }
    const { data } = await sharp(photo.display.bytes)
      .extract({ left: 50, top: 20, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // red on top
    expect(data[2]).toBeLessThan(60);
  });

  it('puts transparent pixels on white', async () => {
    const transparent = await sharp({ create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const photo = await media.processPhoto(transparent, 'cutout.png');
    const { data } = await sharp(photo.display.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(data[0]!, data[1]!, data[2]!)).toBeGreaterThan(240);
  });

  it('refuses files that are not JPEG, PNG, WebP or HEIC, naming the file', async () => {
    const text = await refusal(textPretendingToBeJpeg, 'photo.jpg');
    expect(text.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(text.message).toBe('photo.jpg is not a supported image (JPEG, PNG, WebP or HEIC)');
    expect((await refusal(svgImage, 'logo.svg')).message).toBe('logo.svg is not a supported image (JPEG, PNG, WebP or HEIC)');
    expect((await refusal(await makeGif(), 'anim.gif')).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a truncated JPEG with a clear message', async () => {
    const whole = await makeJpeg(800, 600);
    const err = await refusal(whole.subarray(0, Math.floor(whole.length / 2)), 'cut.jpg');
    expect(err.code).toBe('UNPROCESSABLE');
    expect(err.message).toBe('cut.jpg could not be read: the image is damaged or incomplete');
  });

  it('tells a valid file it cannot decode (a 12-bit JPEG) from a damaged one', async () => {
    const err = await refusal(await makeTwelveBitJpeg(), 'scan.jpg');
    expect(err.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(err.message).toBe('scan.jpg is not a format we can read: save it as an ordinary JPEG, PNG or WebP and upload that');
    // a file cut short, or with a corrupted marker (libjpeg: "Unsupported marker type"), is still damaged
    const cut = await makeJpeg(800, 600);
    expect((await refusal(cut.subarray(0, cut.length >> 1), 'cut.jpg')).code).toBe('UNPROCESSABLE');
    const badMarker = Buffer.from(cut);
    badMarker[badMarker.indexOf(Buffer.from([0xff, 0xdb])) + 1] = 0x02;
    expect((await refusal(badMarker, 'marker.jpg')).message).toBe('marker.jpg could not be read: the image is damaged or incomplete');
  });

  it('tells a 12-bit JPEG from a damaged one every time, even among many photos failing at once', async () => {
    // libvips keeps error text in one buffer for all threads: the decoder's words cannot be trusted under load.
    const twelveBit = await makeTwelveBitJpeg();
    const whole = await makeJpeg(400, 300);
    const cut = whole.subarray(0, whole.length >> 1);
    const outcomes = await Promise.all(
      Array.from({ length: 24 }, (_, i) => refusal(i % 2 ? cut : twelveBit, i % 2 ? 'cut.jpg' : 'scan.jpg').then((err) => err.message)),
    );
    expect(new Set(outcomes)).toEqual(
      new Set([
        'scan.jpg is not a format we can read: save it as an ordinary JPEG, PNG or WebP and upload that',
        'cut.jpg could not be read: the image is damaged or incomplete',
      ]),
    );
    expect(outcomes.filter((message) => message.startsWith('scan.jpg')).every((message) => message.includes('format we can read'))).toBe(
      true,
    );
    // a 16-bit lossless JPEG (SOF3) is the same kind of file
    const lossless = Buffer.from(twelveBit);
    lossless[lossless.indexOf(Buffer.from([0xff, 0xc1])) + 1] = 0xc3;
    expect((await refusal(lossless, 'lossless.jpg')).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a 20000x20000 PNG from its header, without decoding it', async () => {
    const started = performance.now();
    const err = await refusal(makePngBombHeader(), 'bomb.png');
    expect(err.message).toBe('bomb.png is too large (max 50 megapixels)');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('decodes a real HEVC HEIC (heif-enc) through libheif', async () => {
    const photo = await media.processPhoto(heicFixture, 'IMG_0001.HEIC');
    expect(photo.display).toMatchObject({ width: 320, height: 240, contentType: 'image/jpeg' });
    // the fixture is a gradient whose left half is strongly blue
    const { data } = await sharp(photo.display.bytes)
      .extract({ left: 40, top: 120, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[2]).toBeGreaterThan(150);
  });

  it(
    'converts an iPhone HEIC from its Display P3 profile to sRGB, display and thumbnail alike',
    async () => {
      const photo = await media.processPhoto(iphoneP3Heic, 'IMG_5195.HEIC');
      expect(photo.display).toMatchObject({ width: 1487, height: 1920 });
      // The reference: the same decoded P3 pixels converted with the standard P3 → sRGB matrix and curves.
      const decoder = createHeicDecoder({ threads: 1 });
      const header = await sharp(iphoneP3Heic).metadata();
      const { width, height, pixels: p3 } = await decoder.decode(iphoneP3Heic, header.width, header.height).finally(() => decoder.close());
      const full = { width, height };
      const reference = displayP3PixelsToSrgb(p3, 4);
      for (const output of [photo.display, photo.thumbnail]) {
        // Both sides are stored the same way (JPEG q85 or WebP q75: alone up to ΔE 9 per pixel, measured) and
        // compared as averages of 16x16-pixel blocks, so the encoders' own noise neither hides nor fakes a shift.
        const size = { width: output.width, height: output.height };
        const blocks = { width: Math.round(size.width / 16), height: Math.round(size.height / 16), fit: 'fill' as const };
        const asStored = (image: Sharp) =>
          output.contentType === 'image/jpeg' ? image.jpeg({ quality: 85, mozjpeg: false }) : image.webp({ quality: 75, effort: 2 });
        const inBlocks = async (encoded: Buffer) => {
          // decoded at full size first: a JPEG shrunk on load is averaged differently
          const pixels = await sharp(encoded).removeAlpha().raw().toBuffer();
          return sharp(pixels, { raw: { ...size, channels: 3 } })
            .resize(blocks)
            .raw()
            .toBuffer();
        };
        const storedLike = async (pixels: Buffer, channels: 3 | 4) =>
          inBlocks(
            await asStored(
              sharp(pixels, { raw: { ...full, channels } })
                .resize({ ...size, fit: 'fill' })
                .removeAlpha(),
            ).toBuffer(),
          );
        const expected = await storedLike(reference, 3);
        const difference = deltaE76(await inBlocks(output.bytes), 3, expected, 3, 1);
        expect(difference.mean).toBeLessThan(2);
        expect(difference.p95).toBeLessThan(2);
        // The P3 values taken as sRGB as they are (the fault this guards against) are far off by the same measure.
        const asIs = deltaE76(await storedLike(p3, 4), 3, expected, 3, 1);
        expect(asIs.mean).toBeGreaterThan(2);
        expect(asIs.p95).toBeGreaterThan(5);
      }
    },
    paced(120_000),
  );

  it('refuses a HEIC whose header claims too many pixels, and a damaged HEIC', async () => {
    const small = createSharpMedia({ maxInputPixels: 10_000 });
    try {
      const err = await small.processPhoto(heicFixture, 'a.heic').then(
        () => null,
        (e: unknown) => e,
      );
      expect((err as AppError).message).toBe('a.heic is too large (max 0 megapixels)');
    } finally {
      await small.close();
    }
    const damaged = Buffer.concat([heicFixture.subarray(0, 400)]);
    expect((await refusal(damaged, 'b.heic')).message).toBe('b.heic could not be read: the image is damaged or incomplete');
  });

  it('keeps messages readable whatever the file name', () => {
    expect(displayFileName('C:\\Users\\me\\IMG_1.jpg')).toBe('IMG_1.jpg');
    expect(displayFileName('a/b/c.png')).toBe('c.png');
    expect(displayFileName('\u0000\u202e')).toBe('The file');
    expect(displayFileName('x'.repeat(200))).toHaveLength(80);
  });
});
