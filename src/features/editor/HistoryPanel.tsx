import { useState } from 'react';
import type { Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';
import { useMuseumTimeZone } from '../../ui/museumTimeZone.ts';
import { useModalDialog } from '../../ui/useModalDialog.ts';
import { useServerData } from '../../ui/server-state.ts';
import { formatSavedAt, revisionsRoute, type RevisionEntry } from './history.ts';
import RevisionDiff from './RevisionDiff.tsx';
import type { Draft } from './state.ts';

type Props = {
  t: TFn;
  lang: Lang;
  articleId: number;
  name: string;
  current: Draft;
  dirty: boolean;
  /** A new number each time the panel opens: the list is asked for again. */
  round: number;
  baseRevision: () => number | null;
  onRestored: () => Promise<void>;
  onClose: () => void;
};

/** '1 mot', '12 mots': the language's own plural rule (French says '0 mot'). */
function wordCount(t: TFn, lang: Lang, count: number): string {
  const one = new Intl.PluralRules(lang).select(count) === 'one';
  return t(one ? 'history.wordsOne' : 'history.words', { count: count.toLocaleString(lang) });
}

/**
 * The article's kept versions, newest first (published or draft, when on the museum's clocks,
 * who, how many words); one chosen shows what restoring it would change. A modal dialog: the
 * list beside the version on a wide screen, above it on a phone.
 */
export default function HistoryPanel(props: Props) {
  const { t, lang, articleId, onClose } = props;
  const dialogRef = useModalDialog();
  const list = useServerData(revisionsRoute(articleId), props.round);
  const timeZone = useMuseumTimeZone();
  const [chosen, setChosen] = useState<RevisionEntry | null>(null);
  const entries = list.data;

  return (
    <dialog
      ref={dialogRef}
      className="dialog history"
      aria-labelledby="history-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="history__top">
        <h2 id="history-title" className="dialog__title">
          {t('history.title')}
        </h2>
        <button type="button" className="button button--ghost button--small" onClick={onClose}>
          {t('history.close')}
        </button>
      </div>
      {/* Two columns once there are versions; a message alone takes the whole width. */}
      <div className={`history__body${entries?.length ? ' history__body--columns' : ''}`}>
        <div className="history__list">
          {entries === undefined ? (
            list.status === 'failed' ? (
              <div role="alert">
                <p>{t('history.failed')}</p>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => void list.reload()}
                >
                  {t('history.retry')}
                </button>
              </div>
            ) : (
              <p role="status">{t('history.loading')}</p>
            )
          ) : entries.length === 0 ? (
            <p>{t('history.empty')}</p>
          ) : (
            <ol className="history__entries" aria-label={t('history.listLabel')}>
              {entries.map((entry) => (
                <li key={entry.revision}>
                  <button
                    type="button"
                    className="history__entry"
                    aria-pressed={chosen?.revision === entry.revision}
                    onClick={() => setChosen(entry)}
                  >
                    <span className={`history__kind history__kind--${entry.kind}`}>
                      {t(entry.kind === 'published' ? 'history.published' : 'history.draft')}
                    </span>{' '}
                    {/* Spaces between the parts: a screen reader reads the button as one name. */}
                    <time dateTime={entry.savedAt}>
                      {formatSavedAt(entry.savedAt, lang, timeZone)}
                    </time>{' '}
                    <span className="history__who">
                      {t('history.by', { email: entry.savedBy })}
                    </span>{' '}
                    <span className="history__words">{wordCount(t, lang, entry.words)}</span>
                  </button>
                </li>
              ))}
            </ol>
          )}
        </div>
        {/* Nothing chosen yet: above the list on a phone, in the version's place on a wide screen. */}
        {!chosen && entries !== undefined && entries.length > 0 && (
          <p className="history__hint">{t('history.choose')}</p>
        )}
        {chosen && (
          <RevisionDiff
            key={chosen.revision}
            t={t}
            lang={lang}
            timeZone={timeZone}
            articleId={articleId}
            name={props.name}
            entry={chosen}
            current={props.current}
            dirty={props.dirty}
            baseRevision={props.baseRevision}
            onRestored={props.onRestored}
            onStale={() => void list.reload()}
          />
        )}
      </div>
    </dialog>
  );
}
