import { sql } from 'drizzle-orm';
import { openPglite } from '../../src/server/db/index.ts';
import { dailyCounts } from '../../src/server/db/schema.ts';
import { testApp } from '../helpers/app.ts';
import { percentile } from './editor-typing.ts';

/**
 * The chart endpoints over a year of counts for 1,000 articles in 30 languages, on the
 * embedded database, through the real app in this process. Every article is counted every day
 * in three of the 30 languages (a different three each day), as scans and as page requests:
 * about 2.2 million rows.
 */

const ARTICLES = 1000;
const LANGUAGES = 30;
const DAYS = 365;
const PER_DAY = 3;

export interface EndpointTiming {
  label: string;
  p50: number;
  p99: number;
  bytes: number;
}

export async function statsBench(runs = 100): Promise<{
  rows: number;
  seedSeconds: number;
  timings: EndpointTiming[];
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
    const started = performance.now();
    const db = database.db;
    await db.execute(sql`
      insert into articles (museum_id, name, unformatted_name, content)
      select m.id, 'bench-' || n, 'Panneau ' || n, '[{"type":"metadatas","url":"x"}]'::jsonb
      from museums m, generate_series(1, ${ARTICLES}) n`);
    const codes = [
      'es',
      'en',
      'de',
      'it',
      'pt',
      'nl',
      'pl',
      'ru',
      'uk',
      'ar',
      'he',
      'fa',
      'tr',
      'el',
      'zh',
      'ja',
      'ko',
      'hi',
      'bn',
      'vi',
      'th',
      'id',
      'sv',
      'da',
      'fi',
      'cs',
      'ro',
      'hu',
      'bg',
      'fr',
    ].slice(0, LANGUAGES);
    await db.execute(sql`
      insert into daily_counts (day, museum_id, article_id, language, kind, count)
      select ${t.clock.now().toISOString().slice(0, 10)}::date - d, a.museum_id, a.id,
             (${sql.raw(`array[${codes.map((c) => `'${c}'`).join(',')}]`)})[1 + (a.id + d + k * 7) % ${LANGUAGES}],
             kind, 1 + (a.id * 7 + d * 13 + k) % 20
      from articles a, generate_series(0, ${DAYS - 1}) d, generate_series(0, ${PER_DAY - 1}) k,
           unnest(array['scan', 'request']) kind`);
    // The scans' sums the charts read, as countsRepo writes them with each scan.
    await db.execute(sql`
      insert into daily_article_scans (museum_id, day, article_id, count)
      select museum_id, day, article_id, sum(count) from daily_counts where kind = 'scan'
      group by 1, 2, 3`);
    await db.execute(sql`
      insert into daily_language_scans (museum_id, day, language, count)
      select museum_id, day, language, sum(count) from daily_counts where kind = 'scan'
      group by 1, 2, 3`);
    await db.execute(sql`analyze`);
    const [{ rows } = { rows: 0 }] = await db
      .select({ rows: sql<number>`count(*)::int` })
      .from(dailyCounts);
    const seedSeconds = (performance.now() - started) / 1000;

    const article = 500;
    const endpoints = [
      ['scans per article, 10 days', '/api/stats/scans-per-article'],
      ['scans per language, 10 days', '/api/stats/scans-per-language'],
      ['requests per language, 10 days', `/api/stats/requests-per-language?articleId=${article}`],
      ['scans per article, 90 days', '/api/stats/scans-per-article?days=90'],
      ['scans per language, 90 days', '/api/stats/scans-per-language?days=90'],
      [
        'requests per language, 90 days',
        `/api/stats/requests-per-language?articleId=${article}&days=90`,
      ],
    ] as const;
    const timings: EndpointTiming[] = [];
    for (const [label, path] of endpoints) {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < runs + 5; i++) {
        const begin = performance.now();
        const res = await t.request(path, { headers: { cookie } });
        const body = await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
        // The first five warm up.
        if (i >= 5) times.push(performance.now() - begin);
        bytes = body.byteLength;
      }
      timings.push({ label, p50: percentile(times, 50), p99: percentile(times, 99), bytes });
    }
    return { rows, seedSeconds, timings };
  } finally {
    await database.close();
  }
}
