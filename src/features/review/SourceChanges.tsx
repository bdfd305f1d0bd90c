import { diffWords } from 'diff';
import { useMemo } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { italicSegments } from '../articles/italics.ts';

/** The text as a reader sees it: `[! !]` markers gone (they are not words). */
const plain = (text: string) =>
  italicSegments(text)
    .map((part) => part.text)
    .join('');

/**
 * What changed in an original since the museum checked its translation (a stale text, ADR 0013):
 * words removed struck through, words added underlined, the rest as it was.
 */
export default function SourceChanges(props: { t: TFn; before: string; after: string }) {
  const { t, before, after } = props;
  const parts = useMemo(() => diffWords(plain(before), plain(after)), [before, after]);
  return (
    <p className="review-changes">
      {parts.map((part, i) =>
        part.added ? (
          <ins key={i}>
            <span className="visually-hidden">{t('review.added')} </span>
            {part.value}
          </ins>
        ) : part.removed ? (
          <del key={i}>
            <span className="visually-hidden">{t('review.removed')} </span>
            {part.value}
          </del>
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </p>
  );
}
