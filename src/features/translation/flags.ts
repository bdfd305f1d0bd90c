import * as z from 'zod';

/**
 * What the checks found wrong with a segment's machine translation (ADR 0013, ADR 0016), shown on the
 * review screen and counted in the overview:
 * - `refused`: the checks refused both answers (answer.ts): visitors read the source text;
 * - `language`: both answers were in another language than the one asked for: the same;
 * - `glossary`: stored, but a glossary entry was not followed after a retry;
 * - `check`: stored, but the second opinion (TRANSLATION_REVIEW=on) found a major error.
 */
export type FlagKind = 'refused' | 'language' | 'glossary' | 'check';

export interface SegmentFlag {
  kind: FlagKind;
  /** What was wrong, for the curator: the reason, the term, the words at fault. */
  detail?: string | undefined;
}

const flagShape = z.array(
  z.object({
    kind: z.enum(['refused', 'language', 'glossary', 'check']),
    detail: z.string().max(2_000).optional(),
  }),
);

/**
 * Flags live in the translation memory document beside the translation they are about, under
 * `flag:` and the segment's key: dropped with it when the text changes, and by Reset
 * translations. Segment keys are base64url, so no key of a translation starts with `flag:`.
 */
export const flagKey = (segmentKey: string) => `flag:${segmentKey}`;

/** The segment key a `flag:` entry is about, or undefined for a translation's own entry. */
export const flaggedKey = (entryKey: string): string | undefined =>
  entryKey.startsWith('flag:') ? entryKey.slice(5) : undefined;

/** The entry's value: no flag is written as '', which removes the entry (memory.ts). */
export const encodeFlags = (flags: readonly SegmentFlag[]): string =>
  flags.length === 0 ? '' : JSON.stringify(flags);

/** The flags stored for a segment key; a damaged entry counts as none. */
export function storedFlags(
  doc: Readonly<Record<string, string>>,
  segmentKey: string,
): SegmentFlag[] {
  const raw = doc[flagKey(segmentKey)];
  if (!raw) return [];
  try {
    const parsed = flagShape.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
