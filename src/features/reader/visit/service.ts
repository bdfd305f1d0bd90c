import { readContent, type ArticleContent } from '../../articles/content.ts';
import { isOffered, offeredSuggestions } from '../../languages/offered.ts';
import { sameLanguage } from '../../languages/catalogue.ts';
import { suggestedLanguages } from '../../languages/negotiate.ts';
import { memoryBackoff } from '../../translation/failures.ts';
import { noteLanguage } from '../render/strings.ts';
import type { PageName, VisitorLang } from '../checked.ts';
import { DEFAULT_SPEECH, preferredVoice } from '../speech/speech.ts';
import { ORIGINAL_NOTES } from './engine-gate.ts';
import type { PageCount } from './page-cache.ts';
import { translatedVisit } from './translated.ts';
import {
  circuitOf,
  jobOf,
  visitArticle,
  type ArticleRow,
  type Showing,
  type Visiting,
} from './visiting.ts';
import type { ReadableArticle, ReaderDeps, Visit, VisitRequest } from './visit-types.ts';

/**
 * How long a visitor waits for a whole first translation (a page kept and sent whole) before the
 * page is sent as it is translated, first screen first.
 */
export const FIRST_WAIT_MS = 1_000;

/**
 * The article in a language from what is stored (no engine call), or undefined: no such
 * article or language. Its blocks with a text not in that language (not translated yet, or
 * refused) are `silent`: the server's voice reads only what the page shows in the language.
 */
async function readable(
  visiting: Visiting,
  name: PageName,
  lang: VisitorLang,
): Promise<ReadableArticle | undefined> {
  const { deps } = visiting;
  const row = await deps.repo.findByName(name);
  // Read aloud reads what visitors read: nothing of an article not published.
  if (!row?.publishedAt || !isOffered(lang, row.visitorLanguages, row.language)) return undefined;
  const article = visitArticle(row);
  const content = readContent(row.content, row.name);
  const generation = row.translationGeneration;
  if (sameLanguage(lang, row.language)) {
    return { article, generation, content, lang, silent: new Set() };
  }
  const stored = (await deps.translator.open(await jobOf(visiting, row, content, lang))).stored();
  const silent = new Set(stored.sourceBlocks);
  return { article, generation, content: stored.content, lang, silent };
}

/**
 * The language picker, in the visitor's words; `notOffered`: the language asked for, which the
 * museum does not offer (it starts nothing: the picker says so).
 */
function pickerVisit(
  request: VisitRequest,
  row: ArticleRow,
  content: ArticleContent,
  suggested: string[],
  notOffered: VisitorLang | undefined,
): Visit {
  const offered = row.visitorLanguages ?? undefined;
  return {
    kind: 'picker',
    article: visitArticle(row),
    content,
    uiLang: notOffered ? noteLanguage(notOffered, suggested) : (suggested[0] ?? row.language),
    suggested: offered ? offeredSuggestions(request.acceptLanguage, offered) : suggested,
    offered,
    notOffered,
  };
}

/** The article page in `lang`, ready to show a text: counts, circuit and speech settled. */
function showing(
  visiting: Visiting,
  request: VisitRequest,
  { row, content, lang }: Pick<Showing, 'row' | 'content' | 'lang'>,
  suggested: string[],
): Showing {
  const { deps } = visiting;
  const article = visitArticle(row);
  // What one showing counts: the page's count request says it (render/links.ts seenHref).
  const count: PageCount = request.ignoreStats
    ? undefined
    : { museumId: row.museumId, timeZone: row.timeZone, articleId: row.id, language: lang };
  const show: Showing['show'] = async (shown, shownLang, note, silent = []) => {
    // The original shown instead: our words in the visitor's language, not the article's.
    const uiLang = note && ORIGINAL_NOTES.has(note) ? noteLanguage(lang, suggested) : shownLang;
    const circuit = request.circuit
      ? await circuitOf(visiting, request.circuit, row, lang)
      : undefined;
    const speech =
      shownLang === lang || sameLanguage(shownLang, lang)
        ? {
            voice: preferredVoice(row.speech ?? DEFAULT_SPEECH, lang),
            server: deps.speechEngine === true,
            silent,
          }
        : undefined;
    return {
      circuit,
      speech,
      kind: 'article',
      article,
      content: shown,
      lang: shownLang,
      requested: lang,
      note,
      uiLang,
      count,
    };
  };
  return { row, article, content, lang, count, show };
}

/**
 * The article as this request may read it: its draft for staff of its museum asking
 * `preview=draft` (the published version when it has none), else the published version, or
 * undefined when visitors cannot read it yet (docs/adr/0028-drafts-and-revisions.md).
 */
async function previewed(
  { deps }: Visiting,
  request: VisitRequest,
  row: ArticleRow,
): Promise<ArticleRow | undefined> {
  const staff = request.draft && request.staffMuseum && (await request.staffMuseum());
  if (staff !== row.museumId) return row.publishedAt ? row : undefined;
  const draft = await deps.repo.findDraft(row.id);
  if (!draft) return row;
  return { ...row, content: draft.content, instructions: draft.instructions, fromDraft: true };
}

/**
 * What a visitor page shows: 404, the picker, the article in the language asked for (stored,
 * or translated now), or the original and why.
 */
async function visit(visiting: Visiting, request: VisitRequest): Promise<Visit> {
  const suggested = suggestedLanguages(request.acceptLanguage);
  const found = await visiting.deps.repo.findByName(request.name);
  const uiLang = request.lang ?? suggested[0] ?? 'fr';
  if (!found) return { kind: 'notFound', uiLang };
  const row = await previewed(visiting, request, found);
  if (!row) return { kind: 'notYet', uiLang };
  const content = readContent(row.content, row.name);
  const { lang } = request;
  const notOffered = lang && !isOffered(lang, row.visitorLanguages, row.language) ? lang : '';
  if (request.choose || request.query !== undefined || !lang || notOffered) {
    return pickerVisit(request, row, content, suggested, notOffered || undefined);
  }
  const page = showing(visiting, request, { row, content, lang }, suggested);
  if (sameLanguage(page.lang, row.language)) return page.show(content, row.language, undefined);
  return translatedVisit(visiting, request, page);
}

/**
 * The visitor page's decisions: which page to show, whether the engine is needed, when to send
 * a first translation as it is made, and what to count.
 */
export function readerService(deps: ReaderDeps) {
  const visiting: Visiting = {
    deps,
    firstWait: deps.firstWaitMs ?? FIRST_WAIT_MS,
    backoff: deps.backoff ?? memoryBackoff(),
  };
  return {
    readable: (name: PageName, lang: VisitorLang) => readable(visiting, name, lang),
    visit: (request: VisitRequest) => visit(visiting, request),
  };
}

export type ReaderService = ReturnType<typeof readerService>;
