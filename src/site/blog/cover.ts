import fs from 'node:fs';
import path from 'node:path';

/**
 * A cover's srcset: the 600 px copy `npm run images` makes beside our own covers, when there is
 * one (covers uploaded in the CMS have only their 1200 px file). Build time only.
 */
export function coverSrcset(cover: string, publicDir = path.resolve('public')): string | undefined {
  const small = cover.replace(/\.webp$/, '-600.webp');
  if (small === cover || !fs.existsSync(path.join(publicDir, small))) return undefined;
  return `${small} 600w, ${cover} 1200w`;
}
