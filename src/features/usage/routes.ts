import { Hono } from 'hono';
import * as z from 'zod';
import { museum, type StaffEnv } from '../../server/context.ts';
import { ApiError, notFound } from '../../server/http/errors.ts';
import { chartCsv } from '../stats/service.ts';
import type { UsageCharts } from './chart.ts';
import type { UsageService } from './service.ts';

const usageQuery = z.object({
  lang: z.enum(['fr', 'en'], { error: 'must be fr or en' }).default('fr'),
  format: z.enum(['json', 'csv'], { error: 'must be json or csv' }).default('json'),
});

/**
 * GET /api/read/engine_budget: the museum's engine budgets and this month's use (Settings, the
 * dashboard). GET /api/stats/engine-usage: tokens and speech characters per day this month and
 * the budgets, `?lang=fr|en`, `?format=csv` for a spreadsheet. Mounted before the other charts'
 * /stats/:chart.
 */
export function usageRoutes(usage: UsageService, charts: UsageCharts) {
  const app = new Hono<StaffEnv>();

  app.get('/read/engine_budget', async (c) => {
    const state = await usage.state(museum(c));
    if (!state) throw notFound('No such museum.');
    return c.json(state);
  });

  app.get('/stats/engine-usage', async (c) => {
    const query = usageQuery.safeParse(c.req.query());
    if (!query.success) {
      const problems = query.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
      throw new ApiError(422, 'invalid_query', `Invalid request: ${problems.join('; ')}`);
    }
    const { lang, format } = query.data;
    if (format === 'csv') {
      const data = await charts.table(museum(c), lang);
      c.header('Content-Type', 'text/csv; charset=UTF-8');
      c.header(
        'Content-Disposition',
        `attachment; filename="engine-usage-${data.days.at(-1)}.csv"`,
      );
      // A byte order mark, so spreadsheet programs read the accents right.
      return c.body(`\uFEFF${chartCsv(data)}`);
    }
    return c.json(await charts.chart(museum(c), lang));
  });

  return app;
}
