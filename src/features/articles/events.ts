import type { Emitter } from '../../server/events.ts';

/**
 * What a visitor reads of an article may have changed: told by the editor, the tree and the
 * review after the change is in the database (docs/adr/0026-in-process-events.md). Which
 * subscribers run, and in what order, is written in src/app/subscribers.ts.
 */
export type ArticleChanged =
  /** Saved by the editor, or every stored translation of it reset. */
  | { how: 'saved' | 'reset'; museumId: number; articleId: number }
  /** Deleted with the tree: one article, or every article of a deleted folder. */
  | { how: 'deleted'; museumId: number; articleIds: readonly number[] }
  /** Taken back from visitors: they see 'not available yet' (docs/adr/0028-drafts-and-revisions.md). */
  | { how: 'unpublished'; museumId: number; articleId: number }
  /**
   * Texts of it reviewed in these languages: corrected, approved, imported from a file, or
   * translated again on the museum's demand.
   */
  | { how: 'reviewed'; museumId: number; articleId: number; languages: readonly string[] };

/** What a service that changes articles is given to say so. */
export type ArticleEvents = Emitter<'articleChanged', ArticleChanged>;
