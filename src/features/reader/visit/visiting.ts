import type { ArticleContent } from '../../articles/content.ts';
import type { EditorRepo } from '../../articles/repo.ts';
import type { BackoffStore } from '../../translation/failures.ts';
import type { ArticleRequest, TranslationResult } from '../../translation/translator-types.ts';
import type { CircuitTexts } from '../circuit/circuit-types.ts';
import type { PageName, VisitorLang } from '../checked.ts';
import type { VisitorNote } from '../render/note-view.ts';
import type { PageCount } from './page-cache.ts';
import type { ReaderDeps, Visit, VisitArticle } from './visit-types.ts';

/** What the article page's decisions (service.ts, translated.ts) share. */

/** What every visit works with: the service's dependencies and its settled options. */
export interface Visiting {
  deps: ReaderDeps;
  firstWait: number;
  backoff: BackoffStore;
}

/**
 * An article's row as the repository gives it; `fromDraft`: its draft put in place of the
 * published version, for a staff preview.
 */
export type ArticleRow = NonNullable<Awaited<ReturnType<EditorRepo['findByName']>>> & {
  fromDraft?: boolean;
};

/**
 * An article page being decided: the article, the language asked for, and `show`, which counts
 * the showing and makes the page of a text in a language (the translation, or the original).
 */
export interface Showing {
  row: ArticleRow;
  article: VisitArticle;
  /** The article in its own language. */
  content: ArticleContent;
  lang: VisitorLang;
  count: PageCount;
  show(
    shown: ArticleContent,
    shownLang: string,
    note: VisitorNote['kind'] | undefined,
    /** Blocks shown with a text in the source language (refused): not read aloud. */
    silent?: readonly number[],
  ): Promise<Visit>;
}

/** An article row as a visit names it (its staff title left out: it is a private name). */
export const visitArticle = (row: ArticleRow): VisitArticle => ({
  id: row.id,
  museumId: row.museumId,
  timeZone: row.timeZone,
  name: row.name,
  source: row.language,
});

/** What the page says of its texts: all checked by the museum, some, or none. */
export function noteOf(result: TranslationResult, segments: number): VisitorNote['kind'] {
  if (result.checked > 0 && result.checked === segments) return 'museum';
  return result.checked > 0 ? 'partly' : 'machine';
}

/** The circuit named by the link, if the article is one of its stops (the same museum). */
export async function circuitOf(
  { deps }: Visiting,
  name: PageName,
  row: { id: number; museumId: number },
  lang: string,
): Promise<{ texts: CircuitTexts; index: number } | undefined> {
  const circuit = await deps.circuits?.find(name);
  if (!circuit || circuit.museumId !== row.museumId) return undefined;
  const index = circuit.stops.findIndex((stop) => stop.articleId === row.id);
  if (index < 0) return undefined;
  return { texts: await deps.circuits!.storedTexts(circuit, lang), index };
}

/** The translation of an article into a language, as the page and the speech ask for it. */
export async function jobOf(
  { deps }: Visiting,
  row: ArticleRow,
  content: ArticleContent,
  lang: string,
): Promise<ArticleRequest> {
  // Read together; the glossary only matters to an engine (without one, only checked texts).
  const [checked, glossary] = await Promise.all([
    deps.checked?.read(row.id, lang),
    deps.translator.configured ? deps.glossary?.(row.museumId, lang) : undefined,
  ]);
  return {
    museumId: row.museumId,
    articleId: row.id,
    generation: row.translationGeneration,
    content,
    instructions: row.instructions,
    sourceLang: row.language,
    targetLang: lang,
    checked,
    glossary,
    // A draft's translations join the stored ones, never replacing what visitors read.
    ...(row.fromDraft && { keepOthers: true }),
  };
}
