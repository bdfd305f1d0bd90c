import type { Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';
import { TITLE_ELEMENT } from '../articles/block-ids.ts';
import type { VisitorReport } from './repo.ts';

type Props = {
  t: TFn;
  lang: Lang;
  reports: readonly VisitorReport[];
  busy: boolean;
  /** Marks one report resolved. */
  onResolve: (report: VisitorReport) => void;
};

/**
 * What visitors said about a text (or the whole page), shown on the review screen beside it:
 * 'Reported by a visitor', what they found wrong, their words and when, and Mark resolved. The
 * visitor's words are text (React escapes them) in their own direction, whatever the screen's.
 */
export default function ReportFlags({ t, lang, reports, busy, onResolve }: Props) {
  if (reports.length === 0) return null;
  const date = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <ul className="report-flags">
      {reports.map((report) => {
        const resolved = report.resolvedAt !== null;
        return (
          <li
            key={report.id}
            className={`report-flag${resolved ? ' report-flag--resolved' : ''}`}
            data-report={report.id}
          >
            <p className="report-flag__head">
              <span aria-hidden="true">⚑ </span>
              <strong>{t('feedback.flag')}</strong>
              {' · '}
              {t(`feedback.kind.${report.kind}`)}
              {report.block === TITLE_ELEMENT && ` (${t('feedback.onTitle')})`}
              {' · '}
              <time dateTime={report.createdAt}>{date.format(new Date(report.createdAt))}</time>
            </p>
            <p className="report-flag__message" dir="auto">
              {report.message}
            </p>
            {resolved ? (
              <p className="report-flag__state">{t('feedback.resolved')}</p>
            ) : (
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={busy}
                onClick={() => onResolve(report)}
              >
                {t('feedback.resolve')}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
