import { eq } from 'drizzle-orm';
import type { BlobStore } from '../../server/blobs.ts';
import type { Database } from '../../server/db/index.ts';
import { checkedTranslations, translationStatus } from '../../server/db/schema.ts';
import { ApiError, notFound } from '../../server/http/errors.ts';
import type { EditorRepo } from '../articles/repo.ts';
import { LANGUAGES, matchTag, supportedLanguage } from '../languages/index.ts';
import type { CheckedEntry } from '../translation/checked.ts';
import { translationsPrefix } from '../translation/memory.ts';
import { museumText, type ReviewDocument, type ReviewSegment } from './schema.ts';
import type { Reviewer, ReviewService } from './service.ts';
import { articleOfOriginal, buildXliff } from './xliff.ts';
import { invalidXliff, type XliffFile } from './xliff-read.ts';

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

export interface ImportAnswer {
  articleId: number;
  languages: ImportCounts[];
  imported: number;
  stale: number;
  skipped: number;
}

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

/**
 * XLIFF 1.2 with human translators (ADR 0014): an article's texts written out in one
 * language or several, and a translator's file read back as the museum's checked translations,
 * all or none. The review service finds the article in the museum and reads and saves the texts.
 */
export function xliffService(deps: {
  review: ReviewService;
  articles: EditorRepo;
  db: Database;
  blobs: BlobStore;
}) {
  const { review } = deps;

  /** The document in `lang`; the museum's own language refused as `ownLanguage` says. */
  async function document(
    museumId: number,
    articleId: number,
    lang: string,
    ownLanguage: () => Error | null,
  ): Promise<ReviewDocument | null> {
    try {
      return await review.segments(museumId, articleId, lang);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'invalid_query') throw error;
      const refused = ownLanguage();
      if (refused) throw refused;
      return null;
    }
  }

  /**
   * The languages the article has been read or prepared in: its translation memory's documents
   * of the current generation, the museum's checked texts, and the status table's rows.
   */
  async function preparedLanguages(articleId: number, generation: number): Promise<string[]> {
    const [keys, checked, status] = await Promise.all([
      deps.blobs.list(translationsPrefix(articleId)),
      deps.db
        .selectDistinct({ language: checkedTranslations.language })
        .from(checkedTranslations)
        .where(eq(checkedTranslations.articleId, articleId)),
      deps.db
        .select({ language: translationStatus.language })
        .from(translationStatus)
        .where(eq(translationStatus.articleId, articleId)),
    ]);
    const found = new Set<string>();
    for (const key of keys) {
      const match = /(?:^|\/)(\d+)-([^/]+)$/.exec(key);
      if (match && Number(match[1]) === generation) found.add(match[2]!);
    }
    for (const row of [...checked, ...status]) found.add(row.language);
    // The catalogue's order, so one article's export lists its languages the same way each time.
    return LANGUAGES.filter((code) => found.has(code));
  }

  return {
    /**
     * The XLIFF document of one article in `langs` (null: every language it has been read or
     * prepared in), and the file name to save it under.
     */
    async exportXliff(
      museumId: number,
      articleId: number,
      langs: readonly string[] | null,
    ): Promise<{ filename: string; body: string }> {
      const row = await deps.articles.find(museumId, articleId);
      if (!row) throw notFound('No such article in your museum.');
      const wanted = langs ?? (await preparedLanguages(articleId, row.translationGeneration));
      const languages: { lang: string; segments: ReviewSegment[] }[] = [];
      let sourceLang: string | undefined;
      for (const lang of wanted) {
        const doc = await document(museumId, articleId, lang, () =>
          // Named: the museum's own language has nothing to translate. Found: skipped.
          langs
            ? new ApiError(
                422,
                'invalid_query',
                `${lang} is the article’s own language: nothing to translate.`,
                { details: { field: 'lang', reason: 'own' } },
              )
            : null,
        );
        if (!doc) continue;
        sourceLang = doc.sourceLang;
        languages.push({ lang: doc.lang, segments: doc.segments });
      }
      if (languages.length === 0 || sourceLang === undefined) {
        throw new ApiError(
          422,
          'invalid_query',
          'This article has not been read or prepared in any language yet: name one with lang.',
          { details: { field: 'lang', reason: 'none' } },
        );
      }
      const suffix = langs?.length === 1 ? languages[0]!.lang : langs ? langs.join('_') : 'all';
      const base = row.name.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 100) || `article-${row.id}`;
      return {
        filename: `${base}.${suffix}.xlf`,
        body: buildXliff({ articleId, sourceLang, languages }),
      };
    },

    /**
     * A translator's file, read back: every target becomes the museum's checked text, saved
     * against the source the file holds (an older one shows as stale). Everything is checked
     * before anything is saved; one refusal changes nothing.
     */
    async importXliff(who: Reviewer, files: readonly XliffFile[]): Promise<ImportAnswer> {
      // 1. One article of Legenda's, languages it offers: refused before the database is asked.
      const articles = new Set<number>();
      const byLanguage = new Map<string, XliffFile['units']>();
      for (const file of files) {
        const articleId = articleOfOriginal(file.original);
        if (articleId === undefined) {
          throw invalidXliff(
            'original',
            `<file original="${file.original.slice(0, 80)}"> does not name a Legenda article: import a file exported from Legenda.`,
          );
        }
        articles.add(articleId);
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
        byLanguage.set(lang, [...(byLanguage.get(lang) ?? []), ...file.units]);
      }
      if (articles.size > 1) {
        throw invalidXliff(
          'articles',
          'The XLIFF file holds several articles: import one at a time.',
        );
      }
      const [articleId] = [...articles] as [number];

      // 2. Every unit a text of the article now, every target a text Legenda takes.
      const entries: (CheckedEntry & { language: string })[] = [];
      const counts: ImportCounts[] = [];
      for (const [lang, units] of byLanguage) {
        const doc = await document(who.museumId, articleId, lang, () =>
          invalidXliff(
            'same_language',
            `target-language ${lang} is the article’s own language: there is nothing to translate into it.`,
            { lang },
          ),
        );
        const current = new Map(doc!.segments.map((s) => [s.id, s]));
        const seen = new Set<string>();
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
          const target = unit.target;
          if (target === null || target.trim() === '' || UNTRANSLATED.has(unit.state ?? '')) {
            count.skipped += 1;
            continue;
          }
          // Left as Legenda wrote it and not confirmed by the translator: not the museum's word.
          const unconfirmed =
            !unit.approved &&
            (UNCONFIRMED.has(unit.state ?? '') || unit.qualifier === 'mt-suggestion');
          const unchanged = segment.text !== null && sameText(target, segment.text);
          const source = unit.source;
          if (
            (unconfirmed && unchanged) ||
            (segment.state === 'reviewed' &&
              unchanged &&
              source !== null &&
              sameText(source, segment.source))
          ) {
            count.skipped += 1;
            continue;
          }
          const text = museumText.safeParse(target);
          if (!text.success || /\p{Cs}/u.test(target)) {
            const why = text.success ? 'must be whole characters' : text.error.issues[0]?.message;
            throw invalidXliff('text', `trans-unit ${unit.id} (${lang}): the target ${why}.`, {
              segment: unit.id,
              lang,
            });
          }
          if (source === null || !museumText.safeParse(source).success || /\p{Cs}/u.test(source)) {
            throw invalidXliff(
              'source',
              `trans-unit ${unit.id} (${lang}) has no usable <source>: Legenda must know which text was translated.`,
              { segment: unit.id, lang },
            );
          }
          const upToDate = sameText(source, segment.source);
          entries.push({
            language: lang,
            ref: segment.id,
            source: upToDate ? segment.source : source,
            text: text.data,
          });
          if (upToDate) count.imported += 1;
          else count.stale += 1;
        }
        counts.push(count);
      }

      // 3. All or none.
      await review.saveChecked(who, articleId, entries);
      const total = (key: 'imported' | 'stale' | 'skipped') =>
        counts.reduce((sum, c) => sum + c[key], 0);
      return {
        articleId,
        languages: counts,
        imported: total('imported'),
        stale: total('stale'),
        skipped: total('skipped'),
      };
    },
  };
}

export type XliffService = ReturnType<typeof xliffService>;
