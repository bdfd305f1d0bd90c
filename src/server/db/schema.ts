import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Columns many tables share, each a fresh builder per table.
const identity = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** A day of the museum's time zone, as 'YYYY-MM-DD'. */
const day = () => date('day', { mode: 'string' }).notNull();
/** A catalogue language code. */
const language = () => text('language').notNull();
/** A number counted up from zero. */
const counter = (name: string) => integer(name).notNull().default(0);

export const museums = pgTable('museums', {
  id: identity(),
  name: text('name').notNull(),
  /** BCP-47 code of the language the museum writes in; served without translation. */
  sourceLanguage: text('source_language').notNull().default('fr'),
  /** IANA time zone: the museum's days, for its statistics. */
  timeZone: text('time_zone').notNull().default('Europe/Paris'),
  /** Raised by every change to the museum's folders or article titles: the tree cache key. */
  treeRevision: counter('tree_revision'),
  /** Languages prepared in the background after every save, catalogue codes. */
  priorityLanguages: jsonb('priority_languages').$type<string[]>().notNull().default([]),
  /**
   * Read aloud (ADR 0019): the voice a language is read with by default ('browser': the
   * visitor's phone, the server's where it has none; 'server': the speech engine's), and the
   * languages read the other way.
   */
  speech: jsonb('speech')
    .$type<{ voice: 'browser' | 'server'; otherLanguages: string[] }>()
    .notNull()
    .default({ voice: 'browser', otherLanguages: [] }),
  /** Raised with every write of the museum's translation counts: the overview's cache key. */
  translationStatusRevision: counter('translation_status_revision'),
  /**
   * The languages visitors may choose (catalogue codes), or null for all of them: the picker
   * lists only these, and no engine work starts for another.
   */
  visitorLanguages: jsonb('visitor_languages').$type<string[] | null>(),
  /**
   * The monthly engine budget set by the Legenda team (`npm run users -- budget`): tokens
   * (prompt and completion) and speech characters; null for none.
   */
  budgetTokens: bigint('budget_tokens', { mode: 'number' }),
  budgetSpeechChars: bigint('budget_speech_chars', { mode: 'number' }),
  /**
   * The museum's public address name (`/visit/{slug}`, its guide home), set by the Legenda team
   * (`npm run users -- museum --slug`): letters, digits and dashes, stored lower-cased; null
   * for none.
   */
  slug: text('slug').unique('museums_slug_key'),
  createdAt: createdAt(),
});

/** The museum a row belongs to: deleting the museum deletes it. */
const museumId = () =>
  integer('museum_id')
    .notNull()
    .references(() => museums.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: identity(),
    museumId: museumId(),
    /** Stored trimmed and lower-cased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_museum_idx').on(t.museumId)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token, base64url: a stolen table gives no usable cookie. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Failed sign-in counters, one row per key (an account or an address). */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: counter('failures'),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * Folders and articles draw their ids from one sequence, so an id names exactly one tree item
 * (the staff API's move_item sends an id without a type).
 */
export const treeItemIds = pgSequence('tree_item_ids');
const treeItemId = () =>
  integer('id')
    .primaryKey()
    .default(sql`nextval('tree_item_ids')`);

export const folders = pgTable(
  'folders',
  {
    id: treeItemId(),
    museumId: museumId(),
    /** Null at the root. Deleting a folder deletes what it holds. */
    parentId: integer('parent_id').references((): AnyPgColumn => folders.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('folders_museum_parent_idx').on(t.museumId, t.parentId)],
);

export const articles = pgTable(
  'articles',
  {
    id: treeItemId(),
    museumId: museumId(),
    folderId: integer('folder_id').references(() => folders.id, { onDelete: 'cascade' }),
    /** The public url slug (/article?name=…), unique across all museums. */
    name: text('name').notNull(),
    /** The title, private to the museum. */
    unformattedName: text('unformatted_name').notNull().default(''),
    instructions: text('instructions').notNull().default(''),
    content: jsonb('content')
      .notNull()
      .default(sql`'[]'::jsonb`),
    revision: counter('revision'),
    /**
     * Raised by Reset translations: stored translations are filed under it, so every process
     * stops using the old ones at once, whatever its in-memory cache holds.
     */
    translationGeneration: counter('translation_generation'),
    /**
     * Drafts and publishing (docs/adr/0028-drafts-and-revisions.md): the columns above are what
     * visitors read. When the version they read went live; null while visitors see the 'not
     * available yet' page (never published, or taken back).
     */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** A publish planned for this time (done within a minute of it), or null. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /** Who planned it: the revision it makes is theirs. */
    publishBy: integer('publish_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    /** The next version, which only staff see, or null: publishing makes it the content. */
    draft: jsonb('draft').$type<ArticleDraft | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('articles_name_key').on(t.name),
    index('articles_museum_folder_idx').on(t.museumId, t.folderId),
    index('articles_publish_at_idx').on(t.publishAt),
  ],
);

/** An article's draft: what the editor saves beside the published version. */
export interface ArticleDraft {
  content: unknown;
  unformattedName: string;
  instructions: string;
}

/** The article a row belongs to: deleting the article deletes it. */
const articleId = () =>
  integer('article_id')
    .notNull()
    .references(() => articles.id, { onDelete: 'cascade' });

/**
 * Every version of an article kept (docs/adr/0028-drafts-and-revisions.md): each publish, and
 * the drafts, one per ten minutes of one person's editing. `revision` is the article's revision
 * the version was saved at, so it names it for the editor's history.
 */
export const articleRevisions = pgTable(
  'article_revisions',
  {
    id: identity(),
    museumId: museumId(),
    articleId: articleId(),
    revision: integer('revision').notNull(),
    kind: text('kind', { enum: ['draft', 'published'] }).notNull(),
    content: jsonb('content').notNull(),
    unformattedName: text('unformatted_name').notNull(),
    instructions: text('instructions').notNull(),
    savedBy: integer('saved_by').references(() => users.id, { onDelete: 'set null' }),
    /** The email of who saved it, at the time: kept when the account goes. */
    savedByName: text('saved_by_name').notNull().default(''),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    /** The first save of a draft revision: later saves within ten minutes of it update it. */
    createdAt: createdAt(),
    /** Words of its texts, for the history's list. */
    words: integer('words').notNull().default(0),
  },
  (t) => [
    uniqueIndex('article_revisions_article_revision_key').on(t.articleId, t.revision),
    index('article_revisions_article_saved_idx').on(t.articleId, t.savedAt),
  ],
);

/**
 * Circuits (ADR 0018): a room, a tour, "the 16 panels". The name is the public url
 * (/circuit?name=…), unique across all museums like an article's; the title and introduction
 * are what visitors read, translated like an article's texts.
 */
export const circuits = pgTable(
  'circuits',
  {
    id: identity(),
    museumId: museumId(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    intro: text('intro').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('circuits_name_key').on(t.name), index('circuits_museum_idx').on(t.museumId)],
);

/** A circuit's stops in order; deleting an article takes it out of its circuits. */
export const circuitStops = pgTable(
  'circuit_stops',
  {
    circuitId: integer('circuit_id')
      .notNull()
      .references(() => circuits.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    articleId: articleId(),
  },
  (t) => [
    primaryKey({ columns: [t.circuitId, t.position] }),
    uniqueIndex('circuit_stops_article_key').on(t.circuitId, t.articleId),
    index('circuit_stops_article_idx').on(t.articleId),
  ],
);

/** QR codes outlive their article: deleting it leaves the code in place, unlinked. */
export const qrcodes = pgTable(
  'qrcodes',
  {
    id: identity(),
    museumId: museumId(),
    link: text('link').notNull(),
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'set null' }),
    /** Or a circuit, never both; deleting the circuit leaves the code free. */
    circuitId: integer('circuit_id').references(() => circuits.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('qrcodes_link_key').on(t.link), index('qrcodes_museum_idx').on(t.museumId)],
);

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

export const schema = {
  museums,
  users,
  sessions,
  loginThrottle,
  treeItemIds,
  folders,
  articles,
  articleRevisions,
  circuits,
  circuitStops,
  qrcodes,
  dailyCounts,
  dailyCircuitScans,
  dailyArticleScans,
  dailyLanguageScans,
  dailyReadingTimes,
  dailyCircuitProgress,
  dailyGuideVisits,
  checkedTranslations,
  visitorReports,
  glossaryTerms,
  translationStatus,
  translationQueue,
  engineUsage,
  engineHolds,
  engineMinutes,
  translationFailures,
};
