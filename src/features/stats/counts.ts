import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import { isUnavailable } from '../../server/db/errors.ts';
import {
  dailyArticleScans,
  dailyCircuitScans,
  dailyCounts,
  dailyGuideVisits,
  dailyLanguageScans,
} from '../../server/db/schema.ts';
import type { RepeatFilter, Visitor } from './repeats.ts';

export interface CountEvent {
  museumId: number;
  /** The museum's IANA time zone: whose day the count belongs to. */
  timeZone: string;
  /** 0 for a guide visit (no article). */
  articleId: number;
  /** A scan of a code leading to a circuit (ADR 0018): counted as the circuit's, not an article's. */
  circuitId?: number | undefined;
  language: string;
  /**
   * 'listened': a visitor pressed Listen (read aloud), counted like a request; 'guide': a
   * showing of the museum's guide home (`/visit/{slug}`), counted per day and language only.
   */
  kind: 'scan' | 'request' | 'listened' | 'guide';
  at: Date;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The day of a moment in a time zone, as PostgreSQL's date text (YYYY-MM-DD). */
export function dayOf(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/**
 * Adds to a day's count: upserts, safe under concurrent visitors. A scan also adds to
 * the day's sums per article and per language that the charts read (ADR 0006), in the same
 * statement, so the three never disagree.
 */
export function countsRepo(db: Database) {
  return {
    async add(event: CountEvent, n = 1): Promise<void> {
      const day = dayOf(event.at, event.timeZone);
      const { museumId, articleId, language, kind } = event;
      if (kind === 'guide') {
        await db.execute(sql`
          insert into ${dailyGuideVisits} (museum_id, day, language, count)
          values (${museumId}, ${day}, ${language}, ${n})
          on conflict (museum_id, day, language)
          do update set count = ${dailyGuideVisits}.count + ${n}`);
        return;
      }
      const perLanguage = sql`
        insert into ${dailyLanguageScans} (museum_id, day, language, count)
        values (${museumId}, ${day}, ${language}, ${n})
        on conflict (museum_id, day, language)
        do update set count = ${dailyLanguageScans}.count + ${n}`;
      if (event.circuitId !== undefined) {
        // A circuit's scan: its own sum, and the language's like any scan.
        await db.execute(sql`
          with per_circuit as (
            insert into ${dailyCircuitScans} (museum_id, day, circuit_id, count)
            values (${museumId}, ${day}, ${event.circuitId}, ${n})
            on conflict (museum_id, day, circuit_id)
            do update set count = ${dailyCircuitScans}.count + ${n}
          )
          ${perLanguage}`);
        return;
      }
      const detail = sql`
        insert into ${dailyCounts} (day, museum_id, article_id, language, kind, count)
        values (${day}, ${museumId}, ${articleId}, ${language}, ${kind}, ${n})
        on conflict (day, museum_id, article_id, language, kind)
        do update set count = ${dailyCounts}.count + ${n}`;
      if (kind !== 'scan') {
        await db.execute(detail);
        return;
      }
      await db.execute(sql`
        with detail as (${detail}),
        per_article as (
          insert into ${dailyArticleScans} (museum_id, day, article_id, count)
          values (${museumId}, ${day}, ${articleId}, ${n})
          on conflict (museum_id, day, article_id)
          do update set count = ${dailyArticleScans}.count + ${n}
        )
        ${perLanguage}`);
    },
  };
}

export type CountsRepo = ReturnType<typeof countsRepo>;

/** While the database is out of reach, buffered counts are tried again this often at most. */
export const COUNTS_RETRY_MS = 1000;

/**
 * Counts added in memory and written every `flushMs` as one upsert per (day, article, language,
 * kind): a busy page costs no database write per visitor. A crash loses at most that much
 * counting; a graceful stop flushes. While the database cannot be reached the counts stay in
 * memory (one entry per day, article, language and kind, however many visits) and are written
 * when it is back. `flushMs` 0 writes each count at once, and loses it if that fails.
 *
 * With `repeats`, a count that names its visitor is counted once per visitor, kind, article and
 * language in a window (repeats.ts): a reload loop adds one, not one per reload.
 */
export function bufferedCounts(
  repo: CountsRepo,
  options: {
    flushMs: number;
    /** `kept`: the counts wait in memory for the next attempt; otherwise they are lost. */
    onError?: (error: unknown, kept: boolean) => void;
    repeats?: RepeatFilter;
  },
) {
  const pending = new Map<string, CountEvent & { n: number }>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const keyOf = (event: CountEvent) =>
    `${dayOf(event.at, event.timeZone)}|${event.museumId}|${event.articleId}|${event.circuitId ?? ''}|${event.language}|${event.kind}`;

  function keep(event: CountEvent, n: number): void {
    const key = keyOf(event);
    const entry = pending.get(key);
    if (entry) entry.n += n;
    else pending.set(key, { ...event, n });
  }

  function schedule(ms: number): void {
    timer ??= setTimeout(() => void flush(), ms);
    timer.unref?.();
  }

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = [...pending.values()];
    pending.clear();
    let unreachable = false;
    for (const event of batch) {
      // Once the database is found out of reach, the rest of the batch waits with this event.
      if (unreachable) {
        keep(event, event.n);
        continue;
      }
      try {
        await repo.add(event, event.n);
      } catch (error) {
        unreachable = isUnavailable(error);
        if (unreachable) keep(event, event.n);
        options.onError?.(error, unreachable);
      }
    }
    if (unreachable) schedule(Math.max(options.flushMs, COUNTS_RETRY_MS));
  }

  const { repeats } = options;

  return {
    /** `visitor`: who asked, for recognising repeats; without it every call counts. */
    async add(event: CountEvent, visitor?: Visitor): Promise<void> {
      if (
        visitor &&
        repeats &&
        !repeats.first(
          visitor,
          `${event.kind}\n${event.circuitId === undefined ? event.articleId : `c${event.circuitId}`}\n${event.language}`,
          event.at.getTime(),
        )
      ) {
        return;
      }
      if (options.flushMs <= 0) {
        // A visitor reads the page even when counting fails.
        try {
          await repo.add(event);
        } catch (error) {
          options.onError?.(error, false);
        }
        return;
      }
      keep(event, 1);
      schedule(options.flushMs);
    },
    /**
     * Counts kept in memory (`flushMs` above 0): `add` is done when it returns, its promise
     * already settled, so a busy path need not wait for it.
     */
    buffered: options.flushMs > 0,
    flush,
  };
}

export type Counter = ReturnType<typeof bufferedCounts>;
