import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../server/context.ts';
import { parseRange } from '../../server/http/range.ts';
import type { UploadsService } from './service.ts';

/**
 * GET /media/… serves uploads to anyone (visitors read them): the type decided at upload,
 * nosniff (from the security headers), a year of caching since a name never changes, and byte
 * ranges, which phones need to play video. The bytes are streamed from the blob store, a range
 * reading only its own bytes (see BlobStore.getStream; Netlify Blobs reads up to the range's
 * end): a thousand one-byte ranges of a large video cost a thousand bytes, not a thousand
 * videos.
 */
export function mediaRoutes(uploads: UploadsService) {
  const app = new Hono<AppEnv>();

  const serve = async (c: Context<AppEnv>) => {
    const path = c.req.path.slice('/media/'.length);
    const media = await uploads.find(path);
    const { size } = media;
    const range = parseRange(c.req.header('range'), size);
    const [start, end] = range === 'unsatisfiable' || !range ? [0, size - 1] : range;
    // Opened before any header is set: a file gone meanwhile is a plain 404. Hono answers HEAD
    // with this handler's headers and drops the body unread, so a HEAD opens none.
    const body =
      c.req.method === 'HEAD' || range === 'unsatisfiable' || size === 0
        ? null
        : await media.open(range && { start, end });

    c.header('Content-Type', media.contentType);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Accept-Ranges', 'bytes');
    c.header('Cross-Origin-Resource-Policy', 'same-site');
    if (range === 'unsatisfiable') {
      c.header('Content-Range', `bytes */${size}`);
      return c.body(null, 416);
    }
    if (range) c.header('Content-Range', `bytes ${start}-${end}/${size}`);
    c.header('Content-Length', String(end - start + 1));
    const status = range ? 206 : 200;
    return body ? c.body(body, status) : c.body(null, status);
  };

  app.get('/media/*', serve);
  return app;
}
