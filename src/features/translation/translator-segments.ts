import { glossaryMatcher } from './glossary-match.ts';
import type { KeyedSegment } from './job-types.ts';
import { segmentKey } from './keys.ts';
import type { Segment } from './segments.ts';
import type { ArticleRequest } from './translator-types.ts';

/** A text of the article, keyed as the memory stores its translation. */
export type RunSegment = KeyedSegment & { ref: string };

/**
 * The article's texts, keyed, and the museum's words where they were checked against the text
 * as it is now (by segment id); where the text has changed since, what it checked goes to the
 * engine as a reference.
 */
export function keyedSegments(
  request: ArticleRequest,
  texts: readonly Segment[],
  model: string,
): { segments: RunSegment[]; checked: Map<string, string> } {
  const checked = new Map<string, string>();
  const references = new Map<string, { source: string; text: string }>();
  for (const s of texts) {
    const entry = request.checked?.get(s.ref);
    if (entry && entry.source === s.text) checked.set(s.id, entry.text);
    else if (entry) references.set(s.id, entry);
  }
  const terms = glossaryMatcher(request.glossary);
  const segments = texts.map((segment) => {
    // A text that holds no term keeps the key it had before the glossary (keys.ts).
    const glossary = terms.match(segment.text);
    return {
      ...segment,
      reference: references.get(segment.id),
      ...(glossary.length > 0 && { glossary }),
      key: segmentKey({
        source: segment.text,
        target: request.targetLang,
        instructions: request.instructions,
        model,
        glossary,
      }),
    };
  });
  return { segments, checked };
}

/** The segments to translate, one per distinct key (a text repeated is sent once). */
export function missingOf<T extends KeyedSegment>(
  segments: readonly T[],
  stored: Readonly<Record<string, string>>,
): T[] {
  const seen = new Set<string>();
  return segments.filter((s) => {
    if (Object.hasOwn(stored, s.key) || seen.has(s.key)) return false;
    seen.add(s.key);
    return true;
  });
}
