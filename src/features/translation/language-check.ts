/**
 * Is a machine translation in the language asked for (ADR 0016)? Two checks, both
 * refusing only when they are sure:
 * - the script: a text of enough letters almost none of which are in the target's script (an
 *   English answer for Hindi, Cyrillic for Serbian in Latin letters), for every language of the
 *   catalogue whose script Intl knows;
 * - the language: eld (Efficient Language Detector, its `small` data: 60 languages) names another
 *   language, reliably, with a clear margin over the target's own score, and the two are not close
 *   relatives it confuses. Targets eld does not know are never refused by this check.
 * Words the translation keeps from its source (names, titles in italics, glossary terms written
 * as they are) are left out before either check: a text of names is never refused. The reason
 * starts with WRONG_LANGUAGE (jobs.ts), so the segment is flagged `language`.
 */

/** Below this many letters (after the kept words are left out) nothing is refused. */
export const MIN_LETTERS = 40;

/**
 * The target's own score must be below this share of the best one (eld's scores s turned back
 * into its n-gram ratio s / (1 - s), which keeps the gaps between close scores).
 */
export const SCORE_RATIO = 0.8;

/** A text with less than this share of its letters in the target's script is refused. */
export const MIN_SCRIPT_SHARE = 0.2;

/** The reason's first words: jobs.ts's WRONG_LANGUAGE (kept apart to import no cycle). */
const WRONG_LANGUAGE = 'in another language';

/** The languages eld's data knows, as eld names them (`eld.info()`). */
// prettier-ignore
const ELD_LANGUAGES = new Set([
  'am', 'ar', 'az', 'be', 'bg', 'bn', 'ca', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'eu', 'fa',
  'fi', 'fr', 'gu', 'he', 'hi', 'hr', 'hu', 'hy', 'is', 'it', 'ja', 'ka', 'kn', 'ko', 'ku', 'lo',
  'lt', 'lv', 'ml', 'mr', 'ms', 'nl', 'no', 'or', 'pa', 'pl', 'pt', 'ro', 'ru', 'sk', 'sl', 'sq',
  'sr', 'sv', 'ta', 'te', 'th', 'tl', 'tr', 'uk', 'ur', 'vi', 'yo', 'zh',
]);

/**
 * Catalogue languages eld names otherwise: Norwegian is one `no`, Filipino `tl`, and eld's `ku` is
 * Sorani (Arabic script), the catalogue's `ckb`; the catalogue's `ku` (Kurmanji, Latin) it does not
 * know.
 */
const TO_ELD: Readonly<Record<string, string | null>> = {
  nb: 'no',
  nn: 'no',
  fil: 'tl',
  ckb: 'ku',
  ku: null,
};
const FROM_ELD: Readonly<Record<string, string>> = { no: 'nb', tl: 'fil', ku: 'ckb' };

/**
 * Languages eld confuses on correct texts of 40 letters and more (ADR 0016's measurements):
 * Serbian in Latin letters is read as Croatian, Danish and Norwegian as each other, Marathi as
 * Hindi. An answer in a relative of the target is not refused.
 */
const RELATIVES: readonly ReadonlySet<string>[] = [
  new Set(['hr', 'sr', 'bs']),
  new Set(['no', 'da']),
  new Set(['hi', 'mr']),
];

const related = (a: string, b: string) =>
  a === b || RELATIVES.some((group) => group.has(a) && group.has(b));

/** eld's code for a catalogue language, or undefined when eld cannot identify it. */
export function eldCode(lang: string): string | undefined {
  let base: string;
  try {
    base = new Intl.Locale(lang).language;
  } catch {
    return undefined;
  }
  const mapped = Object.hasOwn(TO_ELD, base) ? TO_ELD[base] : base;
  return mapped && ELD_LANGUAGES.has(mapped) ? mapped : undefined;
}

interface Detector {
  detect(text: string): {
    language: string;
    getScores(): Record<string, number>;
    isReliable(): boolean;
  };
}

let detector: Detector | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads eld's data (about 0.6 s and 50 MB the first time in a process; 460 kB gzipped), once:
 * the engine starts it with its call and waits for it before checking the answer. Until it is
 * loaded, only the script is checked.
 */
export function loadLanguageIdentifier(): Promise<void> {
  loading ??= import('eld/small').then(
    (module) => {
      detector = module.eld;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The scripts a language is written in, as Unicode Script property values. */
const SCRIPTS: Readonly<Record<string, readonly string[]>> = {
  Hans: ['Hani'],
  Hant: ['Hani'],
  Jpan: ['Hani', 'Hira', 'Kana'],
  Kore: ['Hang', 'Hani'],
};

/** Scripts named in the reason when a text is in another one. */
// prettier-ignore
const COMMON_SCRIPTS = [
  'Latn', 'Cyrl', 'Arab', 'Hani', 'Hira', 'Kana', 'Hang', 'Deva', 'Beng', 'Grek', 'Hebr', 'Thai',
  'Ethi', 'Geor', 'Armn', 'Taml', 'Telu', 'Knda', 'Mlym', 'Gujr', 'Guru', 'Orya', 'Sinh', 'Khmr',
  'Laoo', 'Mymr', 'Tibt', 'Thaa',
];

const patterns = new Map<string, RegExp | null>();

/** A pattern for the letters of these scripts, or null when the engine does not know one. */
function scriptPattern(scripts: readonly string[]): RegExp | null {
  const key = scripts.join(',');
  let pattern = patterns.get(key);
  if (pattern === undefined) {
    try {
      pattern = new RegExp(`[${scripts.map((s) => `\\p{Script=${s}}`).join('')}]`, 'gu');
    } catch {
      pattern = null;
    }
    patterns.set(key, pattern);
  }
  return pattern;
}

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

const LETTER = /\p{L}/gu;

/** The scripts the target language is written in, or undefined when Intl does not say. */
function targetScripts(lang: string): readonly string[] | undefined {
  try {
    const script = new Intl.Locale(lang).maximize().script;
    return script ? (SCRIPTS[script] ?? [script]) : undefined;
  } catch {
    return undefined;
  }
}

// Made at its first use: ICU's script names cost a cold start a few milliseconds otherwise.
let scriptNames: Intl.DisplayNames | undefined;
const scriptName = (script: string) =>
  (scriptNames ??= new Intl.DisplayNames(['en'], { type: 'script', fallback: 'code' })).of(script);

/** The script most of a text's letters are in (named in English), among the common ones. */
function mainScript(text: string): string {
  let best = 'another';
  let most = 0;
  for (const script of COMMON_SCRIPTS) {
    const pattern = scriptPattern([script]);
    const n = pattern ? count(text, pattern) : 0;
    if (n > most) {
      most = n;
      best = scriptName(script) ?? script;
    }
  }
  return best;
}

/** Words of letters, with their inner apostrophes and hyphens. */
const WORD = /[\p{L}\p{M}][\p{L}\p{M}'’-]*/gu;
const ITALICS = /\[!([\s\S]*?)!\]/g;

/**
 * The text without what it keeps from its source: italic spans written as in the source, and
 * capitalised words the source has too (names, titles, terms not to translate).
 */
export function ownWords(source: string, text: string): string {
  const sourceWords = new Set(source.match(WORD) ?? []);
  return text
    .replace(ITALICS, (span, inner: string) => (source.includes(inner) ? ' ' : span))
    .replace(WORD, (word) =>
      word[0] !== word[0]?.toLowerCase() && sourceWords.has(word) ? ' ' : word,
    );
}

/** eld's score s back to its n-gram ratio: the gaps between close scores stay apart. */
const ratio = (score: number) => (score >= 1 ? Infinity : score / (1 - score));

/**
 * Why `text` is not a translation into `targetLang`, or undefined when it may be: a reason that
 * starts with `in another language`, naming what it is in. Only a text of MIN_LETTERS letters of
 * its own is judged.
 */
export function wrongLanguage(
  source: string,
  text: string,
  targetLang: string,
): string | undefined {
  const own = ownWords(source, text).normalize('NFC');
  const letters = count(own, LETTER);
  if (letters < MIN_LETTERS) return undefined;

  const scripts = targetScripts(targetLang);
  const pattern = scripts && scriptPattern(scripts);
  if (pattern && count(own, pattern) < MIN_SCRIPT_SHARE * letters) {
    const expected = scripts.map((s) => scriptName(s) ?? s).join(' or ');
    return `${WRONG_LANGUAGE} (${mainScript(own)} script, not ${expected})`;
  }

  const target = eldCode(targetLang);
  if (!detector || !target) return undefined;
  const found = detector.detect(own);
  const best = found.language;
  if (!best || related(best, target) || !found.isReliable()) return undefined;
  const scores = found.getScores();
  if (ratio(scores[target] ?? 0) > SCORE_RATIO * ratio(scores[best] ?? 0)) return undefined;
  return `${WRONG_LANGUAGE} (${FROM_ELD[best] ?? best}, not ${targetLang})`;
}
