import { withBlockIds } from '../articles/block-ids.ts';
import type { ArticleDraft } from '../../server/db/schema.ts';

/**
 * What the editor is told of an article's publication (docs/adr/0028-drafts-and-revisions.md):
 * 'scheduled' while a publish is planned (visitors may read an earlier version meanwhile:
 * `publishedAt` says since when), else 'published' or 'unpublished' (visitors see 'not
 * available yet'). `unpublishAt`: the article leaves the guide then, whatever its state
 * (docs/adr/0038-scheduled-end-of-publication.md). Times are ISO 8601.
 */
export interface Publication {
  state: 'unpublished' | 'published' | 'scheduled';
  publishedAt: string | null;
  publishAt: string | null;
  unpublishAt: string | null;
}

/** The draft as the editor holds it, or null: there is none. */
export interface DraftDocument {
  content: unknown[];
  unformatted_name: string;
  instructions: string;
}

export function publicationOf(row: {
  publishedAt: Date | null;
  publishAt: Date | null;
  unpublishAt: Date | null;
}): Publication {
  const state = row.publishAt ? 'scheduled' : row.publishedAt ? 'published' : 'unpublished';
  return {
    state,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    publishAt: row.publishAt?.toISOString() ?? null,
    unpublishAt: row.unpublishAt?.toISOString() ?? null,
  };
}

export function draftDocument(draft: ArticleDraft | null): DraftDocument | null {
  if (!draft) return null;
  return {
    // Named as every reader names them (block-ids.ts), so the editor saves those names.
    content: Array.isArray(draft.content) ? withBlockIds(draft.content as unknown[]) : [],
    unformatted_name: draft.unformattedName,
    instructions: draft.instructions,
  };
}
