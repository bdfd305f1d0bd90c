import { diffWords } from 'diff';
import { useMemo } from 'react';

type Props = {
  before: string;
  after: string;
  /** Said before each inserted run to a screen reader ('added:'), as the marks are visual. */
  addedLabel: string;
  /** Said before each deleted run ('removed:'). */
  removedLabel: string;
  className?: string | undefined;
};

/**
 * A word diff of two plain texts: words removed struck through, words added underlined, the rest
 * as it was. Not colour alone: the underline and the strike tell them apart, and a hidden word
 * names each change for a screen reader. Shared by the review screen (what changed in an
 * original) and the editor's history (a kept version against the editor's text).
 */
export default function WordDiff({ before, after, addedLabel, removedLabel, className }: Props) {
  const parts = useMemo(() => diffWords(before, after), [before, after]);
  return (
    <p className={className ? `word-diff ${className}` : 'word-diff'}>
      {parts.map((part, i) =>
        part.added ? (
          <ins key={i}>
            <span className="visually-hidden">{addedLabel} </span>
            {part.value}
          </ins>
        ) : part.removed ? (
          <del key={i}>
            <span className="visually-hidden">{removedLabel} </span>
            {part.value}
          </del>
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </p>
  );
}
