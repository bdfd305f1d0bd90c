import { describe, expect, it } from 'vitest';
import { countOf, parseRows, seriesOf, statsUrl, totalsOf } from './chartData.ts';

describe('the statistics page’s data helpers', () => {
  const rows = [
    { formatted_date: '20 nov.', 'Le port': 2, Autres: 1 },
    { formatted_date: '21 nov.', 'Le port': 3, Autres: 0 },
  ];

  it('takes the series from the first row, without formatted_date (spec 2)', () => {
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
  });
});
