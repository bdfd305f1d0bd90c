import { eq } from 'drizzle-orm';
import type { BlobStore } from '../../server/blobs/store.ts';
import type { Database } from '../../server/db/handle.ts';
import { checkedTranslations, translationStatus } from '../../server/db/schema.ts';
import { ApiError, notFound } from '../../server/http/errors.ts';
import type { EditorRepo } from '../articles/repo.ts';
import { LANGUAGES } from '../languages/catalogue.ts';
import { translationsPrefix } from '../translation/memory.ts';
import type { ReviewDocument, ReviewSegment } from './schema.ts';
import type { Reviewer, ReviewService } from './service.ts';
import { buildXliff } from './xliff.ts';
import { invalidXliff, type XliffFile } from './xliff-read.ts';
import {
  checkUnits,
  filesByLanguage,
  type ImportCounts,
  type ImportEntry,
} from './xliff-import.ts';

export interface ImportAnswer {
  articleId: number;
  languages: ImportCounts[];
  imported: number;
  stale: number;
  skipped: number;
}

/** The document in `lang`; the museum's own language refused as `ownLanguage` says. */
async function document(
  review: ReviewService,
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
async function preparedLanguages(
  deps: { db: Database; blobs: BlobStore },
  articleId: number,
  generation: number,
): Promise<string[]> {
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

/** The name an export is saved under: the article's url, then its languages. */
function exportName(
  row: { id: number; name: string },
  langs: readonly string[] | null,
  first: string,
): string {
  const suffix = langs?.length === 1 ? first : langs ? langs.join('_') : 'all';
  const base = row.name.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 100) || `article-${row.id}`;
  return `${base}.${suffix}.xlf`;
}

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
      const wanted = langs ?? (await preparedLanguages(deps, articleId, row.translationGeneration));
      const languages: { lang: string; segments: ReviewSegment[] }[] = [];
      let sourceLang: string | undefined;
      for (const lang of wanted) {
        const doc = await document(review, museumId, articleId, lang, () =>
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
      return {
        filename: exportName(row, langs, languages[0]!.lang),
        body: buildXliff({ articleId, sourceLang, languages }),
      };
    },

    /**
     * A translator's file, read back: every target becomes the museum's checked text, saved
     * against the source the file holds (an older one shows as stale). Everything is checked
     * before anything is saved; one refusal changes nothing.
     */
    async importXliff(who: Reviewer, files: readonly XliffFile[]): Promise<ImportAnswer> {
      // One article of Legenda's, languages it offers: refused before the database is asked.
      const { articleId, byLanguage } = filesByLanguage(files);
      // Every unit a text of the article now, every target a text Legenda takes.
      const entries: ImportEntry[] = [];
      const counts: ImportCounts[] = [];
      for (const [lang, units] of byLanguage) {
        const doc = await document(review, who.museumId, articleId, lang, () =>
          invalidXliff(
            'same_language',
            `target-language ${lang} is the article’s own language: there is nothing to translate into it.`,
            { lang },
          ),
        );
        const checked = checkUnits(lang, units, doc!.segments);
        entries.push(...checked.entries);
        counts.push(checked.count);
      }
      // All or none.
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
