import type { Sharp } from 'sharp';
import { ApiError } from '../../server/http/errors.ts';
import { IMAGE_WIDTHS, widthsFor } from '../articles/image-sizes.ts';

/**
 * Photos as curators have them (a camera's 6 MB JPEG, a 2 MB PNG) made light for visitors
 * (docs/adr/0027-photos-processed-at-upload.md): turned upright by their EXIF orientation,
 * emptied of every metadata block (GPS position, camera, owner, colour profile: the pixels are
 * converted to sRGB and written bare), stored at widths for phones and screens, each as WebP and
 * as JPEG (PNG when the image has transparency), no file over MAX_VISITOR_IMAGE_BYTES.
 */

/** No file a visitor downloads is larger. */
export const MAX_VISITOR_IMAGE_BYTES = 200 * 1024;

/**
 * Pixels an upload may declare: a 61-megapixel camera's photos pass, a small file claiming
 * 30,000 × 30,000 pixels (a decompression bomb, gigabytes once decoded) is refused unread.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

/** Qualities tried in turn until a file fits: high first, so that text in an image stays legible. */
const QUALITIES = [82, 72, 62, 52, 42, 32];
/** When the lowest quality is still too heavy, the largest width shrinks by this and tries again. */
const SHRINK = 0.8;
/** Below this width the image is not worth showing; a file that cannot fit by then is refused. */
const MIN_WIDTH = 160;

type SharpLib = (typeof import('sharp'))['default'];
let loading: Promise<SharpLib> | undefined;

/**
 * sharp (a native library) is loaded with the first photo, not with the app: every start of the
 * server, of its commands and of a Netlify function would pay for it otherwise. One libvips
 * thread per operation and no operation cache: on a 2-core server or a Netlify function a photo
 * being processed must leave room for visitors' pages.
 */
function sharpLib(): Promise<SharpLib> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

type Format = 'webp' | 'jpg' | 'png';

export interface ProcessedImage {
  width: number;
  height: number;
  /** The fallback's format: PNG keeps transparency, JPEG for the rest. */
  ext: 'jpg' | 'png';
  /** Every file, by its width and format. */
  files: { width: number; format: Format; bytes: Uint8Array }[];
}

interface Base {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * One photo at a time per process: a second upload waits for the first instead of doubling the
 * memory and the processor a photo takes.
 */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/** `maxBytes` is the visitor's limit; tests lower it to reach the shrinking quickly. */
export function processImage(
  bytes: Uint8Array,
  maxBytes = MAX_VISITOR_IMAGE_BYTES,
): Promise<ProcessedImage> {
  return oneAtATime(async () => {
    const base = await decode(bytes);
    const ext = base.channels === 4 ? 'png' : 'jpg';
    for (let width = base.width; ;) {
      const encoded = await encodeAll(base, width, ext, maxBytes);
      if (Array.isArray(encoded)) {
        const height = Math.max(1, Math.round((base.height * width) / base.width));
        return { width, height, ext, files: encoded };
      }
      // Bytes go with pixels, so with the width squared: aim under the limit in one step.
      const ratio = Math.sqrt(maxBytes / encoded.lightest) * 0.95;
      width = Math.floor(width * Math.min(SHRINK, ratio));
      if (width < MIN_WIDTH) {
        throw new ApiError(422, 'invalid_image', 'This image cannot be made light enough.', {
          details: { reason: 'image_weight' },
        });
      }
    }
  });
}

/**
 * The upright image at most the largest stored width, as raw sRGB pixels: decoded once, every
 * size is made from it. Transparency is kept only where a pixel uses it.
 */
async function decode(bytes: Uint8Array): Promise<Base> {
  const sharp = await sharpLib();
  try {
    const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const largest = IMAGE_WIDTHS.at(-1)!;
    const { data, info } = await input
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    if (info.channels === 4 && !(await sharp(data, raw).stats()).isOpaque) {
      return { data, width: info.width, height: info.height, channels: 4 };
    }
    const opaque =
      info.channels === 3 ? data : await sharp(data, raw).removeAlpha().raw().toBuffer();
    return { data: opaque, width: info.width, height: info.height, channels: 3 };
  } catch (error) {
    throw unreadable(error);
  }
}

function unreadable(error: unknown): ApiError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return new ApiError(
      422,
      'invalid_image',
      `Images may be at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
      { details: { reason: 'pixels', megapixels: MAX_INPUT_PIXELS / 1_000_000 } },
    );
  }
  return new ApiError(422, 'invalid_image', 'This image could not be read: it may be damaged.', {
    details: { reason: 'unreadable' },
  });
}

/**
 * Every file of the image with `width` as its largest, or, when one cannot fit, the weight of
 * its lightest try (the caller tries a smaller width). Each width starts at the highest
 * quality: a phone's small file need not pay for the large one's weight.
 */
async function encodeAll(base: Base, largest: number, ext: 'jpg' | 'png', maxBytes: number) {
  const files: ProcessedImage['files'] = [];
  for (const width of widthsFor(largest).reverse()) {
    for (const format of ['webp', ext] as const) {
      const fitted = await fit(base, width, format, maxBytes);
      if (!(fitted instanceof Uint8Array)) return fitted;
      files.push({ width, format, bytes: fitted });
    }
  }
  return files;
}

async function fit(base: Base, width: number, format: Format, maxBytes: number) {
  const sharp = await sharpLib();
  const { data, channels } = base;
  const raw = { raw: { width: base.width, height: base.height, channels } };
  const resized = await sharp(data, raw).resize({ width }).raw().toBuffer({
    resolveWithObject: true,
  });
  const input = { raw: { ...resized.info, channels } };
  let lightest = Number.POSITIVE_INFINITY;
  for (const quality of QUALITIES) {
    const bytes = await encode(sharp(resized.data, input), format, quality);
    if (bytes.byteLength <= maxBytes) return new Uint8Array(bytes);
    lightest = Math.min(lightest, bytes.byteLength);
  }
  return { lightest };
}

function encode(image: Sharp, format: Format, quality: number): Promise<Buffer> {
  if (format === 'webp') return image.webp({ quality, effort: 4 }).toBuffer();
  if (format === 'jpg') return image.jpeg({ quality, mozjpeg: true }).toBuffer();
  // A drawing's PNG is often smallest as it is; a photo with transparency needs a palette.
  return quality === QUALITIES[0]
    ? image.png({ compressionLevel: 9, effort: 7 }).toBuffer()
    : image.png({ palette: true, quality, effort: 7, compressionLevel: 9 }).toBuffer();
}
