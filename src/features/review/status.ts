import { LRUCache } from 'lru-cache';
import { jobKind } from '../../server/jobs/kind.ts';
import type { JobRunner } from '../../server/jobs/runner.ts';
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
 * The overview's counts kept current. A visitor's translation stored, an article saved or reset:
 * the counts of that article are made again by a job (ADR 0042), once however many times it is
 * asked while waiting, and once more when asked while it runs; the museum's own writes count at
 * once (service.ts). The jobs wait in the database: a process stopped before counting leaves them
 * to the next runner.
 */
const EMPTY = '{"languages":[],"articles":[],"failing":[]}';

export function statusService(deps: {
  repo: StatusRepo;
  review: ReviewService;
  jobs: JobRunner;
  log?: Logger;
}) {
  const { repo, review, jobs } = deps;
  /** The overview's JSON text by museum, with the revision it was made at (one MB a museum). */
  const documents = new LRUCache<number, { revision: string; body: string }>({
    max: 100,
    maxSize: 64_000_000,
    sizeCalculation: (entry) => entry.body.length + 1,
  });

  async function recountArticle(articleId: number, lang?: string): Promise<void> {
    const museumId = await repo.museumOf(articleId);
    if (museumId === undefined) return;
    const langs = lang === undefined ? await repo.languages(articleId) : [lang];
    for (const one of langs) await review.recount(museumId, articleId, one);
  }

  const article = jobs.register(
    jobKind<{ articleId: number; lang?: string }>({
      name: 'recount-article',
      describe: ({ articleId, lang }) => `article ${articleId}, ${lang ?? 'every language'}`,
      run: ({ articleId, lang }) => recountArticle(articleId, lang),
    }),
  );
  const museum = jobs.register(
    jobKind<{ museumId: number }>({
      name: 'recount-museum',
      // One at a time, and its articles one after the other: a museum of a thousand articles
      // must not take every connection.
      concurrency: 1,
      describe: ({ museumId }) => `museum ${museumId}`,
      async run({ museumId }) {
        for (const id of await repo.counted(museumId)) await recountArticle(id);
      },
    }),
  );

  /** Asks for a recount; a failure to ask is logged (the overview is then counted later). */
  const ask = (work: Promise<void>, what: string) =>
    work.catch((error: unknown) =>
      deps.log?.warn(`translation status of ${what} not counted`, error),
    );

  return {
    /** The article's counts made again in the background (one language, or every one). */
    later(articleId: number, lang?: string): Promise<void> {
      const payload = lang === undefined ? { articleId } : { articleId, lang };
      const key = `recount:${articleId}:${lang ?? '*'}`;
      return ask(jobs.enqueue(article, payload, { key, again: true }), `article ${articleId}`);
    },

    /**
     * Every counted article of the museum counted again in the background (its glossary or its
     * language changed: keys of texts changed with them). Asked while a pass runs (a curator
     * saving glossary entries one after another): one more pass after it, however many asks.
     */
    laterMuseum(museumId: number): Promise<void> {
      const key = `recount-museum:${museumId}`;
      return ask(jobs.enqueue(museum, { museumId }, { key, again: true }), `museum ${museumId}`);
    },

    /** Resolves when every recount asked so far has finished (tests, a graceful stop). */
    settled: () => jobs.idle(),

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
