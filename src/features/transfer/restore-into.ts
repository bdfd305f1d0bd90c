import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import {
  articleRevisions,
  articles,
  checkedTranslations,
  circuits,
  folders,
  qrcodes,
} from '../../server/db/schema.ts';
import { DEMO_CODE } from '../demo/demo.ts';
import { isSeededDemo } from '../demo/untouched.ts';

/**
 * Whether a museum may receive an export (docs/adr/0039-restore-into-a-new-legenda.md): one with
 * no articles, or one holding nothing but the demo article of a new Legenda, untouched, which
 * the restore then replaces (its code DemoLegend too, so that the archive keeps its own).
 */
export type RestoreInto =
  | { kind: 'empty' }
  | { kind: 'demo'; articleId: number; codeIds: number[] }
  | { kind: 'not_empty' };

/** How many rows of a table the museum has (any of these makes it not empty). */
const TABLES = [folders, circuits, checkedTranslations, articleRevisions] as const;

/** What the decision reads of a museum: at most two articles and two codes, and counts. */
async function museumParts(db: Database, museumId: number) {
  const [found, codes, ...counts] = await Promise.all([
    db
      .select({
        id: articles.id,
        name: articles.name,
        unformattedName: articles.unformattedName,
        instructions: articles.instructions,
        content: articles.content,
        // Published as seeded, and nothing since: no draft, no planned publish.
        asSeeded: sql<boolean>`${articles.publishedAt} is not null and ${articles.draft} is null and ${articles.publishAt} is null`,
      })
      .from(articles)
      .where(eq(articles.museumId, museumId))
      .limit(2),
    db
      .select({ id: qrcodes.id, link: qrcodes.link, articleId: qrcodes.articleId })
      .from(qrcodes)
      .where(eq(qrcodes.museumId, museumId))
      .limit(2),
    ...TABLES.map(async (table) => {
      const [row] = await db.select({ n: count() }).from(table).where(eq(table.museumId, museumId));
      return Number(row?.n ?? 0);
    }),
  ]);
  const [folderCount, circuitCount, checkedCount, revisionCount] = counts as number[];
  return { found, codes, folderCount, circuitCount, checkedCount, revisionCount };
}

/** What a restore into this museum does: `db` the database, or the restore's transaction. */
export async function restoreInto(db: Database, museumId: number): Promise<RestoreInto> {
  const parts = await museumParts(db, museumId);
  const [demo, ...more] = parts.found;
  if (!demo) return { kind: 'empty' };
  const [code, ...otherCodes] = parts.codes;
  const untouched =
    more.length === 0 &&
    demo.asSeeded &&
    isSeededDemo(demo) &&
    // The one version the first start's save kept: any later publish or draft adds another.
    parts.revisionCount === 1 &&
    parts.folderCount === 0 &&
    parts.circuitCount === 0 &&
    parts.checkedCount === 0 &&
    code?.link === DEMO_CODE &&
    code.articleId === demo.id &&
    otherCodes.length === 0;
  return untouched
    ? { kind: 'demo', articleId: demo.id, codeIds: [code.id] }
    : { kind: 'not_empty' };
}
