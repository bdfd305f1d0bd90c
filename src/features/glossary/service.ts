import { LRUCache } from 'lru-cache';
import { ApiError, notFound } from '../../server/http/errors.ts';
import type { Emitter } from '../../server/events.ts';
import type { GlossaryTerm } from '../translation/glossary-match.ts';
import type { FailuresRepo } from '../translation/failures.ts';
import type { GlossaryRepo, TermRow, TermValues } from './repo.ts';
import { MAX_TERMS, type GlossaryEntry, type GlossaryList } from './schema.ts';

/** The glossary changed: the museum's texts holding a changed term translate differently. */
export interface GlossaryChanged {
  museumId: number;
}

/**
 * How long a process trusts the glossary it read for a museum. A save or a delete in this
 * process drops it at once; another process (Netlify's instances, a second server) sees the
 * change within this time, as it sees an edited page within the page cache's second.
 */
export const GLOSSARY_TTL_MS = 5_000;

const missing = () => notFound('No such glossary entry in your museum.');

const entryOf = (row: TermRow): GlossaryEntry => ({
  id: row.id,
  term: row.term,
  note: row.note,
  doNotTranslate: row.doNotTranslate,
  translations: row.translations,
  updatedAt: row.updatedAt.toISOString(),
});

const taken = (term: string) =>
  new ApiError(409, 'term_taken', `term: "${term}" is already in the museum's glossary.`, {
    details: { field: 'term' },
  });

const full = (maxTerms: number) =>
  new ApiError(
    422,
    'glossary_full',
    `The glossary holds ${maxTerms} entries, the most a museum may keep: remove some first.`,
    { details: { max: maxTerms } },
  );

const valuesOf = (input: TermValues): TermValues => ({
  term: input.term,
  note: input.note,
  doNotTranslate: input.doNotTranslate,
  // A name kept as written has no translation to prefer.
  translations: input.doNotTranslate ? {} : input.translations,
});

/** Each entry with its preferred translation in `lang`. */
const termsIn = (rows: readonly TermRow[], lang: string): readonly GlossaryTerm[] =>
  rows.map((row) => ({
    term: row.term,
    note: row.note,
    doNotTranslate: row.doNotTranslate,
    translation: row.doNotTranslate ? undefined : row.translations[lang],
  }));

/** A museum's glossary as read once: its entries, and one array per language asked for. */
interface Cached {
  rows: readonly TermRow[];
  byLanguage: Map<string, readonly GlossaryTerm[]>;
}

/**
 * The museum's glossary (ADR 0015). The texts holding a changed term get new memory keys, so
 * the next read (or Translate now) translates exactly those again. After every write `events`
 * is told (src/app/subscribers.ts: the visitor pages this process keeps are dropped, the
 * overview counted again) and the museum's failed translations start afresh.
 */
export function glossaryService(
  repo: GlossaryRepo,
  options: {
    events?: Emitter<'glossaryChanged', GlossaryChanged> | undefined;
    /** Failed translations' back-off, in the database: every process tries them again. */
    failures?: Pick<FailuresRepo, 'clearMuseum'> | undefined;
    ttlMs?: number;
    maxTerms?: number;
  } = {},
) {
  const maxTerms = options.maxTerms ?? MAX_TERMS;
  /** By museum: the read in flight or done (one read for simultaneous misses). */
  const cache = new LRUCache<number, Promise<Cached>>({
    max: 500,
    ttl: options.ttlMs ?? GLOSSARY_TTL_MS,
  });

  function read(museumId: number): Promise<Cached> {
    let cached = cache.get(museumId);
    if (!cached) {
      cached = repo.list(museumId).then((rows) => ({ rows, byLanguage: new Map() }));
      cache.set(museumId, cached);
      // A failed read is not kept: the next miss asks the database again.
      cached.catch(() => cache.delete(museumId));
    }
    return cached;
  }

  async function written(museumId: number) {
    cache.delete(museumId);
    await options.events?.emit('glossaryChanged', { museumId });
    // Any of the museum's texts may be translated differently now: they start afresh.
    await options.failures?.clearMuseum(museumId);
  }

  return {
    async list(museumId: number): Promise<GlossaryList> {
      const rows = await repo.list(museumId);
      return { terms: rows.map(entryOf), max: maxTerms };
    },

    /** A new entry (no id) or a change to one: the entry, and whether it was created. */
    async save(
      museumId: number,
      input: TermValues & { id?: number | undefined },
    ): Promise<{ entry: GlossaryEntry; created: boolean }> {
      const values = valuesOf(input);
      if (input.id === undefined) {
        if ((await repo.count(museumId)) >= maxTerms) throw full(maxTerms);
        const row = await repo.insert(museumId, values);
        if (row === 'taken') throw taken(values.term);
        await written(museumId);
        return { entry: entryOf(row), created: true };
      }
      const row = await repo.update(museumId, input.id, values);
      if (row === 'taken') throw taken(values.term);
      if (!row) throw missing();
      await written(museumId);
      return { entry: entryOf(row), created: false };
    },

    async remove(museumId: number, id: number): Promise<{ id: number; deleted: true }> {
      if (!(await repo.remove(museumId, id))) throw missing();
      await written(museumId);
      return { id, deleted: true };
    },

    /**
     * The glossary for translating into `lang`: each entry with its preferred translation in
     * that language. The same array while the museum's glossary is cached (the translator
     * compiles its matcher once per array).
     */
    async forTranslation(museumId: number, lang: string): Promise<readonly GlossaryTerm[]> {
      const cached = await read(museumId);
      let terms = cached.byLanguage.get(lang);
      if (!terms) {
        terms = termsIn(cached.rows, lang);
        cached.byLanguage.set(lang, terms);
      }
      return terms;
    },
  };
}

export type GlossaryService = ReturnType<typeof glossaryService>;
