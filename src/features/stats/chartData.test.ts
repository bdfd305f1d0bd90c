import { describe, expect, it } from 'vitest';
import {
  ARTICLE_CHARTS,
  articleChartAfter,
  countOf,
  parseRows,
  seriesOf,
  statsUrl,
  totalsOf,
  type ArticleChartState,
} from './chartData.ts';
import { CHARTS } from './schema.ts';

describe('the statistics page’s data helpers', () => {
  const rows = [
    { formatted_date: '20 nov.', 'Le port': 2, Autres: 1 },
    { formatted_date: '21 nov.', 'Le port': 3, Autres: 0 },
  ];

  it('takes the series from the first row, without formatted_date', () => {
    expect(seriesOf(rows)).toEqual(['Le port', 'Autres']);
    expect(seriesOf([])).toEqual([]);
    expect(seriesOf([{ formatted_date: '21 nov.' }])).toEqual([]);
  });

  it('adds up each series', () => {
    expect(totalsOf(rows)).toEqual([
      { series: 'Le port', total: 5 },
      { series: 'Autres', total: 1 },
    ]);
    expect(countOf({ formatted_date: 'x', a: 'nope' }, 'a')).toBe(0);
    expect(countOf({ formatted_date: 'x' }, 'missing')).toBe(0);
  });

  it('accepts only arrays of day rows', () => {
    expect(parseRows(rows)).toEqual(rows);
    expect(parseRows({ rows })).toBeNull();
    expect(parseRows([{ 'Le port': 1 }])).toBeNull();
    expect(parseRows([null])).toBeNull();
    expect(parseRows([])).toEqual([]);
  });

  it('builds the chart and CSV addresses', () => {
    expect(statsUrl('scans-per-article', { days: 10, lang: 'fr' })).toBe(
      '/api/stats/scans-per-article?days=10&lang=fr',
    );
    expect(
      statsUrl('requests-per-language', { days: 90, lang: 'en', articleId: 7, format: 'csv' }),
    ).toBe('/api/stats/requests-per-language?format=csv&days=90&lang=en&articleId=7');
    expect(statsUrl('listened-per-language', { days: 30, lang: 'fr', articleId: 7 })).toBe(
      '/api/stats/listened-per-language?days=30&lang=fr&articleId=7',
    );
  });

  it('loads the requests and the listens of one article together', () => {
    expect(ARTICLE_CHARTS).toEqual(['requests-per-language', 'listened-per-language']);
    for (const chart of ARTICLE_CHARTS) expect(CHARTS).toContain(chart);
  });

  describe('an article chart once its answer comes', () => {
    const port = { id: 1, title: 'Le port' };
    const ship = { id: 2, title: 'Le navire' };
    const shown: ArticleChartState<typeof port> = { status: 'loading', rows, article: port };

    it('shows the rows and names their article', () => {
      const fresh = [{ formatted_date: '21 nov.', Espagnol: 1 }];
      expect(articleChartAfter(shown, fresh, ship, true)).toEqual({
        status: 'done',
        rows: fresh,
        article: ship,
      });
      expect(articleChartAfter(shown, [], ship, false)).toEqual({
        status: 'done',
        rows: [],
        article: ship,
      });
    });

    it('keeps what it showed when a Fetch fails', () => {
      expect(articleChartAfter(shown, null, ship, true)).toEqual({ ...shown, status: 'done' });
      const empty: ArticleChartState<typeof port> = { status: 'loading', rows: [], article: null };
      expect(articleChartAfter(empty, null, ship, true)).toEqual({
        status: 'done',
        rows: [],
        article: null,
      });
    });

    it('empties the rows, keeping the caption, when a reload for a new range fails', () => {
      expect(articleChartAfter(shown, null, port, false)).toEqual({
        status: 'done',
        rows: [],
        article: port,
      });
    });
  });
});
