import { z } from 'zod';
import { itemId } from '../articles/ids.ts';
import {
  contentSchema,
  hasControlCharacters,
  MAX_INSTRUCTIONS_LENGTH,
  MAX_TITLE_LENGTH,
} from '../articles/content.ts';

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
}

/** POST /api/manage/update_article answers this. */
export interface SavedArticle {
  id: number;
  name: string;
  revision: number;
}
