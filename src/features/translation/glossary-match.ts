/**
 * The museum's glossary as the translator sees it (ADR 0015): which entries a text
 * holds, and whether a translation followed them. The glossary feature owns the entries; the
 * caller gives them here as plain data, each with its preferred translation in the target
 * language only.
 */

/** One glossary entry, for one target language. */
export interface GlossaryTerm {
  term: string;
  /** What the term is, for the engine ('a frigate launched in 1779'); may be ''. */
  note: string;
  /** Names of people, ships, artworks: written exactly as in the source. */
  doNotTranslate: boolean;
  /** The museum's preferred translation in the target language, if it gave one. */
  translation?: string | undefined;
}

/**
 * An entry sent with a segment whose text holds its term: only what decides the translation
 * (the segment's memory key holds exactly this). `missed` marks, on a retry, an entry the
 * previous answer did not follow; it is not part of the key.
 */
export interface GlossaryHint {
  term: string;
  note?: string;
  doNotTranslate?: true;
  translation?: string;
  missed?: true;
}

/** Scripts written without spaces between words: a term in them matches inside a run of text. */
const UNSPACED_SCRIPTS = [
  'Han',
  'Hiragana',
  'Katakana',
  'Thai',
  'Lao',
  'Khmer',
  'Myanmar',
  'Tibetan',
]
  .map((script) => `\\p{Script=${script}}`)
  .join('');
/** A letter, number or mark of a script written with spaces: what a word edge may not touch. */
const SPACED_WORD = `[[\\p{L}\\p{N}\\p{M}]--[${UNSPACED_SCRIPTS}]]`;
const spacedWord = new RegExp(SPACED_WORD, 'v');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `[!` and `!]` (italics) are not text: a term inside or beside them still matches. */
const plain = (text: string) => text.normalize('NFC').replaceAll('[!', '').replaceAll('!]', '');

/** The term's words, any run of spaces between them, as a pattern's source. */
function termBody(term: string): { body: string; chars: string[] } | undefined {
  const words = plain(term).trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return undefined;
  return { body: words.map(escape).join('\\s+'), chars: [...words.join(' ')] };
}

/**
 * The regular expression of a term: as a whole word or phrase, case-insensitive with `i`
 * (Unicode case folding), its inner spaces matching any run of white space. Where the term
 * begins or ends with a letter or number of a script written with spaces, the text's character
 * beside it must not be one ('Hermione' is not in 'Hermiones'; 'Louvre' is in 'ルーヴルLouvre美術館');
 * a Chinese, Japanese or Thai term matches inside a run of text.
 */
function termPattern(term: string, flags: string): RegExp | undefined {
  const parts = termBody(term);
  if (!parts) return undefined;
  const { body, chars } = parts;
  const before = spacedWord.test(chars[0] ?? '') ? `(?<!${SPACED_WORD})` : '';
  const after = spacedWord.test(chars.at(-1) ?? '') ? `(?!${SPACED_WORD})` : '';
  return new RegExp(`${before}${body}${after}`, flags);
}

interface CompiledTerm {
  /**
   * The words alone, without the word-boundary checks: tried first, since it is some twenty
   * times quicker than `find` (whose look-arounds test Unicode classes case-insensitively) and
   * a text `find` matches always holds them. A glossary of 2,000 terms tests every text 2,000
   * times at each recount of the museum's texts.
   */
  near: RegExp;
  /**
   * Case-insensitive: does a text hold the term. Made at its first use: its Unicode classes
   * take V8 milliseconds to compile, seconds for a glossary whose terms no text holds.
   */
  find: () => RegExp | undefined;
  /** What goes with a segment that holds it. */
  hint: GlossaryHint;
}

export interface GlossaryMatcher {
  /** The entries whose term the text holds, sorted by term (the order is part of the key). */
  match(text: string): GlossaryHint[];
}

const NONE: GlossaryMatcher = { match: () => [] };

/** Compiled once per glossary array: the callers keep one array per museum and language. */
const compiled = new WeakMap<readonly GlossaryTerm[], GlossaryMatcher>();

/** How many whole-word patterns matchers have made (tests: a matcher makes only those it needs). */
export const termPatterns = { made: 0 };

/** The matcher of a glossary (none: every text matches nothing). */
export function glossaryMatcher(glossary: readonly GlossaryTerm[] | undefined): GlossaryMatcher {
  if (!glossary || glossary.length === 0) return NONE;
  const known = compiled.get(glossary);
  if (known) return known;
  const terms: CompiledTerm[] = [];
  for (const entry of glossary) {
    const near = termBody(entry.term);
    if (!near) continue;
    let made: RegExp | undefined;
    const find = () => {
      if (made) return made;
      termPatterns.made++;
      return (made = termPattern(entry.term, 'iv'));
    };
    const hint: GlossaryHint = { term: entry.term };
    if (entry.note.trim()) hint.note = entry.note.trim();
    if (entry.doNotTranslate) hint.doNotTranslate = true;
    // A 'do not translate' term has no translation to prefer: it stays as written.
    else if (entry.translation?.trim()) hint.translation = entry.translation.trim();
    // An entry with nothing to say (no note, translation or 'do not translate') is not sent.
    if (hint.note === undefined && !hint.doNotTranslate && hint.translation === undefined) continue;
    terms.push({ near: new RegExp(near.body, 'iv'), find, hint });
  }
  terms.sort((a, b) => (a.hint.term < b.hint.term ? -1 : a.hint.term > b.hint.term ? 1 : 0));
  const matcher: GlossaryMatcher = {
    match(text) {
      if (terms.length === 0) return [];
      const seen = plain(text);
      return terms
        .filter((t) => t.near.test(seen) && t.find()?.test(seen) === true)
        .map((t) => t.hint);
    },
  };
  compiled.set(glossary, matcher);
  return matcher;
}

/**
 * Whether a translation followed an entry of its source's glossary hints:
 * - 'do not translate': the term is in the translation as a whole word, written exactly as the
 *   source writes it (case-sensitive: 'Hermione', not 'hermione' nor 'Hermíone'); a source that
 *   writes it in several ways is followed by any of them;
 * - a preferred translation: it is in the translation as a whole word or phrase, case-insensitive
 *   (it may start a sentence);
 * - a note alone: nothing to check.
 */
export function followed(hint: GlossaryHint, source: string, translation: string): boolean {
  const target = plain(translation);
  if (hint.doNotTranslate) {
    const find = termPattern(hint.term, 'giv');
    if (!find) return true;
    const forms = new Set([...plain(source).matchAll(find)].map((m) => m[0]));
    // The source no longer holds it (cannot happen for a matched hint): nothing to check.
    if (forms.size === 0) return true;
    for (const form of forms) {
      if (termPattern(form, 'v')?.test(target)) return true;
    }
    return false;
  }
  if (hint.translation !== undefined) {
    return termPattern(hint.translation, 'iv')?.test(target) ?? true;
  }
  return true;
}

/** The hints of a segment its translation did not follow. */
export function unfollowed(
  hints: readonly GlossaryHint[] | undefined,
  source: string,
  translation: string,
): GlossaryHint[] {
  return (hints ?? []).filter((h) => !followed(h, source, translation));
}

/** The hints as they go into a segment's memory key: only what decides its translation. */
export const keyOfHints = (hints: readonly GlossaryHint[]) =>
  hints.map((h) => [h.term, h.note ?? '', h.doNotTranslate === true, h.translation ?? '']);
