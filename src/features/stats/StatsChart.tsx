import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  LinearScale,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { useId, useMemo } from 'react';
import { Chart } from 'react-chartjs-2';
import type { TFn } from '../../i18n/react.ts';
import { countOf, seriesOf, SUMMARY_SERIES, totalsOf } from './chartData.ts';
import { colourOf } from './palette.ts';
import type { StatsRow } from './schema.ts';

// Only what a bar chart with tooltips needs: no legend plugin (the legend is HTML, under the
// caption), no title plugin (the caption is HTML), no animations module beyond the core.
ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);
ChartJS.defaults.font.family =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";
ChartJS.defaults.color = '#5a4e5e';

const NO_ROWS: StatsRow[] = [];

/** Loading, or done: `rows` empty (or without series) shows 'No data to display'. */
export type ChartState = { status: 'loading' } | { status: 'done'; rows: StatsRow[] };

type Props = {
  t: TFn;
  caption: string;
  /** A line under the caption saying what is counted (the listens: who pressed Listen). */
  note?: string | undefined;
  yLabel: string;
  state: ChartState;
  /** The CSV download of the same numbers; none: no link. */
  csvHref?: string | undefined;
  /** Shown under 'No data to display' (chart 3 before its first Fetch). */
  hint?: string | undefined;
  /** Each series' colour named under the caption, as the stacked charts need. */
  legend?: boolean | undefined;
  /** False: the series side by side (quartiles), not stacked. */
  stacked?: boolean | undefined;
  /** What the rows are, in the table's first column: 'Date' unless said. */
  firstColumn?: string | undefined;
  /** The chart's sentence for screen readers, when not a stacked chart of days. */
  summary?: string | undefined;
};

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** One sentence for screen readers: what the chart is and the totals of its series. */
function summarise(t: TFn, caption: string, yLabel: string, rows: StatsRow[]): string {
  const totals = totalsOf(rows);
  const named = totals
    .slice(0, SUMMARY_SERIES)
    .map(({ series, total }) => `${series} ${total}`)
    .join(', ');
  const more = totals.length - SUMMARY_SERIES;
  return t('stats.summary', {
    caption,
    yLabel,
    from: rows[0]?.formatted_date ?? '',
    to: rows.at(-1)?.formatted_date ?? '',
    totals: more > 0 ? `${named}, ${t('stats.summaryMore', { n: more })}` : named,
  });
}

/**
 * One statistics chart: its caption, a stacked bar chart of the rows (one
 * stack group, a bar per day, a series per key of the first row), 'Loading data…' or 'No data
 * to display' in its place, the same numbers as a visually hidden table, and a CSV link.
 */
export default function StatsChart({
  t,
  caption,
  note,
  yLabel,
  state,
  csvHref,
  hint,
  legend,
  stacked = true,
  firstColumn,
  summary,
}: Props) {
  const headingId = useId();
  const noteId = useId();
  const rows = state.status === 'done' ? state.rows : NO_ROWS;
  const series = useMemo(() => seriesOf(rows), [rows]);
  const drawn = state.status === 'done' && series.length > 0;

  const data = useMemo<ChartData<'bar', number[], string>>(
    () => ({
      labels: rows.map((row) => row.formatted_date),
      datasets: series.map((name, index) => ({
        label: name,
        data: rows.map((row) => countOf(row, name)),
        ...(stacked && { stack: 'all' }),
        backgroundColor: colourOf(index),
        // A white line between stacked segments keeps neighbours apart.
        borderColor: '#ffffff',
        borderWidth: { top: 1 },
        maxBarThickness: 56,
      })),
    }),
    [rows, series, stacked],
  );

  const options = useMemo<ChartOptions<'bar'>>(
    () => ({
      responsive: true,
      // 1000x400. The frame is 1000 px wide at most; narrower, the chart keeps 2.5 to 1.
      maintainAspectRatio: true,
      aspectRatio: 2.5,
      // Inside the canvas: the axes keep clear of the frame's line.
      layout: { padding: 12 },
      animation: prefersReducedMotion() ? false : { duration: 400 },
      interaction: { mode: 'index', intersect: false },
      plugins: {
        legend: { display: false },
        tooltip: {
          // A day's tooltip names only the series that happened that day.
          filter: (item) => item.parsed.y !== 0,
        },
      },
      scales: {
        // Days may skip a label; rows that are not days (languages) each keep theirs, turned if
        // need be.
        x: {
          stacked,
          grid: { display: false },
          ticks: firstColumn ? { autoSkip: false, maxRotation: 60 } : { maxRotation: 0 },
        },
        y: {
          stacked,
          beginAtZero: true,
          ticks: { precision: 0 },
          grid: { color: '#e3dae5' },
          title: { display: true, text: yLabel, color: '#1f1422' },
        },
      },
    }),
    [yLabel, stacked, firstColumn],
  );

  const message = state.status === 'loading' ? t('stats.loading') : drawn ? '' : t('stats.noData');

  return (
    <figure
      className="stats-chart"
      aria-labelledby={headingId}
      aria-describedby={note ? noteId : undefined}
    >
      <figcaption>
        <h2 id={headingId} className="stats-chart__caption">
          {caption}
        </h2>
        {note && (
          <p id={noteId} className="stats-chart__note">
            {note}
          </p>
        )}
        {legend && drawn && (
          // The table says the same to screen readers.
          <ul className="stats-chart__legend" aria-hidden="true">
            {series.map((name, index) => (
              <li key={name}>
                <span className="stats-chart__swatch" style={{ background: colourOf(index) }} />
                {name}
              </li>
            ))}
          </ul>
        )}
      </figcaption>
      <div className="stats-chart__frame" aria-busy={state.status === 'loading'}>
        {drawn && (
          <div className="stats-chart__canvas">
            <Chart
              type="bar"
              data={data}
              options={options}
              role="img"
              aria-label={summary ?? summarise(t, caption, yLabel, rows)}
            />
          </div>
        )}
        <div className={drawn ? 'visually-hidden' : 'stats-chart__state'}>
          <p role="status">{message}</p>
          {hint && !drawn && state.status === 'done' && <p className="muted">{hint}</p>}
        </div>
      </div>
      {drawn && (
        // A table is at least as wide as its cells whatever its own width: the wrapper, clipped
        // to one pixel, keeps the hidden days from widening the page on a phone.
        <div className="visually-hidden">
          <table>
            <caption>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{firstColumn ?? t('stats.date')}</th>
                {series.map((name) => (
                  <th key={name} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index}>
                  <th scope="row">{row.formatted_date}</th>
                  {series.map((name) => (
                    <td key={name}>{countOf(row, name)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {csvHref && (
        <p className="stats-chart__download">
          <a href={csvHref} download aria-label={t('stats.downloadOf', { caption })}>
            {t('stats.download')}
          </a>
        </p>
      )}
    </figure>
  );
}
