import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { identity, createdAt, updatedAt, day, language, counter } from './columns.ts';
import { museumId, articleId, users } from './core.ts';

/** Translations checked and reported, the glossary, the engine's work and what it costs. */

/**
 * Translations the museum checked (ADR 0013): its own words, data like the articles,
 * not a cache. One per article, language and segment (`ref`: the element's lasting name and the
 * field, translation/segments.ts). `source` is the text it was checked against: when the
 * article's text changes, the check is out of date (stale) and visitors read a fresh machine
 * translation until the museum checks again.
 */
export const checkedTranslations = pgTable(
  'checked_translations',
  {
    museumId: museumId(),
    articleId: articleId(),
    language: language(),
    ref: text('ref').notNull(),
    source: text('source').notNull(),
    text: text('text').notNull(),
    checkedBy: integer('checked_by').references(() => users.id, { onDelete: 'set null' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.language, t.ref] })],
);

/**
 * What visitors tell the museum about a page (the visitor page's 'Report a problem' form):
 * plain text, read by staff on the review screen, never shown to visitors. `block`: the
 * element's lasting name the visitor pointed at, if any. Nothing about the visitor is kept.
 */
export const visitorReports = pgTable(
  'visitor_reports',
  {
    id: identity(),
    museumId: museumId(),
    articleId: articleId(),
    language: language(),
    kind: text('kind', { enum: ['translation', 'original', 'other'] }).notNull(),
    block: text('block'),
    message: text('message').notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('visitor_reports_article_idx').on(t.articleId, t.language),
    index('visitor_reports_museum_idx').on(t.museumId, t.createdAt),
  ],
);

/**
 * The museum's glossary (ADR 0015): a term, a note for the engine, 'do not translate', and a
 * preferred translation per language (catalogue code → text).
 */
export const glossaryTerms = pgTable(
  'glossary_terms',
  {
    id: identity(),
    museumId: museumId(),
    term: text('term').notNull(),
    note: text('note').notNull().default(''),
    doNotTranslate: boolean('do_not_translate').notNull().default(false),
    translations: jsonb('translations').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('glossary_terms_museum_idx').on(t.museumId),
    uniqueIndex('glossary_terms_museum_term_key').on(t.museumId, sql`lower(${t.term})`),
  ],
);

/**
 * How many texts of an article are in each state in a language (the review overview): counted
 * again whenever the article, its translations or the museum's checks change, so the overview
 * reads one row per article and language.
 */
export const translationStatus = pgTable(
  'translation_status',
  {
    museumId: museumId(),
    articleId: articleId(),
    language: language(),
    missing: counter('missing'),
    machine: counter('machine'),
    reviewed: counter('reviewed'),
    stale: counter('stale'),
    /** Texts flagged by the checks (glossary not followed, wrong language, to check). */
    flagged: counter('flagged'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.language] }),
    index('translation_status_museum_idx').on(t.museumId),
  ],
);

/**
 * Translate now's work waiting: an article and a language to prepare. In the
 * database, so any process takes it up (a Netlify call, the scheduled one, the Node server) and
 * a call that must end leaves the rest for the next; `claimed_at` marks one being translated,
 * taken up again by another process when it is old (the one that claimed it stopped).
 */
export const translationQueue = pgTable(
  'translation_queue',
  {
    museumId: museumId(),
    articleId: articleId(),
    language: language(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Raised when asked again while waiting or claimed: the claim's end removes only its ask. */
    ask: counter('ask'),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.language] }),
    index('translation_queue_museum_idx').on(t.museumId, t.queuedAt),
  ],
);

/**
 * What the engines did for a museum, per day of its time zone: the translation engine's tokens
 * (prompt and completion, from each answer's usage or counted when it gives none) and the speech
 * engine's characters. Its monthly budget is read from these.
 */
export const engineUsage = pgTable(
  'engine_usage',
  {
    museumId: museumId(),
    day: day(),
    promptTokens: bigint('prompt_tokens', { mode: 'number' }).notNull().default(0),
    completionTokens: bigint('completion_tokens', { mode: 'number' }).notNull().default(0),
    speechChars: bigint('speech_chars', { mode: 'number' }).notNull().default(0),
    /** Engine calls (translation and speech) that day. */
    calls: counter('calls'),
  },
  (t) => [primaryKey({ columns: [t.museumId, t.day] })],
);

/**
 * Engine work promised but not billed yet (docs/adr/0034-characters-not-pairs.md): one row per
 * engine call in flight, its estimated tokens or exact speech characters, counted against the
 * museum's monthly budget until the call's real usage replaces it. A row past `expires_at`
 * (its process died mid-call) counts no more and is deleted by the next reservation.
 */
export const engineHolds = pgTable(
  'engine_holds',
  {
    id: identity(),
    museumId: museumId(),
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
    speechChars: bigint('speech_chars', { mode: 'number' }).notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('engine_holds_museum_idx').on(t.museumId)],
);

/**
 * The source characters sent to an engine for visitors in the museum's current minute, per
 * engine ('translation', 'speech'): shared by every process (docs/adr/0034-characters-not-pairs.md).
 */
export const engineMinutes = pgTable(
  'engine_minutes',
  {
    museumId: museumId(),
    engine: text('engine').notNull(),
    minuteStart: timestamp('minute_start', { withTimezone: true }).notNull(),
    chars: bigint('chars', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.museumId, t.engine] })],
);

/**
 * An article and language whose engine answers keep failing the checks (or the engine): it is
 * tried again only after `next_try_at`, which doubles each time (1, 2, 4… minutes, up to a day),
 * whoever asks. An edit, a reset, a glossary change or Translate now removes the row.
 */
export const translationFailures = pgTable(
  'translation_failures',
  {
    museumId: museumId(),
    articleId: articleId(),
    language: language(),
    /** The article's translation generation the failures were met in. */
    generation: counter('generation'),
    failures: integer('failures').notNull().default(1),
    /** Why the last try failed, in words for staff ('refused by the checks: …', 'engine unavailable'). */
    reason: text('reason').notNull().default(''),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
    nextTryAt: timestamp('next_try_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.language] }),
    index('translation_failures_museum_idx').on(t.museumId),
  ],
);
