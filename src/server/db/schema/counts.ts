import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { day, language, counter } from './columns.ts';
import { museumId, articleId, circuits } from './core.ts';

/** What is counted per day: scans, requests, visits, readings. */

/**
 * Visitor counts per day (ADR 0006): a scan is a QR code followed to its article, a request an
 * article page shown in a language. Nothing about the visitor is kept. Days are the museum's
 * (its time zone).
 */
export const dailyCounts = pgTable(
  'daily_counts',
  {
    day: day(),
    museumId: museumId(),
    articleId: articleId(),
    language: language(),
    /** 'listened': a visitor pressed Listen (read aloud), counted like a request. */
    kind: text('kind', { enum: ['scan', 'request', 'listened'] }).notNull(),
    count: counter('count'),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.museumId, t.articleId, t.language, t.kind] }),
    // The charts: a museum's scans by day, and one article's requests by day.
    index('daily_counts_museum_kind_day_idx').on(t.museumId, t.kind, t.day),
    index('daily_counts_article_kind_day_idx').on(t.articleId, t.kind, t.day),
  ],
);

/**
 * Scans per day and article, and per day and language: the sums of daily_counts' scans the
 * charts read (ADR 0006), written with them. A museum of 1,000 articles read in 30 languages
 * makes tens of thousands of detailed rows in ten days; these make ten thousand and three
 * hundred. Scans of a deleted article leave the first with it and stay in the second.
 */
export const dailyArticleScans = pgTable(
  'daily_article_scans',
  {
    museumId: museumId(),
    day: day(),
    articleId: articleId(),
    count: counter('count'),
  },
  (t) => [primaryKey({ columns: [t.museumId, t.day, t.articleId] })],
);

/** Scans per day of a code leading to a circuit (ADR 0018): counted like an article's. */
export const dailyCircuitScans = pgTable(
  'daily_circuit_scans',
  {
    museumId: museumId(),
    day: day(),
    circuitId: integer('circuit_id')
      .notNull()
      .references(() => circuits.id, { onDelete: 'cascade' }),
    count: counter('count'),
  },
  (t) => [primaryKey({ columns: [t.museumId, t.day, t.circuitId] })],
);

/** Visits of a museum's guide home (`/visit/{slug}`) per day and language. */
export const dailyGuideVisits = pgTable(
  'daily_guide_visits',
  {
    museumId: museumId(),
    day: day(),
    language: language(),
    count: counter('count'),
  },
  (t) => [primaryKey({ columns: [t.museumId, t.day, t.language] })],
);

export const dailyLanguageScans = pgTable(
  'daily_language_scans',
  {
    museumId: museumId(),
    day: day(),
    language: language(),
    count: counter('count'),
  },
  (t) => [primaryKey({ columns: [t.museumId, t.day, t.language] })],
);

/**
 * Reading time: how many visitor pages of an article in a language stayed visible for a span of
 * seconds (`bucket`, stats/reading.ts), per day. Only sums, never a visitor: a histogram
 * whose quartiles the charts read, as small for a million readers as for ten.
 */
export const dailyReadingTimes = pgTable(
  'daily_reading_times',
  {
    museumId: museumId(),
    day: day(),
    articleId: articleId(),
    language: language(),
    bucket: integer('bucket').notNull(),
    count: counter('count'),
  },
  (t) => [primaryKey({ columns: [t.museumId, t.articleId, t.day, t.language, t.bucket] })],
);

/**
 * Circuit completion: per day, how many phones opened a circuit's first stop from it (`start`)
 * and how many of those reached its last (`end`); the page remembers the start, not the server.
 */
export const dailyCircuitProgress = pgTable(
  'daily_circuit_progress',
  {
    museumId: museumId(),
    day: day(),
    circuitId: integer('circuit_id')
      .notNull()
      .references(() => circuits.id, { onDelete: 'cascade' }),
    step: text('step', { enum: ['start', 'end'] }).notNull(),
    count: counter('count'),
  },
  (t) => [primaryKey({ columns: [t.museumId, t.circuitId, t.day, t.step] })],
);
