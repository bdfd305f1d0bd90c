import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../../server/context.ts';
import { originCheck } from '../../../server/http/origin.ts';
import { parseRange } from '../../../server/http/range.ts';
import { securityHeaderValues } from '../../../server/http/security-headers.ts';
import { pageName, visitorLang } from '../checked.ts';
import { IGNORE_STATS_PARAM, ignoresStats } from '../ignore-stats.ts';
import { isSaveRequest, SAVE_HEADER } from '../offline.ts';
import type { SpeechService } from '../speech/speech-service.ts';
import { errorBody } from '../../../server/http/errors.ts';

const TOO_MANY = 'Too many new pages read aloud at once: try again in a minute.';
const PAUSED = "Reading aloud is paused: the museum's monthly budget is spent.";

/**
 * Read aloud's public routes (ADR 0019), beside the visitor page:
 * - GET /speech?name={article}&lang={lang}&block={n}: the server's voice reading block n (its
 *   content index; 0 the public title) in that language, made on the first request (speech-service.ts). 404 when
 *   the article, language or block has nothing to read, or no speech engine is configured; 503
 *   when the engine failed or hung (the page's button says it is not available right now).
 *   `no-cache` with an ETag: the address stays, its text may change with an edit. One byte
 *   range (206, or 416 past the end), as phones' audio players ask; several ranges: the whole.
 *   No new sound past a visitor's limit (429 `too_many_sounds`, Retry-After) or with the
 *   museum's budget spent (503 `speech_paused`); HEAD makes none (404 when none is kept). A
 *   circuit's save (header Legenda-Save) is made like any visitor's request and counts nothing.
 * - POST /listened?name={article}&lang={lang}: listen.js says a visitor started listening;
 *   204, counted like a page request (no identifier kept; a visitor's repeats count once).
 */
export function speechRoutes(
  speech: SpeechService,
  options: {
    hsts: boolean;
    clientAddress: (c: Context) => string;
    publicSiteUrl: string;
    /** The museum of the staff member signed in on a request, if any (engine-gate.ts). */
    staffMuseum?: ((c: Context) => Promise<number | undefined>) | undefined;
  },
) {
  const app = new Hono<AppEnv>();
  const headers = securityHeaderValues({ hsts: options.hsts });
  const visitor = (c: Context) => ({
    address: options.clientAddress(c),
    userAgent: c.req.header('user-agent'),
  });

  app.get('/speech', async (c) => {
    const name = pageName(c.req.query('name'));
    // A language Legenda does not offer has nothing to read: 404, as an unknown article.
    const lang = visitorLang(c.req.query('lang'));
    const blockParam = c.req.query('block') ?? '';
    const base: Record<string, string> = { ...headers, 'Cache-Control': 'no-store' };
    // One address per sound: a block is written in plain digits ('1e0' is not block 1); 0 is
    // the public title (speech.ts).
    if (!name || !lang || !/^(0|[1-9]\d{0,4})$/.test(blockParam)) {
      return c.body(null, 404, base);
    }
    const block = Number(blockParam);
    const range = c.req.header('range');
    const answer = await speech.audio({
      name,
      lang,
      block,
      // HEAD (a link checker, a prefetch) is no listening, nor a circuit saved for offline
      // reading (offline.js): its sounds are made within the same limits, and counted when played.
      ignoreStats:
        c.req.method === 'HEAD' ||
        isSaveRequest(c.req.header(SAVE_HEADER)) ||
        ignoresStats(c.req.query(IGNORE_STATS_PARAM)),
      starts: range === undefined || /^bytes=0-/.test(range.trim()),
      visitor: visitor(c),
      ifNoneMatch: c.req.header('if-none-match'),
      head: c.req.method === 'HEAD',
      staffMuseum: options.staffMuseum && (() => options.staffMuseum!(c)),
    });
    // No new sound now: the Listen button reads the code and says why (listen.js).
    if (answer.status === 429) {
      const wait = { ...base, 'Retry-After': String(answer.retryAfter) };
      return c.json(errorBody('too_many_sounds', TOO_MANY), 429, wait);
    }
    if ('paused' in answer) {
      return c.json(errorBody('speech_paused', PAUSED), 503, { ...base, 'Retry-After': '3600' });
    }
    if (answer.status !== 200 && answer.status !== 304) {
      if (answer.status === 503) base['Retry-After'] = '30';
      return c.body(null, answer.status, base);
    }
    const sent = {
      ...headers,
      'Cache-Control': 'no-cache',
      ETag: answer.etag,
      'Accept-Ranges': 'bytes',
    };
    if (answer.status === 304) return c.body(null, 304, sent);
    // Byte ranges, which phones' players ask for (Safari starts with bytes=0-1).
    const { bytes } = answer;
    const part = parseRange(range, bytes.byteLength);
    if (part === 'unsatisfiable') {
      return c.body(null, 416, { ...sent, 'Content-Range': `bytes */${bytes.byteLength}` });
    }
    const typed = { ...sent, 'Content-Type': answer.type };
    if (!part) return c.body(bytes as Uint8Array<ArrayBuffer>, 200, typed);
    const [start, end] = part;
    return c.body(bytes.subarray(start, end + 1) as Uint8Array<ArrayBuffer>, 206, {
      ...typed,
      'Content-Range': `bytes ${start}-${end}/${bytes.byteLength}`,
    });
  });

  // A beacon from our own pages (the staff API's rule); another site's count is not one.
  app.post('/listened', originCheck([options.publicSiteUrl], { allowMissing: true }), async (c) => {
    const base = { ...headers, 'Cache-Control': 'no-store' };
    const name = pageName(c.req.query('name'));
    const lang = visitorLang(c.req.query('lang'));
    if (name && lang) await speech.listened({ name, lang, visitor: visitor(c) });
    return c.body(null, 204, base);
  });

  return app;
}
