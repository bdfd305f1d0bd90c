import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { loadTestSettings } from '../../src/server/config.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import { migrationsHash, pgliteDataDirTemplate, pgliteTemplate } from './pglite-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** A migrated, empty DATA_DIR for spawned processes: copy it, never open it in place. */
    pgliteDataDirTemplate: string;
    postgresTemplate: string;
  }
}

/** On a real server: one migrated template database; each test file copies it. */
async function postgresTemplate(url: string): Promise<string> {
  const name = `legenda_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      await admin.query(`create database "${name}"`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      const handle = openPostgres(target.toString(), 1);
      await handle.migrate();
      await handle.close();
    }
  } finally {
    await admin.end();
  }
  return name;
}

export default async function setup(project: TestProject) {
  const { databaseUrl } = loadTestSettings();
  // The spawned servers and commands run on the embedded database even under npm run test:pg.
  const tarball = await pgliteTemplate();
  project.provide('pgliteTemplate', databaseUrl ? '' : tarball);
  project.provide('pgliteDataDirTemplate', await pgliteDataDirTemplate(tarball));
  project.provide('postgresTemplate', databaseUrl ? await postgresTemplate(databaseUrl) : '');
}
