import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../server/context.ts';
import type { UploadsService } from './service.ts';

/**
 * GET /media/… serves uploads to anyone (visitors read them): the type decided at upload,
 * nosniff (from the security headers), a year of caching since a name never changes, and byte
 * ranges, which phones need to play video.
 */
export function mediaRoutes(uploads: UploadsService) {
  const app = new Hono<AppEnv>();

  const serve = async (c: Context<AppEnv>) => {
    const path = c.req.path.slice('/media/'.length);
    const { bytes, contentType } = await uploads.read(path);
    const body = bytes as Uint8Array<ArrayBuffer>;
    const size = bytes.byteLength;
    c.header('Content-Type', contentType);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Accept-Ranges', 'bytes');
    c.header('Cross-Origin-Resource-Policy', 'same-site');

    const range = parseRange(c.req.header('range'), size);
    if (range === 'unsatisfiable') {
      c.header('Content-Range', `bytes */${size}`);
      return c.body(null, 416);
    }
    if (range) {
      const [start, end] = range;
      c.header('Content-Range', `bytes ${start}-${end}/${size}`);
      c.header('Content-Length', String(end - start + 1));
      return c.body(body.slice(start, end + 1), 206);
    }
    c.header('Content-Length', String(size));
    return c.body(body, 200);
  };

  // Hono answers HEAD with this handler's headers and no body.
  app.get('/media/*', serve);
  return app;
}

/**
 * One byte range of `bytes=start-end`, `bytes=start-` or `bytes=-suffix`; several ranges or a
 * malformed header are answered with the whole file, as RFC 9110 allows.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): [number, number] | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return [start, end];
}
