import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { museum, type AppEnv, type StaffEnv } from '../../server/context.ts';
import { ApiError } from '../../server/http/errors.ts';
import { originCheck } from '../../server/http/origin.ts';
import { itemId } from '../articles/ids.ts';
import { isPublicUrl } from '../articles/content-fields.ts';
import { supportedLanguage } from '../languages/catalogue.ts';
import { DEFAULT_RANGE_CHOICE, RANGE_CHOICES } from './ranges.ts';
import { csvCell } from './service.ts';
import type { CircuitCompletion, ReadingService, ReadingTime } from './reading-service.ts';

const range = {
  days: z
    .enum(RANGE_CHOICES.map(String) as [string, ...string[]], { error: 'must be 10, 30 or 90' })
    .default(String(DEFAULT_RANGE_CHOICE))
    .transform(Number),
  lang: z.enum(['fr', 'en'], { error: 'must be fr or en' }).default('fr'),
  format: z.enum(['json', 'csv'], { error: 'must be json or csv' }).default('json'),
};
const readingQuery = z.object({ ...range, articleId: itemId });
const completionQuery = z.object({ ...range, circuitId: itemId });

function parsed<T>(schema: z.ZodType<T>, query: Record<string, string>): T {
  const result = schema.safeParse(query);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  throw new ApiError(422, 'invalid_query', `Invalid request: ${problems.join('; ')}`);
}

const lines = (rows: (string | number)[][]) =>
  `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;

/** Reading time as a spreadsheet: one line per language, seconds. */
export const readingCsv = (data: ReadingTime) =>
  lines([
    ['language', 'name', 'readings', 'first_quartile_s', 'median_s', 'third_quartile_s'],
    ...data.languages.map((l) => [l.language, l.name, l.count, l.q1, l.median, l.q3]),
  ]);

/** Circuit completion as a spreadsheet: one line per day. */
export const completionCsv = (data: CircuitCompletion) =>
  lines([
    ['date', 'started', 'completed'],
    ...data.days.map((d) => [d.day, d.started, d.completed]),
  ]);

/**
 * GET /api/stats/reading-time?articleId= and GET /api/stats/circuit-completion?circuitId= (with
 * `days`, `lang` for the language names and `format=csv`, as the other charts): before the
 * charts' /stats/:chart.
 */
export function readingStatsRoutes(reading: ReadingService) {
  const app = new Hono<StaffEnv>();
  const csv = (c: Context, name: string, body: string) => {
    c.header('Content-Type', 'text/csv; charset=UTF-8');
    c.header('Content-Disposition', `attachment; filename="${name}.csv"`);
    return c.body(body);
  };

  app.get('/stats/reading-time', async (c) => {
    const query = parsed(readingQuery, c.req.query());
    const data = await reading.readingTime(museum(c), query);
    if (query.format === 'csv') return csv(c, `reading-time-${data.to}`, readingCsv(data));
    return c.json(data);
  });

  app.get('/stats/circuit-completion', async (c) => {
    const query = parsed(completionQuery, c.req.query());
    const data = await reading.circuitCompletion(museum(c), query);
    if (query.format === 'csv') return csv(c, `circuit-completion-${data.to}`, completionCsv(data));
    return c.json(data);
  });

  return app;
}

/** Seconds as the page writes them: whole, plain digits. */
const SECONDS = /^\d{1,6}$/;

/**
 * The visitor page's beacons (public/reader.js), beside /listened and with its origin rule:
 * - POST /reading?name={article}&lang={lang}&seconds={n}: the page was visible n seconds;
 * - POST /circuit-progress?name={circuit}&step=start|end: a phone opened the circuit's first
 *   stop from it, or reached its last.
 * Always 204, counted or not (a beacon's answer is read by no one); a staff preview
 * (`ignoreStats`) is never counted.
 */
export function beaconRoutes(
  reading: ReadingService,
  options: {
    publicSiteUrl: string;
    clientAddress: (c: Context) => string;
    headers: Record<string, string>;
    ignoresStats: (value: string | undefined) => boolean;
  },
) {
  const app = new Hono<AppEnv>();
  const fromUs = originCheck([options.publicSiteUrl], { allowMissing: true });
  const visitor = (c: Context) => ({
    address: options.clientAddress(c),
    userAgent: c.req.header('user-agent'),
  });
  const done = (c: Context) =>
    c.body(null, 204, { ...options.headers, 'Cache-Control': 'no-store' });
  const preview = (c: Context) => options.ignoresStats(c.req.query('ignoreStats'));

  app.post('/reading', fromUs, async (c) => {
    const name = c.req.query('name');
    const lang = supportedLanguage((c.req.query('lang') ?? '').slice(0, 35));
    const seconds = c.req.query('seconds') ?? '';
    if (isPublicUrl(name) && lang && SECONDS.test(seconds) && !preview(c)) {
      await reading.reading({ name, lang, seconds: Number(seconds), visitor: visitor(c) });
    }
    return done(c);
  });

  app.post('/circuit-progress', fromUs, async (c) => {
    const name = c.req.query('name');
    const step = c.req.query('step');
    if (isPublicUrl(name) && (step === 'start' || step === 'end') && !preview(c)) {
      await reading.circuitStep({ name, step, visitor: visitor(c) });
    }
    return done(c);
  });

  return app;
}
