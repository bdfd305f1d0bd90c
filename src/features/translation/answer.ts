import * as z from 'zod';
import { estimateTokens } from './batches.ts';
import { BadAnswerError } from './errors.ts';
import { sameLanguage } from '../languages/catalogue.ts';
import { wrongLanguage } from './language-check.ts';
import type { SegmentText } from './segments.ts';

const answerShape = z.object({
  translations: z.array(z.object({ id: z.string(), text: z.string() })),
});

const count = (text: string, marker: string) => text.split(marker).length - 1;

/** Control characters other than tab and line breaks: never part of a translation. */
const CONTROL = /(?![\t\n\r])\p{Cc}/gu;

/** A translation as stored: without control characters other than tab and line breaks. */
export const clean = (text: string): string => text.replace(CONTROL, '');

/** Some OpenAI-compatible servers wrap JSON in a markdown fence even with a schema. */
function unfence(raw: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/.exec(raw);
  return fenced?.[1] ?? raw;
}

export interface CheckedAnswer {
  /** id → translated text, for the segments whose text passed every check. */
  translations: Record<string, string>;
  /** id → why its text was refused (segmentProblem): worth one more try of those alone. */
  rejected: Record<string, string>;
}

export interface AnswerLanguages {
  sourceLang: string;
  targetLang: string;
  /** false: a text in another language is not refused (TRANSLATION_LANGUAGE_CHECK=off). */
  checkLanguage?: boolean | undefined;
}

/**
 * Checks an engine's answer for one batch. The answer as a whole must be valid
 * JSON of the schema with exactly the ids sent (none missing, none extra, none twice): otherwise
 * BadAnswerError, and the batch is tried again. Each text is then checked on its own
 * (segmentProblem): a text that fails is left out of `translations` and reported in `rejected`,
 * so it is never stored, and the others are kept.
 */
export function checkAnswer(
  raw: string,
  segments: readonly SegmentText[],
  languages: AnswerLanguages,
): CheckedAnswer {
  let json: unknown;
  try {
    json = JSON.parse(unfence(raw));
  } catch {
    throw new BadAnswerError('the answer is not JSON');
  }
  const parsed = answerShape.safeParse(json);
  if (!parsed.success) throw new BadAnswerError('the answer does not have the expected shape');

  const sources = new Map(segments.map((s) => [s.id, s.text]));
  const texts = new Map<string, string>();
  for (const { id, text } of parsed.data.translations) {
    if (!sources.has(id)) throw new BadAnswerError(`unknown id ${JSON.stringify(id)}`);
    if (texts.has(id)) throw new BadAnswerError(`id ${JSON.stringify(id)} twice`);
    texts.set(id, clean(text));
  }
  const missing = segments.filter((s) => !texts.has(s.id));
  if (missing.length > 0) {
    throw new BadAnswerError(`${missing.length} segment(s) missing from the answer`);
  }
  const translations = new Map<string, string>();
  const rejected = new Map<string, string>();
  for (const [id, text] of texts) {
    const problem = segmentProblem(sources.get(id) ?? '', text, languages);
    if (problem === undefined) translations.set(id, text);
    else rejected.set(id, problem);
  }
  // fromEntries defines own properties: an id such as "__proto__" stays a plain key.
  return { translations: Object.fromEntries(translations), rejected: Object.fromEntries(rejected) };
}

/** Links, tags and other markup a translation may only carry when its source has them. */
const MARKUP: readonly [string, RegExp][] = [
  ['a tag', /<[a-z!?/]/i],
  ['an HTML entity', /&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]{1,31});/i],
  ['a markdown link', /\]\(/],
  ['markdown', /\*\*|`|^\s{0,3}#{1,6}\s/m],
  ['a web address', /\b(?:https?|ftp):|\bwww\./i],
  ['a script address', /\b(?:javascript|vbscript|file):|\bdata:[a-z]+\//i],
  ['an e-mail address', /[\p{L}\d._%+-]+@[\p{L}\d-]+\.\p{L}{2,}/u],
  [
    'a domain name',
    /\b[a-z0-9-]{2,}\.(?:com|net|org|info|biz|io|co|me|ly|app|dev|xyz|top|site|online|ru|cn|tk)\b/i,
  ],
];

/**
 * Below this many estimated tokens of source, the lower length bound is not checked: a short
 * label may legitimately become one word.
 */
const SHORT_SOURCE_TOKENS = 12;

/** A copy of the source is only suspicious from this many words of letters on. */
const COPY_WORDS = 5;

/**
 * Why a segment's translation cannot be stored, or undefined when it can: empty,
 * `[!` `!]` markers changed, the source copied unchanged, a length far from the source's, a
 * link, tag or markup the source does not have, a number of the source missing, or a text in
 * another language than the target (language-check.ts).
 */
export function segmentProblem(
  source: string,
  text: string,
  languages: AnswerLanguages,
): string | undefined {
  if (text.trim() === '') return 'empty';
  for (const marker of ['[!', '!]']) {
    if (count(text, marker) !== count(source, marker)) return `markers ${marker} changed`;
  }
  if (copied(source, text, languages)) return 'the source copied';
  // Estimated tokens, not characters: a Chinese translation of French text is a third as many
  // characters, about as many tokens.
  const from = estimateTokens(source);
  const to = estimateTokens(text);
  if (to > 4 * from + 32) return 'far longer than its source';
  if (from >= SHORT_SOURCE_TOKENS && to * 4 < from) return 'far shorter than its source';
  for (const [what, pattern] of MARKUP) {
    if (pattern.test(text) && !pattern.test(source)) return `${what} absent from the source`;
  }
  if (!numbersKept(source, text)) return 'a number of the source missing';
  // Last, the dearest: in the language asked for (language-check.ts; its reason starts with
  // jobs.ts's WRONG_LANGUAGE, so a text refused twice for it is flagged `language`).
  if (languages.checkLanguage === false) return undefined;
  return wrongLanguage(source, text, languages.targetLang);
}

const blank = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The source given back as its own translation. Names, numbers, short labels and a word that
 * two languages spell alike stay the same legitimately: only a text of several words (or
 * Chinese or Japanese characters) into another language is suspicious.
 */
function copied(source: string, text: string, { sourceLang, targetLang }: AnswerLanguages) {
  if (blank(source) !== blank(text) || sameLanguage(sourceLang, targetLang)) return false;
  const words = source.split(/\s+/).filter((w) => (w.match(/\p{L}/gu)?.length ?? 0) >= 2).length;
  const ideographs = source.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu);
  return words + Math.floor((ideographs?.length ?? 0) / 2) >= COPY_WORDS;
}

const DIGIT = /\p{Nd}/u;
const digitValues = new Map<string, string>();

/**
 * The ASCII digit of any decimal digit ('٣', '३', '３' → '3'). Unicode's decimal digits come in
 * runs of whole 0–9 sequences, so a digit's value is its distance from the start of its run.
 */
function asciiDigit(ch: string): string {
  const known = digitValues.get(ch);
  if (known !== undefined) return known;
  const code = ch.codePointAt(0) ?? 0;
  let start = code;
  while (start > 0 && DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
  const value = String((code - start) % 10);
  digitValues.set(ch, value);
  return value;
}

/**
 * A number: digit groups joined by one separator of the world's locales ('1,500', '1 500',
 * '1.500', '2,5', '١٬٥٠٠', '14.07.1789').
 */
const NUMBER = /\d+(?:[.,'’\u066b\u066c \u00a0\u202f\u2009]\d+)*/g;

const canonical = (digits: string) => digits.replace(/^0+/, '').replace(/0+$/, '');

export interface WrittenNumber {
  /** Its digits without separators, leading or trailing zeros. */
  value: string;
  /** The same of each group of digits ('14.07.1789' → 14, 7, 1789). */
  groups: string[];
  /** Digits written. */
  digits: number;
}

/**
 * The numbers of a text, compared without separators, leading or trailing zeros: '1,500',
 * '1 500' and '1.500' are one number, '2,50' and '2.5' too, and so are '1 500 000' and '150万'.
 */
export function numbersOf(text: string): WrittenNumber[] {
  const ascii = text.replace(/\p{Nd}/gu, asciiDigit);
  return [...ascii.matchAll(NUMBER)].map(([match]) => {
    const groups = match.match(/\d+/g) ?? [];
    const digits = groups.join('');
    return { value: canonical(digits), groups: groups.map(canonical), digits: digits.length };
  });
}

/**
 * Every number of two digits or more in the source is in the text: whole, or group by group
 * ('14.07.1789' → '07/14/1789', 'en 1850 200 navires' → 'in 1850, 200 ships'). Numbers may be
 * added (a month written as a number) and a single digit may be spelled out.
 */
function numbersKept(source: string, text: string): boolean {
  const written = numbersOf(text);
  const values = new Set(written.flatMap((n) => [n.value, ...n.groups]));
  return numbersOf(source).every(
    (n) => n.digits < 2 || values.has(n.value) || n.groups.every((g) => values.has(g)),
  );
}
