import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** EXIF a camera writes: its make, the owner, and where the photo was taken. */
export const CAMERA_EXIF = {
  IFD0: { Make: 'TestCam', Artist: 'A. Curator', Copyright: 'A. Curator' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '48/1 51/1 24/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '2/1 21/1 3/1',
  },
};

/**
 * A camera-like JPEG: grey noise (sensor grain, the hardest thing to compress) under a
 * coloured band, with GPS and owner EXIF. 4000 × 3000 at sigma 30, quality 90 is about 6 MB.
 */
export async function noisyPhoto(
  options: { width?: number; height?: number; sigma?: number; orientation?: number } = {},
): Promise<Buffer> {
  const { width = 4000, height = 3000, sigma = 30 } = options;
  const noise = { type: 'gaussian' as const, mean: 128, sigma };
  const band = {
    create: {
      width,
      height: Math.round(height / 2),
      channels: 4 as const,
      background: { r: 200, g: 60, b: 20, alpha: 0.5 },
    },
  };
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise },
  })
    .raw()
    .toBuffer();
  const photo = sharp(grain, { raw: { width, height, channels: 3 } })
    .composite([{ input: band, top: 0, left: 0 }])
    .withExif(CAMERA_EXIF);
  if (options.orientation) photo.withMetadata({ orientation: options.orientation });
  return photo.jpeg({ quality: 90 }).toBuffer();
}

/** The 6 MB, 4000 × 3000 photo, made once and kept in test-results/ (seconds to make). */
export async function cachedCameraPhoto(root: string): Promise<string> {
  const file = path.join(root, 'test-results', 'camera-photo-4000x3000.jpg');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, await noisyPhoto());
  }
  return file;
}
