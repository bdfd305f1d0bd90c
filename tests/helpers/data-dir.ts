import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { tempDir } from './server.ts';

/**
 * A new DATA_DIR holding an embedded database already migrated and empty (no museum, no
 * account): a copy of the one global-setup made. For the tests that start real processes and
 * are not about migrating from nothing (migrate.test.ts starts from an empty folder): a process
 * on a fresh folder spends seconds in PGlite's initdb, on this copy a fraction of one. The first
 * start on it is still a first start: it creates the first account and the demo.
 */
export function migratedDataDir(prefix = 'legenda-'): string {
  const dir = tempDir(prefix);
  fs.cpSync(path.join(inject('pgliteDataDirTemplate'), 'pglite'), path.join(dir, 'pglite'), {
    recursive: true,
  });
  return dir;
}
