import type { ArticleContent } from '../articles/content.ts';
import { extractSegments } from '../translation/segments.ts';

/** The words of an article's texts (those a visitor reads), for the history's list. */
export function wordsOf(content: ArticleContent): number {
  let words = 0;
  for (const { text } of extractSegments(content)) {
    words += text.split(/\s+/u).filter(Boolean).length;
  }
  return words;
}
