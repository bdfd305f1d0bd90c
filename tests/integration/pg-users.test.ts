import fs from 'node:fs';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { runUsers } from '../../src/app/cli/users.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import type { DatabaseHandle } from '../../src/server/db/handle.ts';
import { testApp } from '../helpers/app.ts';
import { runInProcess } from '../helpers/in-process-cli.ts';
import { describeWithPg, openPgServer, sqlClient, type PgServer } from '../helpers/pg-server.ts';
import { runScript, tempDir } from '../helpers/server.ts';

/**
 * `npm run users` on PostgreSQL: the command with DATABASE_URL set, its effect read in the
 * database, and sign-ins through the app on the same database. With PostgreSQL there is no
 * data-directory lock: accounts are managed while the app runs. The journey runs the command in
 * this process (a real process per command cost a second or more each); the unreachable server
 * is a real process, which proves the command's wiring on PostgreSQL.
 */

const cli = 'src/app/cli/users.ts';

describeWithPg('server', 'npm run users on PostgreSQL', () => {
  vi.setConfig({ testTimeout: 60_000 });
  let pgServer: PgServer;
  let env: Record<string, string>;
  let sql: pg.Client;
  let handle: DatabaseHandle | undefined;
  const users = (args: string[], input?: string) => runInProcess(runUsers, args, env, input);

  beforeAll(async () => {
    pgServer = await openPgServer('server');
    // DATA_DIR points at an empty folder: on PostgreSQL the command must not use it.
    env = { DATABASE_URL: await pgServer.createDatabase(), DATA_DIR: tempDir() };
  });
  afterAll(async () => {
    await sql?.end().catch(() => {});
    await handle?.close();
    await pgServer?.close();
  });

  it('adds, lists, changes passwords, disables and enables accounts, while the app runs', async () => {
    const added = await users(
      ['add', '--email', 'Guide@Port.example', '--museum', 'Musée du port'],
      'guide passphrase\n',
    );
    expect([added.code, added.stderr]).toEqual([0, '']);
    expect(added.stdout).toContain('Account guide@port.example added to the new museum');

    sql = await sqlClient(env.DATABASE_URL!);
    const row = await sql.query(
      `select u.email, m.name as museum, u.password_hash, u.disabled_at
         from users u join museums m on m.id = u.museum_id`,
    );
    expect(row.rows).toHaveLength(1);
    expect(row.rows[0]).toMatchObject({
      email: 'guide@port.example',
      museum: 'Musée du port',
      disabled_at: null,
    });
    // Stored as an scrypt hash at full cost, never as the password.
    expect(row.rows[0].password_hash).toMatch(/^scrypt\$17\$8\$1\$/);
    // The first account comes with the demo article and its code, as at a first start.
    expect(added.stdout).toContain('Demo article created');
    const demo = await sql.query(
      `select q.link, m.name as museum, a.id is not null as linked
         from qrcodes q join museums m on m.id = q.museum_id
         left join articles a on a.id = q.article_id`,
    );
    expect(demo.rows).toEqual([{ link: 'DemoLegend', museum: 'Musée du port', linked: true }]);

    // The app on the same database, in this process; the command runs beside it.
    handle = openPostgres(env.DATABASE_URL!, 2);
    const t = testApp(handle.db);
    const cookie = await t.login('guide@port.example', 'guide passphrase');
    expect((await t.request('/api/tree', { headers: { cookie } })).status).toBe(200);

    const changed = await users(
      ['set-password', '--email', 'guide@port.example'],
      'a new guide passphrase\n',
    );
    expect(changed.code).toBe(0);
    expect(changed.stdout).toContain('its open sessions are closed');
    const sessions = await sql.query(
      `select count(*)::int as n from sessions s join users u on u.id = s.user_id
        where u.email = 'guide@port.example'`,
    );
    expect(sessions.rows[0].n).toBe(0);
    t.clock.advance(2000); // past the app's one-second session cache
    expect((await t.request('/api/tree', { headers: { cookie } })).status).toBe(401);
    const old = await t.postJson('/login', {
      email: 'guide@port.example',
      password: 'guide passphrase',
    });
    expect(old.status).toBe(401);
    await t.login('guide@port.example', 'a new guide passphrase');

    expect((await users(['disable', '--email', 'guide@port.example'])).code).toBe(0);
    const [refused, list] = await Promise.all([
      t.postJson('/login', { email: 'guide@port.example', password: 'a new guide passphrase' }),
      users(['list']),
    ]);
    expect(refused.status).toBe(401);
    expect(list.code).toBe(0);
    expect(list.stdout.trim()).toBe('guide@port.example\tMusée du port\tdisabled');

    const enabled = await users(['enable', '--email', 'guide@port.example']);
    expect(enabled.stdout).toContain('guide@port.example can sign in again');
    await t.login('guide@port.example', 'a new guide passphrase');

    // A second museum gets no demo of its own.
    const second = await users(
      ['add', '--email', 'keeper@lighthouse.example', '--museum', 'Musée du phare'],
      'keeper passphrase\n',
    );
    expect([second.code, second.stdout]).toEqual([
      0,
      'Account keeper@lighthouse.example added to the new museum "Musée du phare".\n',
    ]);
    const codes = await sql.query('select count(*)::int as n from qrcodes');
    expect(codes.rows[0].n).toBe(1);
    expect(fs.readdirSync(env.DATA_DIR!)).toEqual([]);
  });

  it('says clearly when the database cannot be reached', async () => {
    const result = await runScript(cli, ['list'], {
      ...env,
      // Port 1 on loopback: nothing listens, the connection is refused at once.
      DATABASE_URL: 'postgres://legenda@127.0.0.1:1/legenda',
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Cannot reach the database given by DATABASE_URL (connect ECONNREFUSED 127.0.0.1:1). ' +
        'Check that PostgreSQL is running and that the address is right; nothing was changed.',
    );
  });
});
