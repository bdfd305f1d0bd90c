import type { Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';
import type { StateCounts } from './status-repo.ts';
import type { FailingView } from './schema.ts';
import { failingReason, nextTry } from './Failing.tsx';

/** The states a cell's bar shows, in its order (the legend lists them too). */
export const STATES = ['reviewed', 'machine', 'stale', 'missing'] as const;

/** A pair whose translations keep failing: 'failing', why and the next try in its title. */
export function FailingCell(props: {
  t: TFn;
  lang: Lang;
  href: string;
  language: string;
  failing: FailingView;
}) {
  const { t, lang, href, language, failing } = props;
  const label = t('failing.cell', {
    language,
    reason: failingReason(t, failing),
    next: nextTry(t, lang, failing),
  });
  return (
    <td className="overview__cell overview__cell--failing">
      <a href={href} title={label}>
        <span className="visually-hidden">{label}</span>
        <span className="failing-badge" aria-hidden="true">
          {t('failing.badge')}
        </span>
      </a>
    </td>
  );
}

/** Open visitor reports of a pair (feedback/), after its figures: '✉2', named in words. */
export function ReportsMark({ t, open }: { t: TFn; open: number | undefined }) {
  if (!open) return null;
  return (
    <span className="overview__reports">
      <span aria-hidden="true"> ✉{open}</span>
      <span className="visually-hidden"> {t('feedback.count', { count: String(open) })}</span>
    </span>
  );
}

/** One article in one language: a bar of its states and how many texts the museum checked. */
export function Cell(props: {
  t: TFn;
  href: string;
  language: string;
  counts: StateCounts | undefined;
  /** Open visitor reports of this article in this language. */
  reports?: number | undefined;
}) {
  const { t, href, language, counts, reports } = props;
  if (!counts) {
    return (
      <td className="overview__cell overview__cell--none">
        <a href={href} title={t('overview.none')}>
          <span aria-hidden="true">–</span>
          <span className="visually-hidden">{t('overview.noneCell', { language })}</span>
          <ReportsMark t={t} open={reports} />
        </a>
      </td>
    );
  }
  const total = counts.missing + counts.machine + counts.reviewed + counts.stale;
  const label = t('overview.cell', {
    language,
    reviewed: String(counts.reviewed),
    machine: String(counts.machine),
    stale: String(counts.stale),
    missing: String(counts.missing),
    total: String(total),
  });
  const flagged =
    counts.flagged > 0 ? ` ${t('overview.flagged', { count: String(counts.flagged) })}` : '';
  return (
    <td className="overview__cell">
      <a href={href} title={label + flagged}>
        <span className="visually-hidden">{label + flagged}</span>
        <span className="overview__bar" aria-hidden="true">
          {STATES.map((state) =>
            counts[state] > 0 ? (
              <span
                key={state}
                className={`overview__part overview__part--${state}`}
                style={{ flexGrow: counts[state] }}
              />
            ) : null,
          )}
        </span>
        <span className="overview__figure" aria-hidden="true">
          {counts.reviewed}/{total}
          {counts.flagged > 0 && <span className="overview__flag"> ⚑{counts.flagged}</span>}
        </span>
        <ReportsMark t={t} open={reports} />
      </a>
    </td>
  );
}
