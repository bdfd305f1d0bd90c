import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeWithPg,
  openPgServer,
  sqlClient,
  type PgServer,
} from '../../../tests/helpers/pg-server.ts';
import { runInProcess } from '../../../tests/helpers/in-process-cli.ts';
import { runScript, tempDir } from '../../../tests/helpers/server.ts';
import journal from '../../../drizzle/meta/_journal.json' with { type: 'json' };
import { latestMigration } from '../netlify/schema-status.ts';
import { runMigrate } from './migrate.ts';

/**
 * `npm run db:migrate` as the Netlify build runs it: a real process, on the embedded database
 * and on PostgreSQL; twice in a row, and twice at the same time. The first run, the refusal of a
 * held data directory (this process's own lock would not count) and the two at the same time
 * are real processes; the other runs are the same command in this process (`inProcess`), which
 * spares a start of Node each.
 */
const SCRIPT = 'src/app/cli/migrate.ts';
const inProcess = (env: Record<string, string>) =>
  runInProcess((_args, io) => runMigrate(io), [], env);
/** No database of the developer's environment leaks in. */
const CLEAN = { DATABASE_URL: '', NETLIFY_DB_URL: '' };

describe('npm run db:migrate on the embedded database', { timeout: 90_000 }, () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = tempDir('legenda-migrate-');
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('migrates DATA_DIR, and the second run finds it up to date', async () => {
    const first = await runScript(SCRIPT, [], { ...CLEAN, DATA_DIR: dataDir });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`from an empty schema to ${latestMigration.tag}`);
    expect(first.stdout).toContain(`Migrated: the embedded database in ${dataDir}`);
    const second = await inProcess({ ...CLEAN, DATA_DIR: dataDir });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain(`Up to date: the embedded database in ${dataDir}`);
    expect(second.stdout).not.toContain('Migrating');
  });

  it('refuses a data directory that a running Legenda holds', async () => {
    // This test process stands for the server: its pid is alive.
    fs.writeFileSync(path.join(dataDir, 'legenda.lock'), String(process.pid));
    try {
      const res = await runScript(SCRIPT, [], { ...CLEAN, DATA_DIR: dataDir });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(`in use by another Legenda process (pid ${process.pid})`);
    } finally {
      fs.rmSync(path.join(dataDir, 'legenda.lock'), { force: true });
    }
  });
});

describe('npm run db:migrate failures', () => {
  it('says which server it cannot reach, without its password', async () => {
    const res = await inProcess({
      DATABASE_URL: 'postgres://legenda:hunter2-secret@127.0.0.1:1/legenda',
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Cannot reach PostgreSQL at 127.0.0.1:1/legenda');
    expect(res.stdout + res.stderr).not.toContain('hunter2-secret');
  });

  it('names a wrong setting', async () => {
    const res = await inProcess({ DATABASE_URL: 'mysql://localhost/legenda' });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('DATABASE_URL: must be a postgres:// URL');
  });
});

describeWithPg('server', 'npm run db:migrate on PostgreSQL', () => {
  let server: PgServer;
  beforeAll(async () => {
    server = await openPgServer('server');
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The migrations recorded, oldest first. */
  async function recorded(url: string): Promise<number[]> {
    const sql = await sqlClient(url);
    try {
      const rows = await sql.query(
        'select created_at from drizzle.__drizzle_migrations order by created_at',
      );
      return rows.rows.map((r: { created_at: string }) => Number(r.created_at));
    } finally {
      await sql.end();
    }
  }

  it('two builds at the same time: both succeed, each migration applied once', async () => {
    const url = await server.createDatabase();
    const runs = await Promise.all([
      runScript(SCRIPT, [], { ...CLEAN, DATABASE_URL: url }),
      runScript(SCRIPT, [], { ...CLEAN, DATABASE_URL: url }),
    ]);
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    expect(await recorded(url)).toEqual(journal.entries.map((e) => e.when));

    const again = await inProcess({ ...CLEAN, DATABASE_URL: url });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`Up to date: PostgreSQL at`);
    expect(again.stdout).toContain(`(${latestMigration.tag})`);
    expect(await recorded(url)).toHaveLength(journal.entries.length);
  });

  it("reads Netlify Database's NETLIFY_DB_URL when DATABASE_URL is unset", async () => {
    const url = await server.createDatabase();
    const res = await inProcess({ ...CLEAN, NETLIFY_DB_URL: url });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('Migrated: PostgreSQL at');
    expect(await recorded(url)).toHaveLength(journal.entries.length);
  });
});
