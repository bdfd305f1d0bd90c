import * as z from 'zod';
import { hasControlCharacters, MAX_TEXT_LENGTH } from '../articles/content-fields.ts';
import { itemId } from '../articles/ids.ts';
import { supportedLanguage } from '../languages/catalogue.ts';
import type { SegmentFlag } from '../translation/flags.ts';

/** A language a visitor may read in (the catalogue's code, as the picker writes it). */
const language = z
  .string()
  .max(35)
  .transform((code, ctx) => {
    const known = supportedLanguage(code);
    if (!known) {
      ctx.issues.push({ code: 'custom', input: code, message: 'is not a language Legenda offers' });
      return z.NEVER;
    }
    return known;
  });

/** A segment's lasting name (translation/segments.ts): an element id and a field. */
const segmentId = z
  .string()
  .max(64)
  .regex(
    /^[A-Za-z0-9_-]{1,24}\.(?:content|alt|header|caption|transcript|publicTitle)$/,
    'is not a segment of this article',
  );

/** The museum's own text: plain text, as long as a text may be, never empty. */
export const museumText = z
  .string('must be text')
  .max(MAX_TEXT_LENGTH, `must be at most ${MAX_TEXT_LENGTH} characters`)
  .refine((s) => s.trim() !== '', { message: 'must not be empty' })
  .refine((s) => !hasControlCharacters(s), { message: 'must not contain control characters' });

export const translationsQuery = z.object({ articleId: itemId, lang: language });

/** Languages to prepare: each one a language Legenda offers, each once. */
const languages = z
  .array(language)
  .min(1, 'must name at least one language')
  .max(145, 'must name at most 145 languages')
  .transform((langs) => [...new Set(langs)]);

/** POST /api/manage/translate_now: no articleId, every article of the museum. */
export const translateNowSchema = z.object({
  articleId: itemId.optional(),
  langs: languages,
});

/** GET /api/read/translation_estimate?articleId&langs=es,de (no articleId: every article). */
export const estimateQuery = z.object({
  articleId: itemId.optional(),
  langs: z
    .string()
    .max(2_000)
    .transform((list) => list.split(',').filter((code) => code !== ''))
    .pipe(languages),
});

export const updateTranslationSchema = z.object({
  articleId: itemId,
  lang: language,
  segmentId,
  text: museumText,
});

export const retranslateSegmentSchema = z.object({
  articleId: itemId,
  lang: language,
  segmentId,
});

export const approveTranslationSchema = z.object({
  articleId: itemId,
  lang: language,
  segmentIds: z
    .array(segmentId)
    .min(1, 'must name at least one segment')
    .max(2_000, 'must name at most 2000 segments'),
});

/** A segment's state in the review API: machine, reviewed or stale. */
export type SegmentState = 'missing' | 'machine' | 'reviewed' | 'stale';

export interface ReviewSegment {
  /** Lasting while its element exists: the element's id and the field. */
  id: string;
  /** Where it is now in the content ('3.content'), for the screen to show it in place. */
  path: string;
  source: string;
  /** The text visitors read in this language; null when none is stored yet. */
  text: string | null;
  state: SegmentState;
  /** For a stale segment: what the museum checked, and the source it checked it against. */
  previous?: { source: string; text: string };
  /** What the checks found wrong with the machine translation (absent when nothing). */
  flags?: SegmentFlag[];
}

export interface ReviewDocument {
  articleId: number;
  lang: string;
  segments: ReviewSegment[];
  /** Beside the contract, for the screen: the museum's language, the staff title, the url. */
  sourceLang: string;
  title: string;
  name: string;
  /** Present while the pair's translations keep failing (translation/failures.ts). */
  failing?: FailingView | undefined;
}

/** A pair whose translations keep failing, as staff see it: why, and when it is tried again. */
export interface FailingView {
  /** 'refused': texts the checks refused twice; 'engine': the engine did not answer. */
  reason: 'refused' | 'engine';
  /** Texts the last try left in the source language. */
  texts: number;
  /** Failed tries in a row. */
  failures: number;
  lastFailedAt: string;
  /** ISO time of the next automatic try (visitors' reading); Translate now tries at once. */
  nextTryAt: string;
}
