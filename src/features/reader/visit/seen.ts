import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../../server/db/handle.ts';
import { isUnavailable } from '../../../server/db/errors.ts';
import { articles, museums } from '../../../server/db/schema.ts';
import { isOffered } from '../../languages/offered.ts';
import type { Counter } from '../../stats/counts.ts';
import type { Visitor } from '../../stats/repeats.ts';
import type { VisitorLang } from '../checked.ts';

/** What a count needs of an article or a museum: whose day, and whether visitors read it. */
interface Counted {
  museumId: number;
  timeZone: string;
  /** An article visitors can read (published); a museum always. */
  readable: boolean;
  source: string;
  offered: string[] | null;
}

/** The rows a count request names, read by id. */
export function seenRepo(db: Database) {
  const museum = {
    museumId: museums.id,
    timeZone: museums.timeZone,
    source: museums.sourceLanguage,
    offered: museums.visitorLanguages,
  };
  return {
    async article(id: number): Promise<Counted | undefined> {
      const [row] = await db
        .select({ ...museum, publishedAt: articles.publishedAt })
        .from(articles)
        .innerJoin(museums, eq(museums.id, articles.museumId))
        .where(eq(articles.id, id));
      return row && { ...row, readable: row.publishedAt !== null };
    },
    async museum(id: number): Promise<Counted | undefined> {
      const [row] = await db.select(museum).from(museums).where(eq(museums.id, id));
      return row && { ...row, readable: true };
    },
  };
}

export type SeenRepo = ReturnType<typeof seenRepo>;

/**
 * How long a process trusts what it read of an article for counting (a publish, a setting):
 * this process forgets it at the change's event (app/subscribers.ts), another within this time.
 */
export const SEEN_LOOKUP_TTL_MS = 60_000;

/** What a count request asks to count: an article's showing or a guide home's, in a language. */
export type SeenAsk = { article: number } | { guide: number };

/**
 * The visitor pages' counts (docs/adr/0031-visitor-pages-behind-a-cdn.md): each page shown asks
 * its count request, an image (render/links.ts seenHref), whether the page came from this
 * server, a shared cache or the phone's own. Counted as the page counted before: an article's
 * request or a guide visit in the language asked, once per visitor in the repeat window
 * (stats/repeats.ts), never for a staff preview (its page asks none), an article visitors
 * cannot read or a language its museum does not offer. What it reads of an article is kept a
 * minute, and used older while the database is out of reach (the counts then wait in memory).
 * An id no museum has is kept nowhere: anyone may ask any number, and those must not push the
 * real articles out of what is kept.
 */
export function seenService(deps: {
  repo: SeenRepo;
  counter: Counter;
  now: () => Date;
  ttlMs?: number;
}) {
  const known = new LRUCache<string, Counted>({
    max: 10_000,
    ttl: deps.ttlMs ?? SEEN_LOOKUP_TTL_MS,
    noDeleteOnStaleGet: true,
  });

  async function lookup(ask: SeenAsk): Promise<Counted | undefined> {
    const key = 'article' in ask ? `a${ask.article}` : `g${ask.guide}`;
    const fresh = known.get(key);
    if (fresh !== undefined) return fresh;
    try {
      const row =
        'article' in ask ? await deps.repo.article(ask.article) : await deps.repo.museum(ask.guide);
      if (row) known.set(key, row);
      return row;
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      return known.get(key, { allowStale: true });
    }
  }

  return {
    /**
     * Counts a showing; false when `ask` names no article or museum at all (no page of ours
     * asked it, so nothing of it is remembered, not even the language it names).
     */
    async count(ask: SeenAsk, lang: VisitorLang, visitor: Visitor): Promise<boolean> {
      const row = await lookup(ask);
      if (!row) return false;
      if (!row.readable || !isOffered(lang, row.offered, row.source)) return true;
      await deps.counter.add(
        {
          museumId: row.museumId,
          timeZone: row.timeZone,
          articleId: 'article' in ask ? ask.article : 0,
          language: lang,
          kind: 'article' in ask ? 'request' : 'guide',
          at: deps.now(),
        },
        visitor,
      );
      return true;
    },

    /** Forgets what was read: an article published, taken back or deleted, a museum changed. */
    forget(): void {
      known.clear();
    },

    /** How many articles and museums are kept (tests). */
    get kept(): number {
      return known.size;
    },
  };
}

export type SeenService = ReturnType<typeof seenService>;
