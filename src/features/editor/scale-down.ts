/**
 * A photo over the server's limit (6 MB on Netlify) made smaller in the browser before it is
 * sent: decoded upright, drawn at most SCALED_LONG_SIDE pixels on its long side, and encoded at
 * high quality, so the server still has more than it keeps for visitors (1600 px wide).
 * Transparency is kept as WebP where the browser writes WebP.
 */

export const SCALED_LONG_SIDE = 3200;

const QUALITIES = [0.92, 0.85, 0.75, 0.65];

/** The smaller file, or undefined when the browser cannot decode it or cannot get under `maxBytes`. */
export async function scaleDown(file: File, maxBytes: number): Promise<File | undefined> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return undefined;
  }
  const scale = Math.min(1, SCALED_LONG_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const types = file.type === 'image/jpeg' ? ['image/jpeg'] : ['image/webp', 'image/jpeg'];
  for (const type of types) {
    for (const quality of QUALITIES) {
      const blob = await canvas.convertToBlob({ type, quality });
      // A browser that cannot write WebP answers PNG: try JPEG then.
      if (blob.type !== type) break;
      if (blob.size <= maxBytes) {
        const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.${type === 'image/webp' ? 'webp' : 'jpg'}`;
        return new File([blob], name, { type });
      }
    }
  }
  return undefined;
}
