import { articleLabel } from '../articles/label.ts';
import { useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { localePath, type Lang } from '../../i18n/paths.ts';
import { useT } from '../../i18n/react.ts';
import { readRoute } from '../../ui/api.ts';
import Protected from '../../ui/Protected.tsx';
import { fetchData, useServerData } from '../../ui/server-state.ts';
import { useArticleList } from '../articles/article-list.ts';
import {
  ARTICLE_CHARTS,
  articleChartAfter,
  parseRows,
  statsUrl,
  type ArticleChart,
  type ArticleChartState,
} from './chartData.ts';
import { DEFAULT_RANGE_CHOICE, RANGE_CHOICES, type Range } from './ranges.ts';
import type { Chart, StatsRow } from './schema.ts';
import StatsChart, { type ChartState } from './StatsChart.tsx';
import { CircuitCompletionChart, ReadingTimeChart } from './ReadingCharts.tsx';

type Article = { id: number; title: string };

const LOADING: ChartState = { status: 'loading' };

const NO_ARTICLE: ArticleChartState<Article> = { status: 'done', rows: [], article: null };

/** One value per article chart. */
const perArticleChart = <V,>(value: V): Record<ArticleChart, V> => ({
  'requests-per-language': value,
  'listened-per-language': value,
});

/** One chart's rows, at `url` (statsUrl). */
const chartRoute = (url: string) => readRoute(url, parseRows);

/**
 * One chart's rows; null when it failed: a failure is not shown (a 500 leaves the chart empty);
 * 'aborted' when a newer request replaced it.
 */
async function fetchRows(url: string, signal: AbortSignal): Promise<StatsRow[] | null | 'aborted'> {
  const { data } = await fetchData(chartRoute(url), signal);
  return signal.aborted ? 'aborted' : (data ?? null);
}

/** Charts 1 and 2: one range's scans; a failure shows an empty chart. */
function useScansChart(chart: Chart, days: Range, lang: Lang): ChartState {
  const load = useServerData(chartRoute(statsUrl(chart, { days, lang })));
  return load.status === 'loading' ? LOADING : { status: 'done', rows: load.data ?? [] };
}

/**
 * The statistics page: scans per article and per language load at once; the article chooser,
 * then what it drives after Fetch: that article's requests and Listen presses per language and
 * its reading time; then a circuit's completion, its chooser above it. A range of 10, 30 or 90
 * days reloads them all; each chart offers its numbers as CSV.
 */
function StatsScreen({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const [range, setRange] = useState<Range>(DEFAULT_RANGE_CHOICE);
  const byArticle = useScansChart('scans-per-article', range, lang);
  const byLanguage = useScansChart('scans-per-language', range, lang);
  const guideVisits = useScansChart('guide-visits', range, lang);
  const [articleCharts, setArticleCharts] = useState(() => perArticleChart(NO_ARTICLE));
  // The selector's list, by title as the server sorts them.
  const articles: Article[] = (useArticleList().data ?? []).map((a) => ({
    id: a.id,
    title: articleLabel({ id: a.id, title: a.unformatted_name, publicTitle: a.public_title }),
  }));
  const [selected, setSelected] = useState('');
  /** The article whose reading time shows: the last one fetched. */
  const [readingArticle, setReadingArticle] = useState<Article | null>(null);
  /** The request in flight of each chart: a newer one aborts it. */
  const controllers = useRef(new Map<Chart, AbortController>());
  /**
   * Each article chart's article: the one shown, and the one asked for last (a Fetch may be in
   * flight).
   */
  const shownArticle = useRef(perArticleChart<Article | null>(null));
  const wantedArticle = useRef(perArticleChart<Article | null>(null));

  const load = useCallback(
    async (chart: Chart, url: string): Promise<StatsRow[] | null | 'aborted'> => {
      controllers.current.get(chart)?.abort();
      const controller = new AbortController();
      controllers.current.set(chart, controller);
      return fetchRows(url, controller.signal);
    },
    [],
  );

  /** Shows `chart` as `change` makes it. */
  const setArticleChart = useCallback(
    (
      chart: ArticleChart,
      change: (previous: ArticleChartState<Article>) => ArticleChartState<Article>,
    ) => setArticleCharts((previous) => ({ ...previous, [chart]: change(previous[chart]) })),
    [],
  );

  /**
   * An article chart (chart 3, or the listens) for `article`. Success shows its rows and its
   * name in the caption (the name changes only then). A failed Fetch leaves the chart as
   * it was; a failed reload for a new range empties it (the rows it had are another range's).
   */
  const loadArticleChart = useCallback(
    (chart: ArticleChart, article: Article, days: Range, keepOnFailure: boolean) => {
      const url = statsUrl(chart, { days, lang, articleId: article.id });
      void load(chart, url).then((rows) => {
        if (rows === 'aborted') return;
        if (rows) shownArticle.current[chart] = article;
        else if (keepOnFailure) wantedArticle.current[chart] = shownArticle.current[chart];
        setArticleChart(chart, (previous) =>
          articleChartAfter(previous, rows, article, keepOnFailure),
        );
      });
    },
    [load, lang, setArticleChart],
  );

  useEffect(() => {
    const inFlight = controllers.current;
    return () => inFlight.forEach((controller) => controller.abort());
  }, []);

  const changeRange = (days: Range) => {
    setRange(days);
    for (const chart of ARTICLE_CHARTS) {
      const article = wantedArticle.current[chart];
      if (!article) continue;
      setArticleChart(chart, (previous) => ({ ...previous, status: 'loading' }));
      loadArticleChart(chart, article, days, false);
    }
  };

  /** Fetch: chart 3 and the listens, for the selected article. */
  const fetchArticleCharts = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Fetch does nothing without a selected article.
    const article = articles.find((a) => String(a.id) === selected);
    if (!article) return;
    setReadingArticle(article);
    for (const chart of ARTICLE_CHARTS) {
      // The rows and the caption shown so far stay in the state, for a failed Fetch.
      wantedArticle.current[chart] = article;
      setArticleChart(chart, (previous) => ({ ...previous, status: 'loading' }));
      loadArticleChart(chart, article, range, true);
    }
  };

  const csv = (chart: Chart, articleId?: number) =>
    statsUrl(chart, { days: range, lang, format: 'csv', ...(articleId ? { articleId } : {}) });

  const chartState = ({ status, rows }: ArticleChartState<Article>): ChartState =>
    status === 'loading' ? LOADING : { status, rows };
  const requests = articleCharts['requests-per-language'];
  const listened = articleCharts['listened-per-language'];

  return (
    <div className="stats">
      <a className="back-link" href={localePath(lang, '/dashboard')}>
        {t('common.backToDashboard')}
      </a>
      <h1>{t('stats.title')}</h1>

      <fieldset className="stats-range">
        <legend>{t('stats.range')}</legend>
        {RANGE_CHOICES.map((days) => (
          <label key={days} className="stats-range__choice">
            <input
              type="radio"
              name="stats-range"
              value={days}
              checked={range === days}
              onChange={() => changeRange(days)}
            />
            <span>{t('stats.rangeDays', { n: days })}</span>
          </label>
        ))}
      </fieldset>

      <StatsChart
        t={t}
        caption={t('stats.perArticle')}
        yLabel={t('stats.scansAxis')}
        state={byArticle}
        legend
        csvHref={csv('scans-per-article')}
      />
      <StatsChart
        t={t}
        caption={t('stats.perLanguage')}
        yLabel={t('stats.scansAxis')}
        state={byLanguage}
        legend
        csvHref={csv('scans-per-language')}
      />
      <form className="stats-fetch" onSubmit={fetchArticleCharts}>
        <div className="stats-fetch__field">
          <label htmlFor="stats-article">{t('stats.article')}</label>
          <select
            id="stats-article"
            value={selected}
            onChange={(event) => setSelected(event.target.value)}
          >
            <option value="">{t('stats.chooseArticle')}</option>
            {articles.map((article) => (
              <option key={article.id} value={String(article.id)}>
                {article.title}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary">
          {t('stats.fetch')}
        </button>
      </form>
      <StatsChart
        t={t}
        caption={t('stats.forArticle', { name: requests.article?.title ?? '' }).trim()}
        yLabel={t('stats.requestsAxis')}
        state={chartState(requests)}
        legend
        csvHref={requests.article ? csv('requests-per-language', requests.article.id) : undefined}
        hint={requests.article ? undefined : t('stats.fetchHint')}
      />
      <StatsChart
        t={t}
        caption={t('stats.listenedFor', { name: listened.article?.title ?? '' }).trim()}
        note={t('stats.listenedNote')}
        yLabel={t('stats.listenedAxis')}
        state={chartState(listened)}
        legend
        csvHref={listened.article ? csv('listened-per-language', listened.article.id) : undefined}
        hint={listened.article ? undefined : t('stats.listenedHint')}
      />
      <ReadingTimeChart t={t} lang={lang} range={range} article={readingArticle} />
      <CircuitCompletionChart t={t} lang={lang} range={range} />
      {/* The museum's guide home, after the charts the article chooser drives. */}
      <StatsChart
        t={t}
        caption={t('stats.guideVisits')}
        note={t('stats.guideVisitsNote')}
        yLabel={t('stats.guideVisitsAxis')}
        state={guideVisits}
        csvHref={csv('guide-visits')}
      />
    </div>
  );
}

/** The /stats island: for a logged-in user only, once the session check has answered. */
export default function StatsPage({ lang }: { lang: Lang }) {
  return (
    <Protected lang={lang}>
      <StatsScreen lang={lang} />
    </Protected>
  );
}
