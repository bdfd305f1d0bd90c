import { useState } from 'react';
import type { TFn } from '../../i18n/react.ts';
import type { Lang } from '../../i18n/paths.ts';
import { readRoute } from '../../ui/api.ts';
import { useServerData } from '../../ui/server-state.ts';
import type { Range } from './ranges.ts';
import {
  completionRate,
  completionRows,
  parseCircuits,
  parseCompletion,
  parseReading,
  readingRows,
  readingUrl,
} from './readingData.ts';
import StatsChart, { type ChartState } from './StatsChart.tsx';

const LOADING: ChartState = { status: 'loading' };
const EMPTY: ChartState = { status: 'done', rows: [] };

const circuitsRoute = readRoute('/api/read/circuits', parseCircuits);

/**
 * How long visitors kept an article's page visible, per language: the first quartile, the median
 * and the third quartile side by side, for the article the page's chooser fetched.
 */
export function ReadingTimeChart(props: {
  t: TFn;
  lang: Lang;
  range: Range;
  article: { id: number; title: string } | null;
}) {
  const { t, lang, range, article } = props;
  const url = article && readingUrl('reading-time', article.id, { days: range, lang });
  const load = useServerData(url ? readRoute(url, parseReading) : null);
  const state: ChartState = !article
    ? EMPTY
    : load.status === 'loading'
      ? LOADING
      : {
          status: 'done',
          rows: load.data
            ? readingRows(load.data, {
                q1: t('stats.firstQuartile'),
                median: t('stats.median'),
                q3: t('stats.thirdQuartile'),
                readings: (n) => t('stats.readings', { n }),
              })
            : [],
        };
  const caption = t('stats.readingFor', { name: article?.title ?? '' }).trim();
  return (
    <StatsChart
      t={t}
      caption={caption}
      note={t('stats.readingNote')}
      yLabel={t('stats.secondsAxis')}
      state={state}
      stacked={false}
      legend
      firstColumn={t('stats.language')}
      summary={t('stats.readingSummary', { caption })}
      csvHref={
        article
          ? readingUrl('reading-time', article.id, { days: range, lang, format: 'csv' })
          : undefined
      }
      hint={article ? undefined : t('stats.readingHint')}
    />
  );
}

/**
 * Circuit completion: a circuit chosen above its chart, then per day the phones that opened its
 * first stop from it and those that reached its last, and the share that did.
 */
export function CircuitCompletionChart({ t, lang, range }: { t: TFn; lang: Lang; range: Range }) {
  const circuits = useServerData(circuitsRoute).data ?? [];
  const [chosen, setChosen] = useState('');
  const circuit = circuits.find((c) => String(c.id) === chosen) ?? null;
  const url = circuit && readingUrl('circuit-completion', circuit.id, { days: range, lang });
  const load = useServerData(url ? readRoute(url, parseCompletion) : null);
  const state: ChartState = !circuit
    ? EMPTY
    : load.status === 'loading'
      ? LOADING
      : {
          status: 'done',
          rows: load.data
            ? completionRows(load.data, lang, {
                started: t('stats.started'),
                completed: t('stats.completed'),
              })
            : [],
        };
  const rate = load.data && circuit ? completionRate(load.data) : undefined;
  const caption = t('stats.completionFor', { name: circuit?.title ?? '' }).trim();
  return (
    <section className="stats-circuits" aria-label={t('stats.circuits')}>
      <div className="stats-fetch">
        <div className="stats-fetch__field">
          <label htmlFor="stats-circuit">{t('stats.circuit')}</label>
          <select id="stats-circuit" value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <option value="">{t('stats.chooseCircuit')}</option>
            {circuits.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.title}
              </option>
            ))}
          </select>
        </div>
      </div>
      <StatsChart
        t={t}
        caption={caption}
        note={
          load.data && circuit
            ? t('stats.completionNote', {
                completed: load.data.completed,
                started: load.data.started,
                rate: rate === undefined ? '—' : `${rate}`,
              })
            : t('stats.completionAbout')
        }
        yLabel={t('stats.phonesAxis')}
        state={state}
        stacked={false}
        legend
        summary={t('stats.completionSummary', { caption })}
        csvHref={
          circuit
            ? readingUrl('circuit-completion', circuit.id, { days: range, lang, format: 'csv' })
            : undefined
        }
        hint={circuit ? undefined : t('stats.completionHint')}
      />
    </section>
  );
}
