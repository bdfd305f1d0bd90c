import { useEffect, useMemo, useRef } from 'react';
import type { Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';
import ConfirmDialog from '../../ui/ConfirmDialog.tsx';
import { useServerData } from '../../ui/server-state.ts';
import WordDiff from '../../ui/WordDiff.tsx';
import {
  draftOfRevision,
  formatSavedAt,
  revisionRoute,
  textOf,
  type RevisionEntry,
} from './history.ts';
import type { Draft } from './state.ts';
import { useRestore } from './useRestore.ts';

type Props = {
  t: TFn;
  lang: Lang;
  timeZone: string | null;
  articleId: number;
  /** The article's public url, for a version whose own does not read. */
  name: string;
  entry: RevisionEntry;
  /** The editor's text as it is now (unsaved edits included). */
  current: Draft;
  dirty: boolean;
  baseRevision: () => number | null;
  onRestored: () => Promise<void>;
  /** A restore was refused, someone else having saved meanwhile: their version is listed. */
  onStale: () => void;
};

/**
 * One kept version against the editor's text, as one whole text (its name, then every text a
 * visitor reads): what restoring it would change, words added underlined and words removed
 * struck through, each named for a screen reader. Then 'Restore this version', asked first.
 */
export default function RevisionDiff(props: Props) {
  const { t, lang, timeZone, articleId, name, entry, current, dirty } = props;
  const loaded = useServerData(revisionRoute(articleId, entry.revision));
  const doc = loaded.data;
  const before = useMemo(() => textOf(current), [current]);
  const after = useMemo(() => (doc ? textOf(draftOfRevision(doc, name)) : null), [doc, name]);
  const restore = useRestore({
    t,
    articleId,
    revision: entry.revision,
    baseRevision: props.baseRevision,
    onRestored: props.onRestored,
    onStale: props.onStale,
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const staleRef = useRef<HTMLDivElement>(null);
  const shown = after !== null;
  const stale = restore.state.step === 'stale';
  // Where the list and the version stack (a phone), the version chosen is brought into view
  // once it is there to read, and a refusal below it too.
  useEffect(() => {
    if (shown) headingRef.current?.scrollIntoView?.({ block: 'start' });
  }, [shown]);
  useEffect(() => {
    if (stale) staleRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [stale]);

  const date = formatSavedAt(entry.savedAt, lang, timeZone);
  const busy = restore.state.step === 'restoring';
  return (
    <section className="history__version" aria-labelledby={`history-version-${entry.revision}`}>
      <h3 ref={headingRef} id={`history-version-${entry.revision}`} className="history__heading">
        {t('history.versionHeading', { date })}
      </h3>
      {after === null ? (
        loaded.status === 'failed' ? (
          <p role="alert">{t('history.versionFailed')}</p>
        ) : (
          <p role="status">{t('history.versionLoading')}</p>
        )
      ) : (
        <>
          <p className="history__legend">{t('history.legend')}</p>
          {before === after ? (
            <p className="history__same">{t('history.same')}</p>
          ) : (
            <WordDiff
              className="history__diff"
              before={before}
              after={after}
              addedLabel={t('history.added')}
              removedLabel={t('history.removed')}
            />
          )}
          {stale ? (
            <div ref={staleRef} className="history__stale" role="alert">
              <p>{t('history.stale')}</p>
              <button
                type="button"
                className="button button--danger button--small"
                onClick={restore.overwrite}
              >
                {t('history.restoreAnyway')}
              </button>
            </div>
          ) : (
            <button
              type="button"
              className="button button--primary history__restore"
              disabled={busy}
              onClick={restore.ask}
            >
              {busy ? t('history.restoring') : t('history.restore')}
            </button>
          )}
        </>
      )}
      {restore.state.step === 'confirming' && (
        <ConfirmDialog
          title={t('history.confirmTitle')}
          cancelLabel={t('history.cancel')}
          confirmLabel={t('history.confirm')}
          onCancel={restore.cancel}
          onConfirm={restore.confirm}
        >
          <p>{t('history.confirmText', { date })}</p>
          {dirty && <p className="history__warning">{t('history.confirmUnsaved')}</p>}
        </ConfirmDialog>
      )}
    </section>
  );
}
