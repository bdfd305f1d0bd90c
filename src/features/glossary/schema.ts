import * as z from 'zod';
import { supportedLanguage } from '../languages/catalogue.ts';

/** The museum's glossary (ADR 0015): its limits, the API's shapes. */

export const MAX_TERM_LENGTH = 200;
export const MAX_NOTE_LENGTH = 1_000;
export const MAX_PREFERRED_LENGTH = 500;
/** Entries a museum may keep: far more than a museum names, few enough to match every text. */
export const MAX_TERMS = 2_000;

/** Any control character: a term or a preferred translation is one line. */
const CONTROL = /\p{Cc}/u;
/** Control characters but tab and line breaks: a note may hold lines. */
const CONTROL_IN_NOTE = /(?![\t\n\r])\p{Cc}/u;

const line = (max: number) =>
  z
    .string('must be text')
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((s) => !CONTROL.test(s), { message: 'must not contain control characters' });

const id = z
  .number('must be the id of a glossary entry')
  .int('must be the id of a glossary entry')
  .positive('must be the id of a glossary entry')
  .max(2_147_483_647, 'must be the id of a glossary entry');

/**
 * Preferred translations by language: each key a language Legenda offers (written as the
 * catalogue writes it: 'ES' → 'es'), each value one line; an empty value is no preference.
 */
const translations = z
  .record(z.string().max(35), z.unknown())
  .default({})
  .transform((raw, ctx) => {
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(raw)) {
      const lang = supportedLanguage(key);
      if (!lang) {
        ctx.issues.push({
          code: 'custom',
          input: key,
          path: [key],
          message: 'is not a language Legenda offers',
        });
        continue;
      }
      const text = line(MAX_PREFERRED_LENGTH).safeParse(value);
      if (!text.success) {
        for (const issue of text.error.issues) {
          ctx.issues.push({ code: 'custom', input: value, path: [key], message: issue.message });
        }
        continue;
      }
      if (text.data !== '') out[lang] = text.data;
    }
    return out;
  });

export const saveTermSchema = z.object({
  id: id.optional(),
  term: line(MAX_TERM_LENGTH).refine((s) => s !== '', { message: 'must not be empty' }),
  note: z
    .string('must be text')
    .trim()
    .max(MAX_NOTE_LENGTH, `must be at most ${MAX_NOTE_LENGTH} characters`)
    .refine((s) => !CONTROL_IN_NOTE.test(s), { message: 'must not contain control characters' })
    .default(''),
  doNotTranslate: z.boolean('must be true or false').default(false),
  translations,
});

export const deleteTermSchema = z.object({ id });

/** One entry of the glossary, as the API answers it. */
export interface GlossaryEntry {
  id: number;
  term: string;
  note: string;
  doNotTranslate: boolean;
  /** Language code → the museum's preferred translation ({} for a 'do not translate' term). */
  translations: Record<string, string>;
  updatedAt: string;
}

/** GET /api/read/glossary. */
export interface GlossaryList {
  terms: GlossaryEntry[];
  /** How many entries a museum may keep. */
  max: number;
}
