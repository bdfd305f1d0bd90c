import { sql } from 'drizzle-orm';
import journal from '../../../drizzle/meta/_journal.json' with { type: 'json' };
import type { Database } from '../../server/db/handle.ts';

/**
 * Whether a database has every migration this code was built with. Drizzle's migrator records
 * each applied migration in drizzle.__drizzle_migrations with its journal time (`created_at`)
 * and applies those newer than the last one recorded; the journal is bundled with the code, so
 * the check needs no files at run time (a Netlify function has none).
 */
export interface Migration {
  tag: string;
  when: number;
}

const entries: Migration[] = journal.entries.map(({ tag, when }) => ({ tag, when }));

/** The newest migration of this code. */
export const latestMigration: Migration = entries.reduce((a, b) => (b.when > a.when ? b : a));

export type SchemaStatus =
  | { state: 'current'; applied: Migration }
  | { state: 'behind'; applied: Migration | undefined; needed: Migration };

export async function schemaStatus(db: Database): Promise<SchemaStatus> {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const found = rowsOf<{ present: boolean }>(
    await db.execute(
      sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
    ),
  );
  let last: number | undefined;
  if (found[0]?.present) {
    const rows = rowsOf<{ last: string | number | null }>(
      await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`),
    );
    const value = rows[0]?.last;
    last = value === null || value === undefined ? undefined : Number(value);
  }
  const applied =
    last === undefined
      ? undefined
      : (entries.find((m) => m.when === last) ?? { tag: `unknown (${last})`, when: last });
  if (applied && applied.when >= latestMigration.when) return { state: 'current', applied };
  return { state: 'behind', applied, needed: latestMigration };
}

/** What an operator reads in the logs when the schema is behind. */
export function describeBehind(status: Extract<SchemaStatus, { state: 'behind' }>): string {
  const have = status.applied ? `its newest migration is ${status.applied.tag}` : 'it has none';
  return (
    `The database schema is behind this code: ${have}, this code needs ${status.needed.tag}. ` +
    'Run `npm run db:migrate` against this DATABASE_URL (the Netlify build command does; see ' +
    'netlify.toml and its build log).'
  );
}
