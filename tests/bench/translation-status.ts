import { sql } from 'drizzle-orm';
import { openPglite } from '../../src/server/db/index.ts';
import { testApp } from '../helpers/app.ts';
import { percentile } from './editor-typing.ts';

/**
 * GET /api/read/translation_status for 1,000 articles read or prepared in 30
 * languages each (30,000 counts), on the embedded database, through the real app in this
 * process. Target: p99 under 50 ms.
 */

const ARTICLES = 1000;
const LANGUAGES = 30;
export const TRANSLATION_STATUS_P99_TARGET_MS = 50;

export async function translationStatusBench(runs = 100): Promise<{
  rows: number;
  p50: number;
  p99: number;
  bytes: number;
}> {
  const database = await openPglite(undefined);
  try {
    await database.migrate();
    const t = testApp(database.db, { env: { COUNTS_FLUSH_MS: '0' } });
    await t.accounts.add({
      email: 'bench@museum.example',
      museum: 'Bench',
      password: 'bench password 1',
    });
    const cookie = await t.login('bench@museum.example', 'bench password 1');
    const db = database.db;
    await db.execute(sql`
      insert into articles (museum_id, name, unformatted_name, content)
      select m.id, 'bench-' || n, 'Panneau ' || n, '[{"type":"metadatas","url":"x"}]'::jsonb
      from museums m, generate_series(1, ${ARTICLES}) n`);
    // Thirty catalogue codes; counts that differ from row to row, as a real museum's would.
    await db.execute(sql`
      insert into translation_status
        (museum_id, article_id, language, missing, machine, reviewed, stale, flagged)
      select a.museum_id, a.id, l.code, (a.id + l.n) % 3, 10 + (a.id * l.n) % 20,
             (a.id + 2 * l.n) % 7, (a.id * 3 + l.n) % 2, (a.id + l.n) % 5 / 4
      from articles a,
           (select code, n from unnest(array[
             'es','en','de','it','pt','nl','pl','ru','uk','ar','he','fa','tr','el','zh-Hans',
             'ja','ko','hi','bn','vi','th','id','sv','da','fi','cs','ro','hu','bg','sw'
           ]) with ordinality as l(code, n) limit ${LANGUAGES}) l`);
    await db.execute(sql`analyze`);
    const counted = await db.execute(sql`select count(*)::int as rows from translation_status`);
    const [{ rows } = { rows: 0 }] = (counted as unknown as { rows: { rows: number }[] }).rows;

    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < runs + 5; i++) {
      const begin = performance.now();
      const res = await t.request('/api/read/translation_status', { headers: { cookie } });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`translation_status answered ${res.status}`);
      // The first five warm up.
      if (i >= 5) times.push(performance.now() - begin);
      bytes = body.byteLength;
    }
    return { rows, p50: percentile(times, 50), p99: percentile(times, 99), bytes };
  } finally {
    await database.close();
  }
}
