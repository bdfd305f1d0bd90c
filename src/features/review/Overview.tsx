import { articleName, publicTitleBeside } from '../articles/label.ts';
import { useId, useMemo, useState } from 'react';
import { localePath, type Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';
import type { LanguageOption } from '../../ui/LanguagePicker.tsx';
import { useServerData } from '../../ui/server-state.ts';
import { statusRoute } from './calls.ts';
import TranslateNow from './TranslateNow.tsx';
import { Cell, FailingCell, ReportsMark, STATES } from './OverviewCells.tsx';
import { reportCountsRoute } from '../feedback/calls.ts';
import useOfferedLanguages from './useOfferedLanguages.ts';

/** Articles shown at first, and added by each 'show more'. */
const PAGE = 100;

const fold = (text: string) => text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');

/**
 * The translations overview: every article in every language it was read or
 * prepared in, each cell the share of its texts checked by the museum, machine-translated, out
 * of date and missing; a cell opens the review screen. Translate now sits above it.
 */
export default function Overview(props: {
  t: TFn;
  lang: Lang;
  languages: readonly LanguageOption[];
}) {
  const { t, lang, languages } = props;
  const id = useId();
  // Read again while Translate now works; a failed reload keeps the counts shown.
  const load = useServerData(statusRoute);
  const { reload } = load;
  // Open visitor reports per article and language; the table shows without them.
  const reportCounts = useServerData(reportCountsRoute).data?.counts;
  const openReports = useMemo(
    () => new Map((reportCounts ?? []).map((c) => [`${c.articleId}:${c.lang}`, c.open] as const)),
    [reportCounts],
  );
  const [filter, setFilter] = useState('');
  const [shown, setShown] = useState(PAGE);

  const offered = useOfferedLanguages();
  const names = useMemo(() => new Map(languages.map((l) => [l.code, l.label])), [languages]);
  const isOffered = (code: string) => offered === null || offered.includes(code);
  const nameOf = (code: string) => names.get(code) ?? code;
  const screen = localePath(lang, '/translations');
  const href = (articleId: number, code?: string) =>
    `${screen}?articleId=${articleId}${code ? `&lang=${encodeURIComponent(code)}` : ''}`;

  const head = (
    <>
      <a className="back-link" href={localePath(lang, '/dashboard')}>
        {t('common.backToDashboard')}
      </a>
      <h1>{t('review.title')}</h1>
      <p className="muted">{t('overview.intro')}</p>
    </>
  );
  const { data } = load;
  if (!data) {
    return (
      <div className="review-screen overview">
        {head}
        {load.status === 'loading' ? (
          <p className="status-line" role="status">
            {t('review.loading')}
          </p>
        ) : (
          <p className="muted" role="alert">
            {t('overview.loadFailed')}
          </p>
        )}
      </div>
    );
  }

  const wanted = fold(filter.trim());
  const matching = wanted
    ? data.articles.filter((a) =>
        fold(`${a.title} ${a.publicTitle ?? ''} ${a.name}`).includes(wanted),
      )
    : data.articles;
  const visible = matching.slice(0, shown);
  const failing = new Map(
    (data.failing ?? []).map((f) => [`${f.articleId}:${f.language}`, f] as const),
  );
  return (
    <div className="review-screen overview">
      {head}
      <TranslateNow
        t={t}
        lang={lang}
        languages={offered ? languages.filter((l) => offered.includes(l.code)) : languages}
        languagesHint={offered ? t('offeredLanguages.withinOffered') : undefined}
        articles={data.articles}
        onProgress={() => void reload()}
      />
      {data.articles.length === 0 ? (
        <p className="muted">{t('overview.noArticles')}</p>
      ) : (
        <section aria-labelledby={`${id}-table`}>
          <h2 id={`${id}-table`}>{t('overview.tableTitle')}</h2>
          {data.languages.length === 0 && <p className="muted">{t('overview.empty')}</p>}
          <ul className="overview__legend" aria-label={t('overview.legend')}>
            {STATES.map((state) => (
              <li key={state}>
                <span className={`overview__swatch overview__part--${state}`} aria-hidden="true" />
                {t(`review.state.${state}`)}
              </li>
            ))}
            <li>
              <span className="overview__flag" aria-hidden="true">
                ⚑
              </span>{' '}
              {t('overview.flagLegend')}
            </li>
            <li>
              <span className="overview__reports" aria-hidden="true">
                ✉
              </span>{' '}
              {t('feedback.legend')}
            </li>
            {failing.size > 0 && (
              <li>
                <span className="failing-badge" aria-hidden="true">
                  {t('failing.badge')}
                </span>{' '}
                {t('failing.legend')}
              </li>
            )}
          </ul>
          <div className="overview__filter">
            <label htmlFor={`${id}-filter`}>{t('overview.filter')}</label>
            <input
              id={`${id}-filter`}
              type="search"
              value={filter}
              onChange={(e) => {
                setFilter(e.target.value);
                setShown(PAGE);
              }}
            />
          </div>
          <div className="overview__scroll" tabIndex={0} aria-labelledby={`${id}-table`}>
            <table className="overview__table">
              <thead>
                <tr>
                  <th scope="col">{t('overview.article')}</th>
                  {data.languages.map((code) => (
                    <th key={code} scope="col">
                      <span lang={code}>{nameOf(code)}</span>
                      {!isOffered(code) && (
                        <span
                          className="overview__not-offered"
                          title={t('offeredLanguages.notOfferedTitle')}
                        >
                          {t('offeredLanguages.notOffered')}
                        </span>
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {visible.map((article) => (
                  <tr key={article.articleId}>
                    <th scope="row">
                      <a href={href(article.articleId)}>
                        <ArticleTitles article={article} />
                      </a>
                      {/* Reports in a language without a column (the original's). */}
                      <ReportsMark
                        t={t}
                        open={otherReports(openReports, article.articleId, data.languages)}
                      />
                    </th>
                    {data.languages.map((code) => {
                      const failed = failing.get(`${article.articleId}:${code}`);
                      return failed ? (
                        <FailingCell
                          key={code}
                          t={t}
                          lang={lang}
                          href={href(article.articleId, code)}
                          language={nameOf(code)}
                          failing={failed}
                        />
                      ) : (
                        <Cell
                          key={code}
                          t={t}
                          href={href(article.articleId, code)}
                          language={nameOf(code)}
                          counts={article.languages[code]}
                          reports={openReports.get(`${article.articleId}:${code}`)}
                        />
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {matching.length > visible.length && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setShown((n) => n + PAGE)}
            >
              {t('overview.showMore', {
                count: String(Math.min(PAGE, matching.length - visible.length)),
              })}
            </button>
          )}
        </section>
      )}
    </div>
  );
}

/** An article's open reports in the languages the table has no column for. */
function otherReports(
  open: ReadonlyMap<string, number>,
  articleId: number,
  columns: readonly string[],
): number {
  let n = 0;
  for (const [key, count] of open) {
    const [id, code] = key.split(':');
    if (Number(id) === articleId && !columns.includes(code ?? '')) n += count;
  }
  return n;
}

/** An article's private name, and under it the title shown to visitors (articles/label.ts). */
function ArticleTitles({
  article,
}: {
  article: { articleId: number; title: string; publicTitle?: string | undefined };
}) {
  const named = { id: article.articleId, title: article.title, publicTitle: article.publicTitle };
  const beside = publicTitleBeside(named);
  return (
    <>
      {articleName(named)}
      {beside !== undefined && <span className="article-public-title">{beside}</span>}
    </>
  );
}
