import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadTestSettings } from '../../src/server/config.ts';
import { migrationsFolder, openPostgres, wrapPglite } from '../../src/server/db/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** A migrated, empty DATA_DIR for spawned processes: copy it, never open it in place. */
    pgliteDataDirTemplate: string;
    postgresTemplate: string;
  }
}

/** A fingerprint of the migrations: the template is remade only when they change. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

async function pgliteTemplate(): Promise<string> {
  const dir = path.resolve('.tmp');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${migrationsHash()}.tar`);
  if (fs.existsSync(file)) return file;
  const client = await PGlite.create();
  await wrapPglite(client).migrate();
  const dump = await client.dumpDataDir('none');
  await client.close();
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return file;
}

/**
 * The same migrated database as a data directory on disk (DATA_DIR/pglite), for the tests that
 * start real processes on the embedded database: a fresh directory costs each process seconds
 * of initdb (10 s and more under load), a copy of this one a fraction of a second. Unpacked from
 * the template dump (PGlite's loadDataDir), then closed, so copies are a stopped database.
 */
async function pgliteDataDirTemplate(tarball: string): Promise<string> {
  const dir = tarball.replace(/\.tar$/, '-datadir');
  if (fs.existsSync(dir)) return dir;
  const partial = `${dir}.${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  const client = await PGlite.create(path.join(partial, 'pglite'), {
    loadDataDir: new Blob([new Uint8Array(fs.readFileSync(tarball))]),
  });
  await client.close();
  try {
    fs.renameSync(partial, dir);
  } catch (error) {
    // Another run made it first: keep theirs.
    fs.rmSync(partial, { recursive: true, force: true });
    if (!fs.existsSync(dir)) throw error;
  }
  return dir;
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
