import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { noisyPhoto } from '../../../tests/helpers/photos.ts';
import { PNG_1PX } from '../../../tests/helpers/media.ts';
import { ApiError } from '../../server/http/errors.ts';
import { MAX_VISITOR_IMAGE_BYTES, processImage } from './images.ts';

/** What sharp still finds in a file: none of these may survive processing. */
async function metadataBlocks(bytes: Uint8Array) {
  const meta = await sharp(bytes).metadata();
  return { exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, icc: meta.icc };
}

/** A PNG whose header claims width × height pixels (a decompression bomb's trick). */
function pngClaiming(width: number, height: number): Buffer {
  const png = Buffer.from(PNG_1PX);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

async function refusal(bytes: Uint8Array): Promise<ApiError> {
  const error: unknown = await processImage(bytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

// A camera's photo is seconds of work for one core: many more while the rest of the suite runs.
describe('processImage', { timeout: 120_000 }, () => {
  it('makes a 6 MB, 4000 × 3000 camera photo light: every file at most 200 KB, no GPS', async () => {
    const photo = await noisyPhoto();
    expect(photo.byteLength).toBeGreaterThan(5 * 1024 * 1024);
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const image = await processImage(photo);
    expect([image.width, image.height, image.ext]).toEqual([1600, 1200, 'jpg']);
    expect(image.files.map((f) => `${f.width}.${f.format}`).sort()).toEqual(
      ['1600.jpg', '1600.webp', '480.jpg', '480.webp', '960.jpg', '960.webp'].sort(),
    );
    for (const file of image.files) {
      expect(file.bytes.byteLength).toBeLessThanOrEqual(MAX_VISITOR_IMAGE_BYTES);
      expect(await metadataBlocks(file.bytes)).toEqual({
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
        icc: undefined,
      });
      const meta = await sharp(file.bytes).metadata();
      expect(meta.format).toBe(file.format === 'jpg' ? 'jpeg' : 'webp');
      expect(meta.width).toBe(file.width);
    }
  });

  it('shrinks a photo whose largest width cannot fit, keeping every file under the limit', async () => {
    // A 20 KB limit stands in for 200 KB: the same path, ten times fewer pixels to encode.
    const photo = await noisyPhoto({ width: 800, height: 600, sigma: 60 });
    const image = await processImage(photo, 20 * 1024);
    expect(image.width).toBeLessThan(800);
    expect(image.height).toBe(Math.round((600 * image.width) / 800));
    for (const file of image.files) expect(file.bytes.byteLength).toBeLessThanOrEqual(20 * 1024);
  });

  it('applies the EXIF orientation: a sideways 400 × 300 photo becomes 300 × 400', async () => {
    const sideways = await noisyPhoto({ width: 400, height: 300, orientation: 6 });
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const image = await processImage(sideways);
    expect([image.width, image.height]).toEqual([300, 400]);
    const meta = await sharp(image.files[0]!.bytes).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([300, 400, undefined]);
  });

  it('never enlarges: a 300 px wide image is stored at 300 px only', async () => {
    const small = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer();
    const image = await processImage(small);
    expect([image.width, image.height]).toEqual([300, 200]);
    expect(image.files.map((f) => f.width)).toEqual([300, 300]);
  });

  it('keeps transparency (PNG and WebP) and takes JPEG for an opaque PNG', async () => {
    const half = await sharp({
      create: { width: 800, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: { create: { width: 400, height: 600, channels: 4, background: '#c03020' } },
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const image = await processImage(half);
    expect(image.ext).toBe('png');
    for (const file of image.files) {
      const pixels = await sharp(file.bytes)
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(pixels.info.channels).toBe(4);
      // The right-hand half is still fully transparent, the left opaque.
      const at = (x: number) =>
        pixels.data[(Math.floor(pixels.info.height / 2) * pixels.info.width + x) * 4 + 3];
      expect(at(pixels.info.width - 2)).toBe(0);
      expect(at(1)).toBe(255);
    }

    const opaque = await sharp({
      create: { width: 200, height: 100, channels: 4, background: '#c03020' },
    })
      .png()
      .toBuffer();
    expect((await processImage(opaque)).ext).toBe('jpg');
  });

  it('refuses a decompression bomb unread, and damaged bytes, with a 422 and its reason', async () => {
    const bomb = await refusal(pngClaiming(30_000, 30_000));
    expect(bomb.status).toBe(422);
    expect(bomb.details).toEqual({ reason: 'pixels', megapixels: 100 });
    expect(bomb.message).toBe('Images may be at most 100 megapixels.');

    const cut = await noisyPhoto({ width: 64, height: 48 });
    const damaged = await refusal(cut.subarray(0, cut.byteLength / 2));
    expect(damaged.status).toBe(422);
    expect(damaged.details).toEqual({ reason: 'unreadable' });
  });
});
