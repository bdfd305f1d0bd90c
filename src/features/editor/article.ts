import { withBlockIds } from '../articles/block-ids.ts';
import {
  blockSchema,
  metadatasSchema,
  type ArticleContent,
  type Block,
  type Metadatas,
} from '../articles/content.ts';
import { DEFAULT_BACKGROUND } from '../articles/content-fields.ts';
import { stopOf } from '../articles/stop.ts';
import type { DraftDocument, Publication } from './publication.ts';
import type { ArticleDocument } from './schema.ts';
import type { Draft } from './state.ts';

/**
 * GET /api/read/article's answer: the server's own type, `name` the public url (of the
 * published version); its draft and publication absent when the server sent none.
 */
export type ArticleAnswer = Omit<ArticleDocument, 'draft' | 'publication'> &
  Partial<Pick<ArticleDocument, 'draft' | 'publication'>>;

/** The answer when it has the expected shape, else null. */
export function parseArticle(body: unknown): ArticleAnswer | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  if (
    typeof record.id !== 'number' ||
    typeof record.name !== 'string' ||
    typeof record.unformatted_name !== 'string' ||
    typeof record.instructions !== 'string' ||
    !Array.isArray(record.content)
  ) {
    return null;
  }
  return {
    id: record.id,
    name: record.name,
    unformatted_name: record.unformatted_name,
    instructions: record.instructions,
    content: record.content,
    revision: typeof record.revision === 'number' ? record.revision : 0,
    ...(isDraft(record.draft) && { draft: record.draft }),
    ...(isPublication(record.publication) && { publication: record.publication }),
  };
}

function isDraft(value: unknown): value is DraftDocument {
  const draft = value as Partial<DraftDocument> | null;
  return (
    typeof draft === 'object' &&
    draft !== null &&
    Array.isArray(draft.content) &&
    typeof draft.unformatted_name === 'string' &&
    typeof draft.instructions === 'string'
  );
}

function isPublication(value: unknown): value is Publication {
  const publication = value as Partial<Publication> | null;
  return (
    typeof publication === 'object' &&
    publication !== null &&
    ['unpublished', 'published', 'scheduled'].includes(publication.state ?? '')
  );
}

/**
 * What the editor edits: the draft when there is one (docs/adr/0028-drafts-and-revisions.md),
 * else the published version, as editable objects with every default filled in. A metadatas entry that
 * does not parse keeps what can be kept (its url stays visible, to be fixed before saving); a
 * block that does not parse (written by an older version) is left out, as on the visitor page.
 */
export function draftOf(article: ArticleAnswer): Draft {
  const source = article.draft ?? article;
  // Named as the server names them (block-ids.ts): by position in what is stored.
  const [first, ...rest] = withBlockIds(source.content);
  const blocks: Block[] = [];
  for (const item of rest) {
    const block = blockSchema.safeParse(item);
    if (block.success) blocks.push(block.data);
  }
  const content: ArticleContent = [metadatasOf(first, article.name), ...blocks];
  return { title: source.unformatted_name, instructions: source.instructions, content };
}

function metadatasOf(stored: unknown, name: string): Metadatas {
  const parsed = metadatasSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const record = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<
    string,
    unknown
  >;
  const background = metadatasSchema.shape.backgroundColor.safeParse(record.backgroundColor);
  const stop = stopOf([record]);
  return {
    type: 'metadatas',
    url: typeof record.url === 'string' ? record.url : name,
    backgroundColor: background.success ? background.data : DEFAULT_BACKGROUND,
    // Kept as written, even too long, so the curator sees it and shortens it.
    ...(typeof record.publicTitle === 'string' && { publicTitle: record.publicTitle }),
    // The stop number stays with the rest, whatever else does not parse.
    ...(stop !== undefined && { stop }),
  };
}

/** The visitor page of an article, without counting a visit (ignoreStats=true). */
export function liveHref(name: string): string {
  return `/article?name=${encodeURIComponent(name)}&ignoreStats=true`;
}

/** The staff preview of the article's saved draft (read only by the museum's staff; never counted). */
export function draftHref(name: string): string {
  return `/article?name=${encodeURIComponent(name)}&preview=draft`;
}
