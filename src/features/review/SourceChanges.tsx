import type { TFn } from '../../i18n/react.ts';
import WordDiff from '../../ui/WordDiff.tsx';
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
  return (
    <WordDiff
      className="review-changes"
      before={plain(before)}
      after={plain(after)}
      addedLabel={t('review.added')}
      removedLabel={t('review.removed')}
    />
  );
}
