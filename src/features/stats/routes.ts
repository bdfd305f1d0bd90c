import { Hono } from 'hono';
import { museum, type StaffEnv } from '../../server/context.ts';
import { ApiError, notFound } from '../../server/http/errors.ts';
import { CHARTS, statsQuery, type Chart } from './schema.ts';
import { chartCsv, type StatsService } from './service.ts';

/**
 * GET /api/stats/{chart}: the daily rows of one chart, `?days=10|30|90`, `?lang=fr|en`
 * for the dates and language names, `?format=csv` for a spreadsheet; requests-per-language
 * needs `?articleId=`.
 */
export function statsRoutes(stats: StatsService) {
  const app = new Hono<StaffEnv>();

  app.get('/stats/:chart', async (c) => {
    const chart = c.req.param('chart') as Chart;
    if (!CHARTS.includes(chart)) throw notFound(`No such chart. Charts: ${CHARTS.join(', ')}.`);
    const query = statsQuery.safeParse(c.req.query());
    if (!query.success) {
      const problems = query.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
      throw new ApiError(422, 'invalid_query', `Invalid request: ${problems.join('; ')}`);
    }
    const { days, lang, format, articleId } = query.data;
    if (
      (chart === 'requests-per-language' || chart === 'listened-per-language') &&
      articleId === undefined
    ) {
      throw new ApiError(422, 'invalid_query', 'articleId: choose an article first');
    }
    const museumId = museum(c);
    // The CSV has every series; the chart the largest and one for the others.
    const data = await stats.chart(museumId, { chart, days, lang, articleId }, format === 'csv');
    if (format === 'csv') {
      c.header('Content-Type', 'text/csv; charset=UTF-8');
      c.header('Content-Disposition', `attachment; filename="${chart}-${data.days.at(-1)}.csv"`);
      // A byte order mark, so spreadsheet programs read the accents right.
      return c.body(`\uFEFF${chartCsv(data)}`);
    }
    return c.json(data.rows);
  });

  return app;
}
