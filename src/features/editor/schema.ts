import * as z from 'zod';
import { itemId } from '../articles/ids.ts';
import { contentSchema } from '../articles/content.ts';
import {
  hasControlCharacters,
  MAX_INSTRUCTIONS_LENGTH,
  MAX_TITLE_LENGTH,
} from '../articles/content-fields.ts';
import type { DraftDocument, Publication } from './publication.ts';

/** Payloads of the editor's calls, shared by the editor island and the API. */

export const readArticleQuery = z.object({ articleId: itemId });

export const articleTitle = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_TITLE_LENGTH, `must be at most ${MAX_TITLE_LENGTH} characters`)
  .refine((name) => !/\p{Cc}/u.test(name), 'must not contain control characters');

export const instructions = z
  .string()
  .max(MAX_INSTRUCTIONS_LENGTH, `must be at most ${MAX_INSTRUCTIONS_LENGTH} characters`)
  .refine((s) => !hasControlCharacters(s), { message: 'must not contain control characters' });

export const updateArticleSchema = z.object({
  /** The staff API sends an integer; a digit string is accepted too, like the tree's ids. */
  articleId: itemId,
  newContent: contentSchema,
  unformatted_name: articleTitle,
  instructions,
  /**
   * The revision the edit was based on (GET /api/read/article's `revision`). Not in the original calls: a
   * call without it saves as before; with it, a save based on an older revision answers 409.
   */
  revision: z.number().int().min(0).max(2_147_483_647).optional(),
});

export const resetTranslationsSchema = z.object({
  articleId: itemId,
  /** Also the museum's checked translations (ADR 0013); the machine ones only by default. */
  includeReviewed: z.boolean('must be true or false').optional(),
});

/** GET /api/read/article answers this. */
export interface ArticleDocument {
  id: number;
  name: string;
  unformatted_name: string;
  instructions: string;
  content: unknown[];
  revision: number;
  /** The draft beside the published version (what the editor edits when there is one), or null. */
  draft: DraftDocument | null;
  publication: Publication;
}

/** POST /api/manage/update_article answers this. */
export interface SavedArticle {
  id: number;
  name: string;
  revision: number;
}

/** POST /api/manage/save_draft: update_article's payload, kept as a draft. */
export const saveDraftSchema = updateArticleSchema;

/** A body naming only an article: discard_draft, cancel_schedule, cancel_unpublish. */
export const articleBody = z.object({ articleId: itemId });

/** The article's revision a write was based on: 409 when someone saved meanwhile. */
export const revisionGuard = {
  revision: z.number().int().min(0).max(2_147_483_647).optional(),
};

/** The revision a body or query names: an article's revision number. */
const revisionNumber = z.coerce.number('must be a revision number').int().min(0).max(2_147_483_647);

/** ISO 8601 with a time zone, in the future: the publish or end is planned; none: now. */
const plannedAt = z.iso
  .datetime({
    offset: true,
    message: 'must be an ISO 8601 date and time, e.g. 2027-03-01T09:00:00+01:00',
  })
  .optional();

export const publishSchema = z.object({
  articleId: itemId,
  at: plannedAt,
  /** The revision the curator published from, when given: 409 if someone saved meanwhile. */
  revision: z.number().int().min(0).max(2_147_483_647).optional(),
});

/** Unpublish now, or at `at` (docs/adr/0038-scheduled-end-of-publication.md). */
export const unpublishSchema = z.object({ articleId: itemId, at: plannedAt });

export const restoreRevisionSchema = z.object({
  articleId: itemId,
  revision: revisionNumber,
  /** The article's revision the curator restored from, when given: 409 when stale. */
  expected: z.number().int().min(0).max(2_147_483_647).optional(),
});

export const revisionQuery = z.object({ articleId: itemId, revision: revisionNumber });
