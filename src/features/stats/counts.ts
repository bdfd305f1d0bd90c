import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/index.ts';
import { dailyCounts } from '../../server/db/schema.ts';

export interface CountEvent {
  museumId: number;
  /** The museum's IANA time zone: whose day the count belongs to. */
  timeZone: string;
  articleId: number;
  language: string;
  kind: 'scan' | 'request';
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

/** Adds one to a day's count (DESIGN 8): one upsert, safe under concurrent visitors. */
export function countsRepo(db: Database) {
  return {
    async add(event: CountEvent, n = 1): Promise<void> {
      await db
        .insert(dailyCounts)
        .values({
          day: dayOf(event.at, event.timeZone),
          museumId: event.museumId,
          articleId: event.articleId,
          language: event.language,
          kind: event.kind,
          count: n,
        })
        .onConflictDoUpdate({
          target: [
            dailyCounts.day,
            dailyCounts.museumId,
            dailyCounts.articleId,
            dailyCounts.language,
            dailyCounts.kind,
          ],
          set: { count: sql`${dailyCounts.count} + ${n}` },
        });
    },
  };
}

export type CountsRepo = ReturnType<typeof countsRepo>;

/**
 * Counts added in memory and written every `flushMs` as one upsert per (day, article, language,
 * kind): a busy page costs no database write per visitor. A crash loses at most that much
 * counting; a graceful stop flushes. `flushMs` 0 writes each count at once.
 */
export function bufferedCounts(
  repo: CountsRepo,
  options: { flushMs: number; onError?: (error: unknown) => void },
) {
  const pending = new Map<string, CountEvent & { n: number }>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = [...pending.values()];
    pending.clear();
    for (const event of batch) {
      try {
        await repo.add(event, event.n);
      } catch (error) {
        options.onError?.(error);
      }
    }
  }

  return {
    async add(event: CountEvent): Promise<void> {
      if (options.flushMs <= 0) {
        // A visitor reads the page even when counting fails.
        try {
          await repo.add(event);
        } catch (error) {
          options.onError?.(error);
        }
        return;
      }
      const key = `${dayOf(event.at, event.timeZone)}|${event.museumId}|${event.articleId}|${event.language}|${event.kind}`;
      const entry = pending.get(key);
      if (entry) entry.n += 1;
      else pending.set(key, { ...event, n: 1 });
      timer ??= setTimeout(() => void flush(), options.flushMs);
      timer.unref?.();
    },
    flush,
  };
}

export type Counter = ReturnType<typeof bufferedCounts>;
