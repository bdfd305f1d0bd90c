import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { italicSegments } from '../articles/italics.ts';
import type { ReviewSegment } from './schema.ts';
import type { SegmentFlag } from '../translation/flags.ts';
import SourceChanges from './SourceChanges.tsx';
import { TITLE_SEGMENT_REF } from '../translation/segments.ts';

type Props = {
  t: TFn;
  segment: ReviewSegment;
  /** The target language's tag and direction: the translation is edited that way. */
  lang: string;
  dir: 'ltr' | 'rtl';
  /** The article's own language, for the source text. */
  sourceLang: string;
  busy: boolean;
  /** What visitors reported about this text (feedback/ReportFlags.tsx), beside it. */
  reports?: ReactNode;
  /** Saves the museum's text (reviewed); answers whether it was saved. */
  onSave: (text: string) => Promise<boolean>;
  /** Approves the machine text as it is. */
  onApprove: () => Promise<boolean>;
  /** Asks the engine for a new machine translation of this text. */
  onRetranslate: () => Promise<boolean>;
  /** Ctrl+Enter done: the next row's field takes the focus. */
  onDone: () => void;
  /** The field took the focus: the preview beside shows this text. */
  onFocus?: () => void;
  /** Where the preview opens on demand (a narrow screen): opens it at this text. */
  onPreview?: (() => void) | undefined;
};

/** What a flag names in the curator's or the text's words: terms, or the words at fault. */
function flagWords(flag: SegmentFlag): string | undefined {
  if (!flag.detail) return undefined;
  if (flag.kind === 'glossary') return flag.detail;
  // 'category: words' (second-opinion.ts): the category is the engine's English.
  if (flag.kind === 'check') return flag.detail.split(': ').slice(1).join(': ') || undefined;
  return undefined;
}

/** `[! … !]` shown in italics, the markers themselves hidden. */
function Rich({ text }: { text: string }) {
  return (
    <>
      {italicSegments(text).map((part, i) =>
        part.italic ? <em key={i}>{part.text}</em> : <span key={i}>{part.text}</span>,
      )}
    </>
  );
}

/**
 * One text of the article: its source, its translation to correct in place, its state, and what
 * the museum checked before when the source has changed since (stale).
 */
export default function SegmentRow(props: Props) {
  const { t, segment, lang, dir, sourceLang, busy } = props;
  const id = useId();
  // A stale text starts from the museum's earlier translation: corrected, not typed again; saved
  // as it is, it is checked against the new original.
  const earlier = segment.state === 'stale' ? segment.previous?.text : undefined;
  const start = earlier ?? segment.text ?? '';
  const [draft, setDraft] = useState(start);
  const edited = draft !== start;
  const savable = edited || earlier !== undefined;
  const canApprove = !edited && segment.text !== null && segment.state !== 'reviewed';

  const done = async () => {
    const ok = savable
      ? await props.onSave(draft)
      : canApprove
        ? await props.onApprove()
        : segment.state === 'reviewed';
    if (ok) props.onDone();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void done();
    }
  };

  return (
    <li className={`review-row review-row--${segment.state}`} data-segment={segment.id}>
      <div className="review-row__source" lang={sourceLang}>
        <p className="review-row__label">
          {segment.id === TITLE_SEGMENT_REF ? t('review.sourceTitle') : t('review.source')}
        </p>
        <p>
          <Rich text={segment.source} />
        </p>
        {segment.previous && (
          <div className="review-row__previous">
            <p className="review-row__label">{t('review.previousSource')}</p>
            <p>
              <Rich text={segment.previous.source} />
            </p>
            <p className="review-row__label">{t('review.changes')}</p>
            <SourceChanges t={t} before={segment.previous.source} after={segment.source} />
            <p className="review-row__label">{t('review.previousText')}</p>
            <p lang={lang} dir={dir}>
              <Rich text={segment.previous.text} />
            </p>
          </div>
        )}
      </div>
      <div className="review-row__target">
        <label htmlFor={id} className="review-row__label">
          {t('review.translation')}{' '}
          <span className={`review-state review-state--${segment.state}`}>
            {t(`review.state.${segment.state}`)}
          </span>
        </label>
        {segment.flags && (
          <ul className="review-flags">
            {segment.flags.map((flag, i) => (
              <li key={i} className={`review-flag review-flag--${flag.kind}`}>
                {t(`review.flag.${flag.kind}`)}
                {/* The terms not followed, or the words the second opinion faults; the other
                    details are the checks' English words, for the log, not for the curator. */}
                {flagWords(flag) && (
                  <span className="review-flag__detail"> — {flagWords(flag)}</span>
                )}
              </li>
            ))}
          </ul>
        )}
        {props.reports}
        {earlier !== undefined && (
          <p id={`${id}-earlier`} className="review-row__hint">
            {t('reviewStale.prefilled')}
          </p>
        )}
        <textarea
          id={id}
          aria-describedby={earlier !== undefined ? `${id}-earlier` : undefined}
          lang={lang}
          dir={dir}
          value={draft}
          rows={Math.min(8, Math.max(2, Math.ceil(segment.source.length / 60)))}
          // Isolated left to right: our words must read in order in a right-to-left field.
          placeholder={
            dir === 'rtl' ? `\u2066${t('review.placeholder')}\u2069` : t('review.placeholder')
          }
          aria-keyshortcuts="Control+Enter"
          onChange={(event) => setDraft(event.target.value)}
          onFocus={props.onFocus}
          onKeyDown={onKeyDown}
        />
        {draft.includes('[!') && (
          <p className="review-row__preview" lang={lang} dir={dir}>
            <Rich text={draft} />
          </p>
        )}
        {earlier !== undefined && segment.text !== null && (
          <div className="review-row__machine">
            <p className="review-row__label">{t('reviewStale.machine')}</p>
            <p lang={lang} dir={dir}>
              <Rich text={segment.text} />
            </p>
          </div>
        )}
        <div className="review-row__actions">
          <button
            type="button"
            className="button button--small"
            disabled={busy || !savable || draft.trim() === ''}
            onClick={() => void props.onSave(draft)}
          >
            {t('review.save')}
          </button>
          {segment.state !== 'reviewed' && (
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={busy || edited}
              onClick={() => void props.onRetranslate()}
            >
              {t('review.retranslate')}
            </button>
          )}
          {segment.state !== 'reviewed' && segment.text !== null && (
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={busy || !canApprove}
              onClick={() => void props.onApprove()}
            >
              {t('review.approve')}
            </button>
          )}
          {props.onPreview && (
            <button
              type="button"
              className="button button--ghost button--small"
              aria-haspopup="dialog"
              onClick={props.onPreview}
            >
              {t('reviewPhone.show')}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
