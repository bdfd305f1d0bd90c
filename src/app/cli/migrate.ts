import { loadConfig } from '../../server/config.ts';
import { ConfigError, type Config } from '../../server/config/schema.ts';
import { openPglite } from '../../server/db/index.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import type { DatabaseHandle } from '../../server/db/handle.ts';
import { DataDirInUseError, lockDataDir, type DataDirLock } from '../../server/db/lock.ts';
import { isUnavailable } from '../../server/db/errors.ts';
import { latestMigration, schemaStatus } from '../netlify/schema-status.ts';
import { complain, processIo, say, type CliIo } from './io.ts';

/**
 * `npm run db:migrate`: applies the pending migrations of drizzle/ to PostgreSQL (DATABASE_URL,
 * or NETLIFY_DB_URL that Netlify Database sets) or, without one, to the embedded database in
 * DATA_DIR. Netlify runs it in the build (netlify.toml), so a deploy's functions find their
 * schema ready and never migrate at a cold start. Safe to run twice, and from two processes at
 * once: PostgreSQL migrations hold an advisory lock (db/index.ts), the embedded database its
 * data-directory lock. Exit code 0 when the schema is current, 1 otherwise.
 */

/** Where the database is, without its password. */
function describe(config: Config): string {
  if (!config.databaseUrl) return `the embedded database in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  const where = `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  return `PostgreSQL at ${where}`;
}

/** The driver's own words, without the failed query Drizzle wraps them in. */
function reason(error: unknown): string {
  let e = error as { message?: string; cause?: unknown } | undefined;
  while (e?.cause) e = e.cause as typeof e;
  return e?.message ?? String(error);
}

async function run(io: CliIo): Promise<number> {
  const config = loadConfig(io.env);
  const target = describe(config);
  try {
    return await migrate(io, config, target);
  } catch (error) {
    if (error instanceof DataDirInUseError) throw error;
    complain(
      io,
      isUnavailable(error)
        ? `[db:migrate] Cannot reach ${target}: ${reason(error)}`
        : `[db:migrate] Migrating ${target} failed: ${reason(error)}`,
    );
    return 1;
  }
}

async function migrate(io: CliIo, config: Config, target: string): Promise<number> {
  let lock: DataDirLock | undefined;
  let handle: DatabaseHandle;
  if (config.databaseUrl) {
    handle = openPostgres(config.databaseUrl, 1);
  } else {
    lock = lockDataDir(config.dataDir);
    handle = await openPglite(config.dataDir);
  }
  try {
    const before = await schemaStatus(handle.db);
    if (before.state === 'current') {
      say(io, `[db:migrate] Up to date: ${target} (${before.applied.tag}).`);
      return 0;
    }
    say(
      io,
      `[db:migrate] Migrating ${target} from ${before.applied?.tag ?? 'an empty schema'} to ${latestMigration.tag}…`,
    );
    await handle.migrate();
    const after = await schemaStatus(handle.db);
    if (after.state !== 'current') {
      complain(io, `[db:migrate] Still behind after migrating: ${target}.`);
      return 1;
    }
    say(io, `[db:migrate] Migrated: ${target} is at ${after.applied.tag}.`);
    return 0;
  } finally {
    await handle.close();
    lock?.release();
  }
}

/**
 * Runs the command and answers its exit code. The process's streams from a shell (below); a test
 * may give its own and run the command in its process.
 */
export async function runMigrate(io: CliIo): Promise<number> {
  try {
    return await run(io);
  } catch (error) {
    if (error instanceof ConfigError) {
      complain(io, `[db:migrate] ${error.message}\nSee .env.example for every setting.`);
    } else if (error instanceof DataDirInUseError) {
      complain(io, `[db:migrate] ${error.message}`);
    } else {
      complain(io, `[db:migrate] Migration failed: ${reason(error)}`);
    }
    return 1;
  }
}

if (import.meta.main) process.exitCode = await runMigrate(processIo());
