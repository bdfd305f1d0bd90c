import { articleName } from '../articles/label.ts';
import { useRef, useState, type ReactNode } from 'react';
import { localePath, type Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';
import { call } from '../../ui/api.ts';
import { toast } from '../../ui/toast.ts';
import { direction } from '../languages/direction.ts';
import { languageTag } from '../languages/catalogue.ts';
import { approveTranslation, retranslateSegment, updateTranslation } from './calls.ts';
import FailingNotice from './Failing.tsx';
import ReviewPreview, { useWidePreview, type PreviewTarget } from './ReviewPreview.tsx';
import type { ReviewDocument, ReviewSegment } from './schema.ts';
import SegmentRow from './SegmentRow.tsx';
import XliffTools from './XliffTools.tsx';
import ReportFlags from '../feedback/ReportFlags.tsx';
import { useReports } from '../feedback/useReports.ts';

type Props = {
  t: TFn;
  lang: Lang;
  articleId: number;
  doc: ReviewDocument;
  /** The language's name as Settings shows it (named at build time, settings/languages.ts). */
  languageName: string;
  /** The page's back link, title and language choice. */
  header: ReactNode;
  /** Reads the texts again, after a change. */
  reload: () => Promise<void>;
};

/**
 * One article's texts in one language, loaded: the summary, approve all, each text with its
 * save, approve and translate again, and the phone preview beside them.
 */
export default function ReviewTexts(props: Props) {
  const { t, lang, articleId, doc, header, reload } = props;
  const [busy, setBusy] = useState(false);
  /** Raised after each change: the phone preview loads the page again. */
  const [version, setVersion] = useState(0);
  const list = useRef<HTMLOListElement>(null);
  const wide = useWidePreview();
  /** The text the preview shows: the one being edited (wide), or asked for (its dialog). */
  const [focused, setFocused] = useState<PreviewTarget | null>(null);
  const [asked, setAsked] = useState<PreviewTarget | null>(null);
  const reports = useReports(
    t,
    articleId,
    doc.lang,
    doc.segments.map((s) => s.id),
  );
  const flags = (shown: Parameters<typeof ReportFlags>[0]['reports']) => (
    <ReportFlags
      t={t}
      lang={lang}
      reports={shown}
      busy={reports.busy}
      onResolve={reports.resolve}
    />
  );

  const write = async (
    work: () => ReturnType<typeof call>,
    done: string,
    failed = t('review.writeFailed'),
  ) => {
    setBusy(true);
    try {
      const result = await work();
      if (!result.ok) {
        toast.error(failed);
        return false;
      }
      toast.success(done);
      await reload();
      setVersion((v) => v + 1);
      return true;
    } catch {
      toast.error(failed);
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** The field of the row after `index`, focused (Ctrl+Enter). */
  const focusAfter = (index: number) => {
    const fields = list.current?.querySelectorAll('textarea');
    fields?.[index + 1]?.focus();
  };

  const tag = languageTag(doc.lang);
  const dir = direction(tag);
  const approvable = doc.segments.filter((s) => s.text !== null && s.state !== 'reviewed');
  const counts = {
    total: doc.segments.length,
    reviewed: doc.segments.filter((s) => s.state === 'reviewed').length,
  };
  return (
    <div className="review-screen">
      {header}
      <p className="review-summary" role="status">
        {t('review.summary', {
          // Isolated: a right-to-left name must not reorder the sentence around it.
          title: `\u2068${articleName({ id: doc.articleId, title: doc.title })}\u2069`,
          language: `\u2068${props.languageName}\u2069`,
          reviewed: String(counts.reviewed),
          total: String(counts.total),
        })}
      </p>
      {doc.failing && (
        <FailingNotice
          t={t}
          lang={lang}
          failing={doc.failing}
          articleId={articleId}
          target={doc.lang}
          onStarted={reload}
        />
      )}
      <div className="review-toolbar">
        <button
          type="button"
          className="button button--small"
          disabled={busy || approvable.length === 0}
          onClick={() =>
            void write(
              () =>
                call(approveTranslation, {
                  articleId,
                  lang: doc.lang,
                  segmentIds: approvable.map((s) => s.id),
                }),
              t('review.approvedAll', { count: String(approvable.length) }),
            )
          }
        >
          {t('review.approveAll')}
        </button>
        <a
          className="button button--ghost button--small"
          href={`/article?name=${encodeURIComponent(doc.name)}&lang=${encodeURIComponent(doc.lang)}&ignoreStats=true`}
          target="_blank"
          rel="noopener"
        >
          {t('review.seeLive')}
          <span className="visually-hidden"> {t('editor.newTab')}</span>
        </a>
        <a className="button button--ghost button--small" href={localePath(lang, '/glossary')}>
          {t('review.glossaryLink')}
        </a>
        <p className="muted review-toolbar__hint">{t('review.shortcut')}</p>
      </div>
      {/* Reports naming no text of the article: at the top, for the whole page. */}
      {flags(reports.page)}
      <XliffTools t={t} articleId={articleId} target={doc.lang} onImported={reload} />
      <div className="review-layout">
        <div className="review-layout__texts">
          {doc.segments.length === 0 ? (
            <p className="muted">{t('review.nothing')}</p>
          ) : (
            <ol className="review-list" ref={list}>
              {doc.segments.map((segment, index) => (
                <SegmentRow
                  key={`${segment.id}:${segment.state}:${segment.text ?? ''}`}
                  t={t}
                  segment={segment}
                  lang={tag}
                  dir={dir}
                  sourceLang={languageTag(doc.sourceLang)}
                  busy={busy}
                  reports={flags(reports.forSegment(segment.id))}
                  onSave={(text) =>
                    write(
                      () =>
                        call(updateTranslation, {
                          articleId,
                          lang: doc.lang,
                          segmentId: segment.id,
                          text,
                        }),
                      t('review.saved'),
                    )
                  }
                  onApprove={() =>
                    write(
                      () =>
                        call(approveTranslation, {
                          articleId,
                          lang: doc.lang,
                          segmentIds: [segment.id],
                        }),
                      t('review.approved'),
                    )
                  }
                  onRetranslate={() =>
                    write(
                      () =>
                        call(retranslateSegment, {
                          articleId,
                          lang: doc.lang,
                          segmentId: segment.id,
                        }),
                      t('review.retranslated'),
                      t('review.engineFailed'),
                    )
                  }
                  onDone={() => focusAfter(index)}
                  onFocus={() => setFocused(previewOf(segment))}
                  onPreview={wide ? undefined : () => setAsked(previewOf(segment))}
                />
              ))}
            </ol>
          )}
        </div>
        <ReviewPreview
          t={t}
          name={doc.name}
          lang={doc.lang}
          version={version}
          wide={wide}
          target={wide ? focused : asked}
          onClose={() => setAsked(null)}
        />
      </div>
    </div>
  );
}

/**
 * Where the preview finds a text: the museum's or the machine's translation the page shows,
 * else the original it shows while there is none.
 */
const previewOf = (segment: ReviewSegment): PreviewTarget => ({
  texts: segment.text === null ? [segment.source] : [segment.text, segment.source],
});
