import { useCallback, useEffect, useRef, useState } from 'react';
import { localePath, t as translate, type Lang } from '../../i18n/index.ts';
import { useT } from '../../i18n/react.ts';
import { call } from '../../ui/api.ts';
import { useQueryParam } from '../../ui/browser.ts';
import Protected from '../../ui/Protected.tsx';
import { toast } from '../../ui/toast.ts';
import { articleIdOf } from '../articles/article-id.ts';
import { direction, languageTag, nativeName } from '../languages/index.ts';
import {
  approveTranslation,
  retranslateSegment,
  translationsRoute,
  updateTranslation,
} from './calls.ts';
import type { ReviewDocument } from './schema.ts';
import SegmentRow from './SegmentRow.tsx';
import XliffTools from './XliffTools.tsx';
import FailingNotice from './Failing.tsx';
import Overview from './Overview.tsx';
import ReviewPreview from './ReviewPreview.tsx';
import LanguageChoice from './LanguageChoice.tsx';
import type { LanguageOption } from '../../ui/LanguagePicker.tsx';

type Load =
  | { status: 'loading' }
  | { status: 'ready'; doc: ReviewDocument }
  | { status: 'notFound' }
  | { status: 'failed' };

function useTranslations(articleId: number, target: string | null) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const seq = useRef(0);
  const reload = useCallback(async () => {
    if (!target) return;
    const mine = ++seq.current;
    let next: Load = { status: 'failed' };
    try {
      const result = await call(translationsRoute(articleId, target));
      if (result.answer) next = { status: 'ready', doc: result.answer };
      else if (result.status === 404 || result.status === 422) next = { status: 'notFound' };
    } catch (error) {
      console.error('Loading the translations failed', error);
    }
    if (mine === seq.current) setLoad(next);
  }, [articleId, target]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { load, reload };
}

function Review({
  lang,
  articleId,
  target,
}: {
  lang: Lang;
  articleId: number;
  target: string | null;
}) {
  const t = useT(lang);
  const { load, reload } = useTranslations(articleId, target);
  const [busy, setBusy] = useState(false);
  /** Raised after each change: the phone preview loads the page again. */
  const [version, setVersion] = useState(0);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    document.title = translate(lang, 'meta.titleTemplate', { page: t('review.title') });
  }, [lang, t]);

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

  const header = (
    <>
      <a className="back-link" href={`${localePath(lang, '/article')}?id=${articleId}`}>
        {t('review.backToEditor')}
      </a>
      <h1>{t('review.title')}</h1>
      <LanguageChoice t={t} lang={lang} articleId={articleId} current={target} />
    </>
  );
  if (!target) {
    return (
      <div className="review-screen">
        {header}
        <p className="muted">{t('review.pickLanguage')}</p>
      </div>
    );
  }
  if (load.status === 'loading') {
    return (
      <div className="review-screen">
        {header}
        <p className="status-line" role="status">
          {t('review.loading')}
        </p>
      </div>
    );
  }
  if (load.status !== 'ready') {
    return (
      <div className="review-screen">
        {header}
        <p className="muted" role="alert">
          {load.status === 'notFound' ? t('review.notFound') : t('review.loadFailed')}
        </p>
      </div>
    );
  }

  const { doc } = load;
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
          title: `\u2068${doc.title}\u2069`,
          language: `\u2068${nativeName(doc.lang)}\u2069`,
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
                />
              ))}
            </ol>
          )}
        </div>
        <ReviewPreview t={t} name={doc.name} lang={doc.lang} version={version} />
      </div>
    </div>
  );
}

/**
 * /translations: the overview of every article's translations (Overview.tsx) and, with
 * ?articleId={id}&lang={code}, the review screen of one article in one language (issue 18).
 */
export default function ReviewScreen({
  lang,
  languages,
}: {
  lang: Lang;
  /** Every language, named at build time (settings/languages.ts). */
  languages: LanguageOption[];
}) {
  const t = useT(lang);
  const articleParam = useQueryParam('articleId');
  const target = useQueryParam('lang');
  const articleId = articleIdOf(articleParam);
  return (
    <Protected lang={lang}>
      {articleParam === undefined ? null : articleParam === null ? (
        <Overview t={t} lang={lang} languages={languages} />
      ) : articleId === null ? (
        <div className="review-screen">
          <h1>{t('review.title')}</h1>
          <p className="muted">{t('review.noArticle')}</p>
        </div>
      ) : (
        <Review lang={lang} articleId={articleId} target={target ?? null} />
      )}
    </Protected>
  );
}
