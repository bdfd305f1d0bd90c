import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { wrapPglite } from '../../src/server/db/index.ts';
import { migrationsFolder } from '../../src/server/db/handle.ts';

/**
 * The migrated, empty embedded database the tests start from, made once per set of migrations
 * and kept in .tmp: vitest's global setup hands it to the test files, and the end-to-end server
 * (tests/helpers/e2e-server.ts) starts on a copy of it.
 */

/** A fingerprint of the migrations: the template is remade only when they change. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

export async function pgliteTemplate(): Promise<string> {
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
export async function pgliteDataDirTemplate(tarball: string): Promise<string> {
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
