import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../server/db/handle.ts';

/** The migrations up to (not including) drafts and publishing, in a folder of their own. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'legenda-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

// A new embedded database taken through every migration: about 15 s alone, several times that on
// a busy two-core machine.
describe('the drafts and publishing migration', { timeout: 120_000 }, () => {
  const client = new PGlite();
  const db = drizzle({ client });
  const before = migrationsBefore('0012_publishing');
  afterAll(async () => {
    await client.close();
    rmSync(before, { recursive: true, force: true });
  });

  it('keeps every article that existed before it published', async () => {
    await migrate(db, { migrationsFolder: before });
    await db.execute(sql`insert into museums (name) values ('Musée')`);
    await db.execute(sql`insert into articles (museum_id, name) select id, 'salle-1' from museums`);
    await migrate(db, { migrationsFolder });
    const { rows } = await db.execute<{ published: boolean; draft: unknown }>(
      sql`select published_at is not null as published, draft from articles`,
    );
    expect(rows).toEqual([{ published: true, draft: null }]);
    // An article made after it starts unpublished.
    await db.execute(sql`insert into articles (museum_id, name) select id, 'salle-2' from museums`);
    const { rows: fresh } = await db.execute<{ published: boolean }>(
      sql`select published_at is not null as published from articles where name = 'salle-2'`,
    );
    expect(fresh).toEqual([{ published: false }]);
  });
});
