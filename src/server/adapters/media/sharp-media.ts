import { availableParallelism } from 'node:os';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { AppError } from '@shared/errors';
import { createConcurrencyLimit } from './concurrency-limit';
import { createHeicDecoder, type DecodedRgba } from './heic-decoder';
import type { EncodedImage, MediaProcessor, PhotoEdit, ProcessedPhoto } from './media';
import { rgbaAsTiffWithIcc } from './raw-with-icc';
import { isUndecodableJpeg } from './jpeg-frame';
import { sniffImageType } from './sniff-image-type';

export interface SharpMediaOptions {
  /** Decompression-bomb guard, checked from the header before any pixel is decoded. */
  maxInputPixels?: number;
  /** Photos processed at once in this process (default: the number of cores). */
  concurrency?: number;
}

export const DISPLAY_MAX_PX = 1920;
export const THUMBNAIL_MAX_PX = 400;
/** Crop output quality 0.92. */
export const EDIT_JPEG_QUALITY = 92;
const DEFAULT_MAX_INPUT_PIXELS = 50_000_000;

/** A name safe to echo back in a message: no folders, no control characters, not endless. */
export function displayFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  if (!clean) return 'The file';
  return clean.length > 80 ? `${clean.slice(0, 77)}...` : clean;
}

/**
 * sharp (libvips) for JPEG, PNG, WebP and AVIF; HEVC HEIC is decoded to RGBA by libheif (WASM) first. One
 * input buffer, two outputs: the display JPEG and the 400 px thumbnail.
 */
export function createSharpMedia(options: SharpMediaOptions = {}): MediaProcessor {
  const maxInputPixels = options.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS;
  const megapixels = Math.round(maxInputPixels / 1_000_000);
  const runLimited = createConcurrencyLimit(options.concurrency ?? availableParallelism());
  const heic = createHeicDecoder();
  // libvips' own cache only helps when the same file is read repeatedly; uploads never are.
  sharp.cache(false);

  const messages = {
    empty: (name: string) => new AppError('UNPROCESSABLE', `${name} is empty (0 bytes)`),
    unsupported: (name: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', `${name} is not a supported image (JPEG, PNG, WebP or HEIC)`),
    tooLarge: (name: string) => new AppError('UNPROCESSABLE', `${name} is too large (max ${megapixels} megapixels)`),
    damaged: (name: string) => new AppError('UNPROCESSABLE', `${name} could not be read: the image is damaged or incomplete`),
    unreadable: (name: string) =>
      new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `${name} is not a format we can read: save it as an ordinary JPEG, PNG or WebP and upload that`,
      ),
  };

  /**
   * The decoder's own words for a valid file of a kind it does not handle (a 12-bit JPEG, say). libjpeg also says
   * "Unsupported marker type" of a corrupted byte, and such a file is damaged, not unsupported.
   */
  const unsupportedVariant = (message: string) =>
    /unsupported|not supported|not implemented|no decoder/i.test(message) && !/marker|corrupt|premature|truncat/i.test(message);

  /**
   * A factory of sharp pipelines over the upload's pixels, or an AppError the user can read. Each output gets
   * its own pipeline on the same buffer rather than `.clone()`: in sharp 0.35 clone() structuredClones its
   * options, input buffer included, and decodes again anyway; two pipelines share the bytes without a copy,
   * and the thumbnail's JPEG decode shrinks on load (1/4 scale), which beats decoding once at full size.
   */
  async function openInput(bytes: Buffer, name: string): Promise<() => Sharp> {
    if (bytes.length === 0) throw messages.empty(name);
    const type = sniffImageType(bytes);
    if (!type) throw messages.unsupported(name);
    if (type === 'jpeg' && isUndecodableJpeg(bytes)) throw messages.unreadable(name);
    // 'truncated' refuses cut-off files without failing on harmless warnings some cameras write.
    const decodeOptions: SharpOptions = { limitInputPixels: maxInputPixels, failOn: 'truncated' };
    if (type !== 'heif') return () => sharp(bytes, decodeOptions);

    const header = await sharp(bytes, { limitInputPixels: false })
      .metadata()
      .catch(() => null);
    if (!header?.width || !header.height) throw messages.damaged(name);
    if (header.width * header.height > maxInputPixels) throw messages.tooLarge(name);
    if (header.compression !== 'hevc') return () => sharp(bytes, decodeOptions); // AVIF: libvips decodes AV1 itself
    const decoded = await heic.decode(bytes, header.width, header.height).catch(() => {
      throw messages.damaged(name);
    });
    // HEVC is decoded once, here; libheif has applied the HEIF rotation/mirror boxes, the pixels carry no EXIF.
    const display = await heicDisplayInSrgb(decoded, header.icc).catch(() => {
      throw messages.damaged(name);
    });
    return () => sharp(display.data, { ...decodeOptions, raw: display.info });
  }

  /**
   * libheif gives the pixels in the photo's own colour space (Display P3 on iPhones) without its profile, and
   * sharp takes raw input as sRGB. So: shrink to the display size first (the ICC transform costs ~50 ms per
   * megapixel, so once at 1920 px, not twice at 12 MP), then attach the HEIF's ICC profile and let libvips
   * convert to sRGB as it does for a JPEG with a profile. Both outputs are made from this sRGB image.
   */
  async function heicDisplayInSrgb(decoded: DecodedRgba, icc: Buffer | undefined) {
    const raw = { width: decoded.width, height: decoded.height, channels: 4 as const };
    const small = await sharp(decoded.pixels, { raw, limitInputPixels: maxInputPixels })
      .resize({ width: DISPLAY_MAX_PX, height: DISPLAY_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (!icc) return small;
    const tagged = rgbaAsTiffWithIcc(small.data, small.info.width, small.info.height, icc);
    return sharp(tagged).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  }

  async function encode(pipeline: Sharp, kind: 'display' | 'thumbnail', quality = 85): Promise<EncodedImage> {
    if (kind === 'display') {
      const { data, info } = await pipeline
        .resize({ width: DISPLAY_MAX_PX, height: DISPLAY_MAX_PX, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality, mozjpeg: false })
        .toBuffer({ resolveWithObject: true });
      return { bytes: data, width: info.width, height: info.height, contentType: 'image/jpeg', extension: 'jpg' };
    }
    const { data, info } = await pipeline
      .resize({ width: THUMBNAIL_MAX_PX, height: THUMBNAIL_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75, effort: 2 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, contentType: 'image/webp', extension: 'webp' };
  }

  async function process(bytes: Buffer, fileName: string): Promise<ProcessedPhoto> {
    const name = displayFileName(fileName);
    const open = await openInput(bytes, name);
    // rotate(): apply the EXIF orientation; flatten: transparent PNG/WebP on white, not JPEG's black. An animated
    // WebP gives its first frame (sharp reads one page unless asked for more): a product photo is a still.
    // No withMetadata/keepExif: sharp writes no EXIF (GPS!), XMP or ICC into the outputs.
    const upright = () => open().rotate().flatten({ background: '#ffffff' });
    const [display, thumbnail] = await Promise.allSettled([encode(upright(), 'display'), encode(upright(), 'thumbnail')]);
    if (display.status === 'fulfilled' && thumbnail.status === 'fulfilled') return { display: display.value, thumbnail: thumbnail.value };
    // Both pipelines' words: libvips keeps error text in one buffer for all threads, so one of two failing at
    // once may get only "Unknown error" while the other says why.
    const text = [display, thumbnail]
      .flatMap((outcome) => (outcome.status === 'rejected' && outcome.reason instanceof Error ? [outcome.reason.message] : []))
      .join('\n');
    if (/pixel limit/i.test(text)) throw messages.tooLarge(name);
    if (unsupportedVariant(text)) throw messages.unreadable(name);
    throw messages.damaged(name);
  }

  /** Crop or rotate one of our stored images; the caller has checked the region against its size. */
  async function edit(bytes: Buffer, change: PhotoEdit): Promise<ProcessedPhoto> {
    const edited = () => {
      const stored = sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'truncated' });
      return change.kind === 'crop'
        ? stored.extract({ left: change.left, top: change.top, width: change.width, height: change.height })
        : stored.rotate(change.degrees);
    };
    const [display, thumbnail] = await Promise.all([encode(edited(), 'display', EDIT_JPEG_QUALITY), encode(edited(), 'thumbnail')]);
    return { display, thumbnail };
  }

  return {
    processPhoto: (bytes, fileName) => runLimited(() => process(bytes, fileName)),
    editPhoto: (bytes, change) => runLimited(() => edit(bytes, change)),
    close: () => heic.close(),
  };
}
