import type { VisitorNote } from '../render/page.ts';
import { readContent, type ArticleContent } from '../../articles/content.ts';
import type { EditorRepo } from '../../articles/repo.ts';
import type { PageCount } from './page-cache.ts';
import {
  isOffered,
  offeredSuggestions,
  sameLanguage,
  suggestedLanguages,
  supportedLanguage,
} from '../../languages/index.ts';
import type { ArticleRequest, TranslationResult } from '../../translation/translator.ts';
import { memoryBackoff, reasonOf, waiting } from '../../translation/failures.ts';
import { noteLanguage } from '../render/strings.ts';
import type { CircuitTexts } from '../circuit/circuit.ts';
import { DEFAULT_SPEECH, preferredVoice } from '../speech/speech.ts';
import { heldNote, ORIGINAL_NOTES } from './engine-gate.ts';
import type {
  ReadableArticle,
  ReaderDeps,
  Visit,
  VisitArticle,
  VisitRequest,
} from './visit-types.ts';

// The visit's types live in visit-types.ts; the pages, the renderers and the speech import them
// from here.
export type {
  ReadableArticle,
  ReaderDeps,
  Visit,
  VisitArticle,
  VisitRequest,
  VisitSpeech,
} from './visit-types.ts';

/**
 * How long a visitor waits for a whole first translation (a page kept and sent whole) before the
 * page is sent as it is translated, first screen first (issue 19).
 */
export const FIRST_WAIT_MS = 1_000;

/** An article row as a visit names it (its staff title left out: spec 3). */
const visitArticle = (row: {
  id: number;
  museumId: number;
  timeZone: string;
  name: string;
  language: string;
}): VisitArticle => ({
  id: row.id,
  museumId: row.museumId,
  timeZone: row.timeZone,
  name: row.name,
  source: row.language,
});

/** What the page says of its texts: all checked by the museum, some, or none (issue 18). */
function noteOf(result: TranslationResult, segments: number): VisitorNote['kind'] {
  if (result.checked > 0 && result.checked === segments) return 'museum';
  return result.checked > 0 ? 'partly' : 'machine';
}

/**
 * The visitor page's decisions (DESIGN 6, 7, 8): which page to show, whether the engine is
 * needed, when to send a first translation as it is made, and what to count.
 */
export function readerService(deps: ReaderDeps) {
  const firstWait = deps.firstWaitMs ?? FIRST_WAIT_MS;
  const backoff = deps.backoff ?? memoryBackoff();

  /** Translated but for texts the checks refused twice: those stay in the source language. */
  const refusedOnly = (result: TranslationResult): boolean =>
    result.refused > 0 && result.refused === result.untranslated;

  /** The circuit named by the link, if the article is one of its stops (the same museum). */
  async function circuitOf(
    name: string,
    row: { id: number; museumId: number },
    lang: string,
  ): Promise<{ texts: CircuitTexts; index: number } | undefined> {
    const circuit = await deps.circuits?.find(name);
    if (!circuit || circuit.museumId !== row.museumId) return undefined;
    const index = circuit.stops.findIndex((stop) => stop.articleId === row.id);
    if (index < 0) return undefined;
    return { texts: await deps.circuits!.storedTexts(circuit, lang), index };
  }

  type Row = NonNullable<Awaited<ReturnType<EditorRepo['findByName']>>>;

  /** The translation of an article into a language, as the page and the speech ask for it. */
  async function jobOf(row: Row, content: ArticleContent, lang: string): Promise<ArticleRequest> {
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
    };
  }

  return {
    /**
     * The article in a language from what is stored (no engine call), or undefined: no such
     * article or language. Its blocks with a text not in that language (not translated yet, or
     * refused) are `silent` (issue 20: the server's voice reads only what the page shows in the
     * language).
     */
    async readable(name: string, asked: string): Promise<ReadableArticle | undefined> {
      const lang = supportedLanguage(asked);
      if (!lang) return undefined;
      const row = await deps.repo.findByName(name);
      if (!row || !isOffered(lang, row.visitorLanguages, row.language)) return undefined;
      const article = visitArticle(row);
      const content = readContent(row.content, row.name);
      const generation = row.translationGeneration;
      if (sameLanguage(lang, row.language)) {
        return { article, generation, content, lang, silent: new Set() };
      }
      const stored = (await deps.translator.open(await jobOf(row, content, lang))).stored();
      const silent = new Set(stored.sourceBlocks);
      return { article, generation, content: stored.content, lang, silent };
    },

    async visit(request: VisitRequest): Promise<Visit> {
      const suggested = suggestedLanguages(request.acceptLanguage);
      const row = await deps.repo.findByName(request.name);
      if (!row) {
        const asked = request.lang ? supportedLanguage(request.lang) : undefined;
        return { kind: 'notFound', uiLang: asked ?? suggested[0] ?? 'fr' };
      }
      const article = visitArticle(row);
      const content = readContent(row.content, row.name);
      const lang = request.lang ? supportedLanguage(request.lang) : undefined;
      // A language the museum does not offer starts nothing: the picker, in the visitor's words.
      const notOffered = lang && !isOffered(lang, row.visitorLanguages, row.language) ? lang : '';
      if (request.choose || request.query !== undefined || !lang || notOffered) {
        const offered = row.visitorLanguages ?? undefined;
        return {
          kind: 'picker',
          article,
          content,
          uiLang: notOffered ? noteLanguage(notOffered, suggested) : (suggested[0] ?? row.language),
          suggested: offered ? offeredSuggestions(request.acceptLanguage, offered) : suggested,
          offered,
          notOffered: notOffered || undefined,
        };
      }

      // What one showing counts (DESIGN 8), kept with the page for the next showings.
      const count: PageCount = request.ignoreStats
        ? undefined
        : { museumId: row.museumId, timeZone: row.timeZone, articleId: row.id, language: lang };
      const show = async (
        shown: ArticleContent,
        shownLang: string,
        note: VisitorNote['kind'] | undefined,
        /** Blocks shown with a text in the source language (refused): not read aloud. */
        silent: readonly number[] = [],
      ): Promise<Visit> => {
        if (count && !request.saving)
          await deps.counts.add({ ...count, kind: 'request', at: deps.now() }, request.visitor);
        // The original shown instead: our words in the visitor's language, not the article's.
        const uiLang = note && ORIGINAL_NOTES.has(note) ? noteLanguage(lang, suggested) : shownLang;
        const circuit = request.circuit ? await circuitOf(request.circuit, row, lang) : undefined;
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

      if (sameLanguage(lang, row.language)) return show(content, row.language, undefined);

      const job = await jobOf(row, content, lang);
      if (!deps.translator.configured) {
        // The museum's own words need no engine: a page it checked whole is read in them.
        const own = job.checked?.size ? (await deps.translator.open(job)).stored() : undefined;
        if (own?.complete) return show(own.content, lang, 'museum');
        return show(content, row.language, 'noEngine');
      }
      const run = await deps.translator.open(job);
      if (run.segments === 0) return show(content, lang, undefined);
      const pair = {
        museumId: row.museumId,
        articleId: row.id,
        language: lang,
        generation: row.translationGeneration,
      };
      if (run.missing > 0 && !run.pending()) {
        const failure = await backoff.find(pair);
        // Until the next try: what was stored, the refused texts in the source language.
        if (waiting(failure, deps.now()) && failure?.reason === 'refused') {
          const stored = run.stored();
          return show(stored.content, lang, noteOf(stored, run.segments), stored.sourceBlocks);
        }
        if (waiting(failure, deps.now())) return show(content, row.language, 'unavailable');
      }

      // New engine work (nothing stored nor running to join): within what visitors may start.
      if (run.missing > 0 && !run.pending()) {
        const { visitor, staffMuseum, head } = request;
        const ask = { museumId: row.museumId, pair: `${row.id}:${lang}`, visitor, staffMuseum };
        const held = await heldNote(deps.gate, ask, head);
        if (held) {
          // What is stored (an earlier translation of the article), the rest in the source.
          const stored = run.stored();
          if (stored.untranslated === run.segments) return show(content, row.language, held);
          return show(stored.content, lang, held, stored.sourceBlocks);
        }
      }
      // Written before the page is answered; a lost write costs one more try, never the page.
      const settle = async (result: TranslationResult | undefined): Promise<void> => {
        if (run.missing === 0) return;
        try {
          if (result?.complete) await backoff.succeeded(pair);
          else
            await backoff.failed(
              pair,
              reasonOf(result),
              result?.untranslated ?? run.missing,
              deps.now(),
            );
        } catch {
          // The database unreachable: the page is answered all the same.
        }
      };
      const running = run.translate().then(
        async (result) => {
          await settle(result);
          return result;
        },
        async () => {
          await settle(undefined);
          return undefined;
        },
      );
      request.background?.(running);
      const result = await Promise.race([
        running,
        new Promise<'waiting'>((resolve) => setTimeout(resolve, firstWait, 'waiting').unref?.()),
      ]);
      if (result === 'waiting') {
        // Shown from now on, as it is translated (issue 19): counted once, like any page.
        if (count && !request.saving)
          await deps.counts.add({ ...count, kind: 'request', at: deps.now() }, request.visitor);
        return {
          kind: 'translating',
          circuit: request.circuit ? await circuitOf(request.circuit, row, lang) : undefined,
          article,
          content,
          lang,
          note: run.stored().checked > 0 ? 'partly' : 'machine',
          count,
          landed: () => run.landed(),
          changed: () => run.changed(),
          // As below: a whole translation, or one whose only holes the checks refused twice.
          finished: running.then((done) =>
            done && (done.complete || refusedOnly(done)) ? done.content : undefined,
          ),
        };
      }
      // Texts the checks refused twice stay in the source language (DESIGN 6.8); a translation
      // with holes for any other reason is not shown: the visitor reads the original, whole.
      if (result && refusedOnly(result)) {
        return show(result.content, lang, noteOf(result, run.segments), result.sourceBlocks);
      }
      if (!result?.complete) return show(content, row.language, 'unavailable');
      return show(result.content, lang, noteOf(result, run.segments), result.sourceBlocks);
    },
  };
}

export type ReaderService = ReturnType<typeof readerService>;
