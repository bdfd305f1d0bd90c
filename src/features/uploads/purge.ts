import { isNotNull, sql } from 'drizzle-orm';
import type { BlobStore } from '../../server/blobs/store.ts';
import type { Database } from '../../server/db/handle.ts';
import { articleRevisions, articles } from '../../server/db/schema.ts';
import { isNamed, namedIn } from './named.ts';

/** How long an uploaded file no article names is kept: time to save the article that uses it. */
export const UNNAMED_UPLOAD_MS = 24 * 3600 * 1000;

/**
 * When each unnamed file was first seen unnamed, by its key under media/: kept in the blob store
 * itself, since not every store can say when a file was written (Netlify Blobs cannot).
 */
export const UNNAMED_KEY = 'purge/unnamed-uploads';

/**
 * Every media path any article of any museum names (named.ts): in what visitors read, in its
 * draft, or in a version its history keeps (a picture only a draft holds, or one a curator may
 * bring back with an older version, must still be there).
 */
async function namedPaths(db: Database): Promise<Set<string>> {
  const named = new Set<string>();
  const read = async (rows: Promise<{ content: string | null }[]>) => {
    for (const { content } of await rows) if (content) namedIn(content, named);
  };
  await read(db.select({ content: sql<string>`${articles.content}::text` }).from(articles));
  await read(
    db
      .select({ content: sql<string>`${articles.draft}::text` })
      .from(articles)
      .where(isNotNull(articles.draft)),
  );
  await read(
    db.select({ content: sql<string>`${articleRevisions.content}::text` }).from(articleRevisions),
  );
  return named;
}

/**
 * Removes the uploaded files no article has named for UNNAMED_UPLOAD_MS (a file uploaded and
 * then replaced in every kept version, or whose article was never saved or was deleted). A file is timed from the
 * first purge that found it unnamed, so one just uploaded, not yet saved in its article, always
 * has a day; a file named again in the meantime starts afresh. Returns how many were removed.
 */
export async function purgeUnnamedUploads(deps: {
  db: Database;
  blobs: BlobStore;
  now: () => Date;
}): Promise<number> {
  // Listed before the articles are read: a file uploaded meanwhile waits for the next run.
  const stored = await deps.blobs.list('media');
  const named = await namedPaths(deps.db);
  const seen = (await deps.blobs.getJson<Record<string, string>>(UNNAMED_KEY)) ?? {};
  const at = deps.now();
  const kept: Record<string, string> = {};
  const removed: string[] = [];
  for (const path of stored) {
    if (isNamed(path, named)) continue;
    const since = Date.parse(seen[path] ?? '');
    if (Number.isNaN(since)) kept[path] = at.toISOString();
    else if (at.getTime() - since >= UNNAMED_UPLOAD_MS) removed.push(path);
    else kept[path] = seen[path]!;
  }
  for (const path of removed) await deps.blobs.remove(`media/${path}`);
  await deps.blobs.setJson(UNNAMED_KEY, kept);
  return removed.length;
}
