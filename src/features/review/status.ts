import { LRUCache } from 'lru-cache';
import type { Logger } from '../../server/log.ts';
import type { FailingView } from './schema.ts';
import type { ReviewService } from './service.ts';
import type { StateCounts, StatusRepo } from './status-repo.ts';

/** GET /api/read/translation_status: per article and language, the texts in each state. */
export interface TranslationStatus {
  /** Every language some article was read or prepared in, in code order. */
  languages: string[];
  articles: {
    articleId: number;
    title: string;
    /** The title shown to visitors, when it has one. */
    publicTitle?: string;
    name: string;
    /** By language: only the languages this article was read or prepared in. */
    languages: Record<string, StateCounts>;
  }[];
  /**
   * The article-and-language pairs whose translations keep failing (translation/failures.ts),
   * by article and language: shown 'failing' with the reason and the next try.
   */
  failing: (FailingView & { articleId: number; language: string })[];
}

/**
 * The overview's counts kept current. A visitor's translation stored, an
 * article saved or reset: the counts of that article are made again in the background, once
 * however many times it is asked while waiting; the museum's own writes count at once
 * (service.ts).
 */
const EMPTY = '{"languages":[],"articles":[],"failing":[]}';

export function statusService(deps: { repo: StatusRepo; review: ReviewService; log?: Logger }) {
  const { repo, review, log } = deps;
  /** Recounts waiting or running, by article and language ('*': every language it has). */
  const queued = new Map<string, Promise<void>>();
  /** The overview's JSON text by museum, with the revision it was made at (one MB a museum). */
  const documents = new LRUCache<number, { revision: string; body: string }>({
    max: 100,
    maxSize: 64_000_000,
    sizeCalculation: (entry) => entry.body.length + 1,
  });
  /** The museum-wide pass running, by museum, and the one pass asked after it. */
  const museumPasses = new Map<number, { run: Promise<void>; again?: Promise<void> }>();
  /** Every recount not yet finished. */
  const running = new Set<Promise<void>>();

  function track(run: Promise<void>): void {
    running.add(run);
    void run.finally(() => running.delete(run));
  }

  async function recountArticle(articleId: number, lang?: string): Promise<void> {
    const museumId = await repo.museumOf(articleId);
    if (museumId === undefined) return;
    const langs = lang === undefined ? await repo.languages(articleId) : [lang];
    for (const one of langs) await review.recount(museumId, articleId, one);
  }

  /** Recounts in the background; a second ask while the first waits is the same work. */
  function later(articleId: number, lang?: string): Promise<void> {
    const key = `${articleId}:${lang ?? '*'}`;
    const waiting = queued.get(key);
    if (waiting) return waiting;
    const run = (async () => {
      // Asked during a save or a translation: counted once it has finished.
      await Promise.resolve();
      queued.delete(key);
      await recountArticle(articleId, lang);
    })().catch((error: unknown) => {
      log?.warn(`translation status of article ${articleId} not counted`, error);
    });
    queued.set(key, run);
    track(run);
    return run;
  }

  /**
   * Every counted article of the museum counted again in the background (its glossary or its
   * language changed: keys of texts changed with them).
   */
  function laterMuseum(museumId: number): Promise<void> {
    // A pass asked while one runs (a curator saving glossary entries one after another) is
    // one more pass after it, however many were asked: not a pass per save side by side.
    const pass = museumPasses.get(museumId);
    if (pass) {
      pass.again ??= pass.run.then(() => {
        museumPasses.delete(museumId);
        return laterMuseum(museumId);
      });
      track(pass.again);
      return pass.again;
    }
    const run = (async () => {
      const ids = await repo.counted(museumId);
      // One after the other: a museum of a thousand articles must not take every connection.
      for (const id of ids) await later(id);
    })()
      .catch((error: unknown) => {
        log?.warn(`translation status of museum ${museumId} not counted`, error);
      })
      .finally(() => {
        if (museumPasses.get(museumId)?.run === run && !museumPasses.get(museumId)?.again) {
          museumPasses.delete(museumId);
        }
      });
    museumPasses.set(museumId, { run });
    track(run);
    return run;
  }

  return {
    later,
    laterMuseum,
    /** Resolves when every recount asked so far has finished (tests, a graceful stop). */
    async settled(): Promise<void> {
      while (running.size > 0) await Promise.all(running);
    },

    /**
     * The overview as JSON text (TranslationStatus). Made by the database when the museum's
     * articles or counts have changed since this process last made it; otherwise the same text
     * again, after one row read.
     */
    async overview(museumId: number): Promise<string> {
      const revision = await repo.revision(museumId);
      if (revision === undefined) return EMPTY;
      const kept = documents.get(museumId);
      if (kept?.revision === revision) return kept.body;
      const body = await repo.document(museumId);
      documents.set(museumId, { revision, body });
      return body;
    },
  };
}

export type StatusService = ReturnType<typeof statusService>;
