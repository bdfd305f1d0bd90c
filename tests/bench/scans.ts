import { and, eq, sql } from 'drizzle-orm';
import { openPglite } from '../../src/server/db/index.ts';
import { dailyCounts } from '../../src/server/db/schema.ts';

/** `/r/{code}` for the bench (ADR 0006): a code linked to an article, and the scans it counted. */

/** Makes a QR code and links it to the article; answers its short link. */
export async function linkedCode(url: string, cookie: string, articleId: number): Promise<string> {
  const headers = { cookie, origin: url, 'content-type': 'application/json' };
  const added = await fetch(`${url}/api/manage/add_qrcode`, { method: 'POST', headers });
  if (added.status !== 201) throw new Error(`add_qrcode answered ${added.status}`);
  const { id, link } = (await added.json()) as { id: number; link: string };
  const linked = await fetch(`${url}/api/manage/update_qrcode`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ qrcodeId: id, articleId }),
  });
  if (!linked.ok) throw new Error(`update_qrcode answered ${linked.status}`);
  return link;
}

/**
 * The scans (or visitor pages) counted for an article, per day, read from a stopped server's
 * embedded database (one process per data directory: the server must have stopped).
 */
export async function countedScans(
  dataDir: string,
  articleId: number,
  kind: 'scan' | 'request' = 'scan',
): Promise<{ day: string; count: number }[]> {
  const database = await openPglite(dataDir);
  try {
    return await database.db
      .select({ day: dailyCounts.day, count: sql<number>`sum(${dailyCounts.count})::int` })
      .from(dailyCounts)
      .where(and(eq(dailyCounts.articleId, articleId), eq(dailyCounts.kind, kind)))
      .groupBy(dailyCounts.day);
  } finally {
    await database.close();
  }
}
