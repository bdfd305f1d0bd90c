import type { Config } from '../server/config/schema.ts';
import { openPglite } from '../server/db/index.ts';
import { openPostgres } from '../server/db/postgres.ts';
import type { DatabaseHandle } from '../server/db/handle.ts';
import { lockDataDir, type DataDirLock } from '../server/db/lock.ts';
import type { Logger } from '../server/log.ts';

export interface OpenedDatabase {
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * The database of this configuration, migrated: PostgreSQL when DATABASE_URL is set, otherwise
 * embedded PGlite under DATA_DIR, locked to this process.
 */
export async function openDatabase(config: Config, log?: Logger): Promise<OpenedDatabase> {
  let lock: DataDirLock | undefined;
  let handle: DatabaseHandle;
  if (config.databaseUrl) {
    handle = openPostgres(config.databaseUrl, config.databasePoolMax ?? 10, (error) =>
      log?.warn(`A database connection closed: ${error.message}`),
    );
  } else {
    lock = lockDataDir(config.dataDir);
    try {
      handle = await openPglite(config.dataDir);
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close().catch(() => {});
    lock?.release();
    throw error;
  }
  return {
    handle,
    async close() {
      try {
        await handle.close();
      } finally {
        lock?.release();
      }
    },
  };
}
