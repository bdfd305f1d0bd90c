import { afterAll, describe, expect, it, vi } from 'vitest';
import { runScript, startServer, tempDir, type RunningServer } from '../helpers/server.ts';

/*
 * Each start of the embedded database costs seconds (more on a busy machine), so these journeys
 * share a few processes and have generous time limits.
 */
vi.setConfig({ testTimeout: 180_000, hookTimeout: 60_000 });
const running: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop('SIGKILL')));
});

async function start(env: Record<string, string>) {
  const server = await startServer(env);
  running.push(server);
  return server;
}

const login = (url: string, email: string, password: string) =>
  fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

const cli = 'src/features/accounts/cli.ts';

describe('npm start (the Node entry)', () => {
  it('creates the first account with a generated password, printed once', async () => {
    const server = await start({ DATA_DIR: tempDir() });
    const output = server.output();
    expect(output).toContain('First account created');
    expect(/email:\s+(\S+)/.exec(output)?.[1]).toBe('admin@legenda.local');
    const password = /password:\s+(\S+)/.exec(output)?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await login(server.url, 'admin@legenda.local', password)).status).toBe(200);
    expect(await server.stop()).toBe(0);
  });

  it('runs one process per data directory, finishes requests in flight on SIGTERM, keeps the data', async () => {
    const dataDir = tempDir();
    const env = {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'director@museum.example',
      ADMIN_PASSWORD: 'the director passphrase',
    };
    const server = await start(env);
    expect(server.output()).toContain('director@museum.example');
    expect(server.output()).not.toContain('the director passphrase');

    const second = await runScript('src/server/main.ts', [], { DATA_DIR: dataDir, PORT: '0' });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('is in use by another Legenda process');
    expect(second.stderr).toContain(String(server.child.pid));

    const users = await runScript(cli, ['list'], { DATA_DIR: dataDir });
    expect(users.code).toBe(1);
    expect(users.stderr).toContain('manage accounts while Legenda is stopped');

    // Sign-in runs scrypt at full cost: long enough to be in flight when the signal lands.
    const inFlight = login(server.url, 'director@museum.example', 'the director passphrase');
    await new Promise((r) => setTimeout(r, 50));
    const exit = server.stop('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await exit).toBe(0);
    expect(server.output()).toContain('Stopped cleanly');

    const again = await start(env);
    expect(again.output()).not.toContain('First account created');
    expect(
      (await login(again.url, 'director@museum.example', 'the director passphrase')).status,
    ).toBe(200);
    expect(await again.stop()).toBe(0);
  });

  it('stops at once with a message naming a wrong setting', async () => {
    const result = await runScript('src/server/main.ts', [], {
      DATA_DIR: tempDir(),
      PORT: 'eighty',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('.env.example');
  });
});

describe('npm run users', () => {
  it('adds, disables, lists and enables accounts; the password comes from stdin', async () => {
    const env = { DATA_DIR: tempDir() };
    const add = await runScript(
      cli,
      ['add', '--email', 'Guide@Museum.example', '--museum', 'Musée du port'],
      env,
      'guide passphrase\n',
    );
    expect(add.stderr).toBe('');
    expect(add.code).toBe(0);
    expect(add.stdout).toContain('guide@museum.example');

    const disable = await runScript(cli, ['disable', '--email', 'guide@museum.example'], env);
    expect(disable.code).toBe(0);
    const list = await runScript(cli, ['list'], env);
    expect(list.stdout).toContain('guide@museum.example\tMusée du port\tdisabled');

    const enable = await runScript(cli, ['enable', '--email', 'guide@museum.example'], env);
    expect(enable.stdout).toContain('can sign in again');
  });

  it('refuses a password on the command line, and unknown commands, before touching data', async () => {
    const env = { DATA_DIR: tempDir() };
    const flag = await runScript(
      cli,
      ['add', '--email', 'a@b.example', '--museum', 'M', '--password', 'secret pass 123'],
      env,
    );
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('not taken on the command line');
    const unknown = await runScript(cli, ['frobnicate'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Usage');
    const missing = await runScript(cli, ['add', '--email', 'a@b.example'], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--museum is required');
  });
});
