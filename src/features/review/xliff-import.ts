import { matchTag } from '../languages/negotiate.ts';
import { supportedLanguage } from '../languages/catalogue.ts';
import type { CheckedEntry } from '../translation/checked.ts';
import { museumText, type ReviewSegment } from './schema.ts';
import { articleOfOriginal } from './xliff.ts';
import { invalidXliff, type XliffFile, type XliffUnit } from './xliff-read.ts';

/**
 * The checks of a translator's XLIFF file read back, before anything is saved: pure, no database.
 * xliff-service.ts finds the article's texts and saves what these checks let through.
 */

/** What an import did in one language: texts now checked, checked against an older original, left. */
export interface ImportCounts {
  lang: string;
  /** Saved against the article's current text: `reviewed`. */
  imported: number;
  /** Saved against the older text the file holds: `stale` (translated from a text since changed). */
  stale: number;
  /** Not saved: no target, a target the tool marks untranslated, or one left as Legenda wrote it. */
  skipped: number;
}

/** A checked text to save, in its language. */
export type ImportEntry = CheckedEntry & { language: string };

/** Target states that say the tool holds no translation yet (a copy of the source, or nothing). */
const UNTRANSLATED = new Set(['new', 'needs-translation']);
/** Target states that say nobody confirmed the text since it was written out. */
const UNCONFIRMED = new Set([
  'needs-adaptation',
  'needs-l10n',
  'needs-review-adaptation',
  'needs-review-l10n',
  'needs-review-translation',
]);

const sameText = (a: string, b: string) => a.trimEnd() === b.trimEnd();

/** The language Legenda offers that a <file>'s target-language names; refused otherwise. */
function targetLanguage(file: XliffFile): string {
  const code = (file.targetLanguage ?? '').trim().slice(0, 35);
  const lang = supportedLanguage(code) ?? (code ? matchTag(code) : undefined);
  if (!lang) {
    throw invalidXliff(
      'language',
      code
        ? `target-language ${code} is not a language Legenda offers.`
        : 'A <file> has no target-language.',
      { lang: code },
    );
  }
  return lang;
}

/**
 * The one article of Legenda's the files are about, and their units by language: refused before
 * the database is asked when a file names no article, several articles, or a language not offered.
 */
export function filesByLanguage(files: readonly XliffFile[]): {
  articleId: number;
  byLanguage: Map<string, XliffUnit[]>;
} {
  const articles = new Set<number>();
  const byLanguage = new Map<string, XliffUnit[]>();
  for (const file of files) {
    const articleId = articleOfOriginal(file.original);
    if (articleId === undefined) {
      throw invalidXliff(
        'original',
        `<file original="${file.original.slice(0, 80)}"> does not name a Legenda article: import a file exported from Legenda.`,
      );
    }
    articles.add(articleId);
    const lang = targetLanguage(file);
    byLanguage.set(lang, [...(byLanguage.get(lang) ?? []), ...file.units]);
  }
  if (articles.size > 1) {
    throw invalidXliff('articles', 'The XLIFF file holds several articles: import one at a time.');
  }
  const [articleId] = [...articles] as [number];
  return { articleId, byLanguage };
}

/**
 * True when the unit's target is not the museum's word: no target, one the tool marks
 * untranslated, one left as Legenda wrote it and not confirmed by the translator, or a reviewed
 * text sent back unchanged against the same source.
 */
function skipped(unit: XliffUnit, segment: ReviewSegment): boolean {
  const target = unit.target;
  if (target === null || target.trim() === '' || UNTRANSLATED.has(unit.state ?? '')) return true;
  const unconfirmed =
    !unit.approved && (UNCONFIRMED.has(unit.state ?? '') || unit.qualifier === 'mt-suggestion');
  const unchanged = segment.text !== null && sameText(target, segment.text);
  const source = unit.source;
  return (
    (unconfirmed && unchanged) ||
    (segment.state === 'reviewed' &&
      unchanged &&
      source !== null &&
      sameText(source, segment.source))
  );
}

/** The text to save for a unit that is not skipped; refused when its target or source is unusable. */
function entryOf(unit: XliffUnit, segment: ReviewSegment, lang: string): ImportEntry {
  const target = unit.target ?? '';
  const text = museumText.safeParse(target);
  if (!text.success || /\p{Cs}/u.test(target)) {
    const why = text.success ? 'must be whole characters' : text.error.issues[0]?.message;
    throw invalidXliff('text', `trans-unit ${unit.id} (${lang}): the target ${why}.`, {
      segment: unit.id,
      lang,
    });
  }
  const source = unit.source;
  if (source === null || !museumText.safeParse(source).success || /\p{Cs}/u.test(source)) {
    throw invalidXliff(
      'source',
      `trans-unit ${unit.id} (${lang}) has no usable <source>: Legenda must know which text was translated.`,
      { segment: unit.id, lang },
    );
  }
  const upToDate = sameText(source, segment.source);
  return {
    language: lang,
    ref: segment.id,
    source: upToDate ? segment.source : source,
    text: text.data,
  };
}

/**
 * One language's units checked against the article's texts now: every unit a text of the article,
 * once, every target a text Legenda takes. Returns what to save and the language's counts.
 */
export function checkUnits(
  lang: string,
  units: readonly XliffUnit[],
  segments: readonly ReviewSegment[],
): { entries: ImportEntry[]; count: ImportCounts } {
  const current = new Map(segments.map((s) => [s.id, s]));
  const seen = new Set<string>();
  const entries: ImportEntry[] = [];
  const count: ImportCounts = { lang, imported: 0, stale: 0, skipped: 0 };
  for (const unit of units) {
    if (seen.has(unit.id)) {
      throw invalidXliff('duplicate', `trans-unit ${unit.id} appears twice in ${lang}.`, {
        segment: unit.id.slice(0, 80),
        lang,
      });
    }
    seen.add(unit.id);
    const segment = current.get(unit.id);
    if (!segment) {
      throw invalidXliff(
        'segment',
        `trans-unit ${unit.id.slice(0, 80)} is not a text of this article (it was deleted, or the file is of another article). Export the file again.`,
        { segment: unit.id.slice(0, 80), lang },
      );
    }
    if (skipped(unit, segment)) {
      count.skipped += 1;
      continue;
    }
    const entry = entryOf(unit, segment, lang);
    entries.push(entry);
    if (entry.source === segment.source) count.imported += 1;
    else count.stale += 1;
  }
  return { entries, count };
}
