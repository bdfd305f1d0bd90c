import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  bigint,
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
import { identity, createdAt, updatedAt, counter } from './columns.ts';

/** Museums, their people, their articles and what points at them. */

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
export const museumId = () =>
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
    /**
     * The article leaves the guide at this time, as an unpublish does (done within a minute of
     * it), or null (docs/adr/0038-scheduled-end-of-publication.md).
     */
    unpublishAt: timestamp('unpublish_at', { withTimezone: true }),
    /** The next version, which only staff see, or null: publishing makes it the content. */
    draft: jsonb('draft').$type<ArticleDraft | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('articles_name_key').on(t.name),
    index('articles_museum_folder_idx').on(t.museumId, t.folderId),
    index('articles_publish_at_idx').on(t.publishAt),
    index('articles_unpublish_at_idx').on(t.unpublishAt),
  ],
);

/** An article's draft: what the editor saves beside the published version. */
export interface ArticleDraft {
  content: unknown;
  unformattedName: string;
  instructions: string;
}

/** The article a row belongs to: deleting the article deletes it. */
export const articleId = () =>
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
