import { z } from 'zod';
import { BadAnswerError } from './errors.ts';
import type { Segment } from './segments.ts';

const answerShape = z.object({
  translations: z.array(z.object({ id: z.string(), text: z.string() })),
});

const count = (text: string, marker: string) => text.split(marker).length - 1;

/** Control characters other than tab and line breaks: never part of a translation. */
const CONTROL = /(?![\t\n\r])\p{Cc}/gu;

/** A translation this much longer than its source is not a translation (tab, lists of 10…). */
const maxLength = (source: string) => Math.max(200, source.length * 10);

/** Some OpenAI-compatible servers wrap JSON in a markdown fence even with a schema. */
function unfence(raw: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/.exec(raw);
  return fenced?.[1] ?? raw;
}

/**
 * Checks an engine's answer for one batch (DESIGN 6.3) and returns id → translated text: valid
 * JSON of the schema, exactly the ids sent (none missing, none extra, none twice), every text
 * non-empty, and as many `[!` and `!]` markers as its source. Throws BadAnswerError otherwise.
 */
export function checkAnswer(raw: string, segments: readonly Segment[]): Record<string, string> {
  let json: unknown;
  try {
    json = JSON.parse(unfence(raw));
  } catch {
    throw new BadAnswerError('the answer is not JSON');
  }
  const parsed = answerShape.safeParse(json);
  if (!parsed.success) throw new BadAnswerError('the answer does not have the expected shape');

  const sources = new Map(segments.map((s) => [s.id, s.text]));
  const out = new Map<string, string>();
  for (const { id, text } of parsed.data.translations) {
    const source = sources.get(id);
    if (source === undefined) throw new BadAnswerError(`unknown id ${JSON.stringify(id)}`);
    if (out.has(id)) throw new BadAnswerError(`id ${JSON.stringify(id)} twice`);
    const clean = text.replace(CONTROL, '');
    if (clean.trim() === '') throw new BadAnswerError(`empty text for ${JSON.stringify(id)}`);
    if (clean.length > maxLength(source)) {
      throw new BadAnswerError(`text for ${JSON.stringify(id)} is far longer than its source`);
    }
    for (const marker of ['[!', '!]']) {
      if (count(clean, marker) !== count(source, marker)) {
        throw new BadAnswerError(`markers ${marker} changed in ${JSON.stringify(id)}`);
      }
    }
    out.set(id, clean);
  }
  const missing = segments.filter((s) => !out.has(s.id));
  if (missing.length > 0) {
    throw new BadAnswerError(`${missing.length} segment(s) missing from the answer`);
  }
  // fromEntries defines own properties: an id such as "__proto__" stays a plain key.
  return Object.fromEntries(out);
}
