import { notFound } from '../../server/http/errors.ts';
import { languageLabel } from '../languages/names.ts';
import { dayOf } from './counts.ts';
import type { Database } from '../../server/db/handle.ts';
import {
  beaconGate,
  bucketOf,
  MAX_READING_SECONDS,
  plausibleSeconds,
  summarise,
  type BeaconGate,
  type BeaconLimits,
  type ReadingSummary,
} from './reading.ts';
import { lruAtFirstUse } from '../../server/lru-at-first-use.ts';
import { readingRepo, type BeaconedArticle, type ReadingRepo } from './reading-repo.ts';
import { statsRepo } from './repo.ts';
import { repeatFilter, type RepeatFilter, type Visitor } from './repeats.ts';
import { lastDays } from './service.ts';

/** One language's reading time: its name in the staff language, and its quartiles. */
export type LanguageReading = { language: string; name: string } & ReadingSummary;

export interface ReadingTime {
  articleId: number;
  /** The days counted, oldest first (YYYY-MM-DD, the museum's time zone). */
  from: string;
  to: string;
  /** Most read first. */
  languages: LanguageReading[];
}

export interface CircuitCompletion {
  circuitId: number;
  from: string;
  to: string;
  /** Phones that opened its first stop from the circuit, and those of them that reached its last. */
  started: number;
  completed: number;
  days: { day: string; started: number; completed: number }[];
}

interface ReadingOptions {
  gate: BeaconGate;
  repeats: RepeatFilter;
  now: () => Date;
  timeZone: (museumId: number) => Promise<string>;
  hasArticle: (museumId: number, articleId: number) => Promise<boolean>;
}

/**
 * The beacons (POST /reading, POST /circuit-progress) and the two statistics they feed. A beacon
 * counts only what a visitor page of a published article or an existing circuit sends, within
 * the gate's bounds, and a phone's repeat of the same within the repeat window counts once; a
 * reading only within what the article's length makes plausible (reading.ts plausibleSeconds).
 */
export const readingService = (repo: ReadingRepo, options: ReadingOptions) => ({
  ...beaconCounts(repo, options),
  ...readingStats(repo, options),
});

function beaconCounts(repo: ReadingRepo, options: ReadingOptions) {
  const { gate, repeats, now } = options;
  const admitted = (museumId: number, visitor: Visitor, subject: string): boolean =>
    gate.admit(museumId, visitor) && repeats.first(visitor, subject, now().getTime());
  // Each published version's longest plausible reading, measured once per process.
  const longest = lruAtFirstUse<string, number>({ max: 10_000 });
  async function plausible(article: BeaconedArticle): Promise<number> {
    const key = `${article.id}:${article.revision}`;
    let seconds = longest().get(key);
    if (seconds === undefined) {
      seconds = plausibleSeconds(await repo.content(article.id));
      longest().set(key, seconds);
    }
    return seconds;
  }

  return {
    /** A page of `name` in `lang` was visible `seconds`; true when it was counted. */
    async reading(beacon: {
      name: string;
      lang: string;
      seconds: number;
      visitor: Visitor;
    }): Promise<boolean> {
      if (beacon.seconds < 1 || beacon.seconds > MAX_READING_SECONDS) return false;
      const article = await repo.article(beacon.name);
      // Longer than the article's length allows: a page forgotten, or a made-up reading.
      if (!article || beacon.seconds > (await plausible(article))) return false;
      if (!admitted(article.museumId, beacon.visitor, `read\n${article.id}\n${beacon.lang}`)) {
        return false;
      }
      await repo.addReading({
        museumId: article.museumId,
        day: dayOf(now(), article.timeZone),
        articleId: article.id,
        language: beacon.lang,
        bucket: bucketOf(beacon.seconds),
      });
      return true;
    },

    /** A phone opened the first stop of circuit `name` from it (`start`), or its last (`end`). */
    async circuitStep(beacon: {
      name: string;
      step: 'start' | 'end';
      visitor: Visitor;
    }): Promise<boolean> {
      const circuit = await repo.circuit(beacon.name);
      if (!circuit) return false;
      if (!admitted(circuit.museumId, beacon.visitor, `${beacon.step}\nc${circuit.id}`)) {
        return false;
      }
      await repo.addCircuitStep({
        museumId: circuit.museumId,
        day: dayOf(now(), circuit.timeZone),
        circuitId: circuit.id,
        step: beacon.step,
      });
      return true;
    },
  };
}

/** The two statistics the beacons feed, always within one museum. */
function readingStats(repo: ReadingRepo, options: ReadingOptions) {
  const { now } = options;
  return {
    /** An article's reading time per language over the last `days` days. */
    async readingTime(
      museumId: number,
      request: { articleId: number; days: number; lang: 'fr' | 'en' },
    ): Promise<ReadingTime> {
      if (!(await options.hasArticle(museumId, request.articleId))) {
        throw notFound('No such article in your museum.');
      }
      const days = lastDays(dayOf(now(), await options.timeZone(museumId)), request.days);
      const [from, to] = [days[0]!, days.at(-1)!];
      const rows = await repo.readings(museumId, request.articleId, from, to);
      const byLanguage = new Map<string, Map<number, number>>();
      for (const row of rows) {
        const buckets = byLanguage.get(row.language) ?? new Map<number, number>();
        buckets.set(row.bucket, (buckets.get(row.bucket) ?? 0) + row.count);
        byLanguage.set(row.language, buckets);
      }
      const languages = [...byLanguage]
        .map(([language, buckets]) => ({
          language,
          name: languageLabel(language, request.lang),
          ...summarise(buckets)!,
        }))
        .sort((a, b) => b.count - a.count || a.language.localeCompare(b.language));
      return { articleId: request.articleId, from, to, languages };
    },

    /** A circuit's starts and completions per day over the last `days` days. */
    async circuitCompletion(
      museumId: number,
      request: { circuitId: number; days: number },
    ): Promise<CircuitCompletion> {
      if (!(await repo.hasCircuit(museumId, request.circuitId))) {
        throw notFound('No such circuit in your museum.');
      }
      const days = lastDays(dayOf(now(), await options.timeZone(museumId)), request.days);
      const [from, to] = [days[0]!, days.at(-1)!];
      const rows = await repo.progress(museumId, request.circuitId, from, to);
      const perDay = days.map((day) => ({
        day,
        started: rows.find((r) => r.day === day && r.step === 'start')?.count ?? 0,
        completed: rows.find((r) => r.day === day && r.step === 'end')?.count ?? 0,
      }));
      const sum = (key: 'started' | 'completed') => perDay.reduce((n, d) => n + d[key], 0);
      return {
        circuitId: request.circuitId,
        from,
        to,
        started: sum('started'),
        completed: sum('completed'),
        days: perDay,
      };
    },
  };
}

export type ReadingService = ReturnType<typeof readingService>;

/** The process's reading service: its own gate and repeat filter, the stats' museum reads. */
export function createReadingService(
  db: Database,
  now: () => Date,
  limits?: BeaconLimits,
): ReadingService {
  const stats = statsRepo(db);
  return readingService(readingRepo(db), {
    gate: beaconGate({ limits, now: () => now().getTime() }),
    repeats: repeatFilter(),
    now,
    timeZone: (museumId) => stats.timeZone(museumId),
    hasArticle: (museumId, articleId) => stats.hasArticle(museumId, articleId),
  });
}
