import { describe, expect, it } from 'vitest';
import { runUsers } from '../../src/app/cli/users.ts';
import { migratedDataDir } from '../helpers/data-dir.ts';
import { runInProcess } from '../helpers/in-process-cli.ts';
import { runScript, tempDir } from '../helpers/server.ts';

/**
 * `npm run users` on the embedded database, as a person runs it (its PostgreSQL twin is
 * pg-users.test.ts). Two runs are real processes (an account added with the password piped in,
 * an unknown command): they prove the wiring of arguments, standard streams and exit codes. The
 * others run the same command in this process, each opening the embedded database afresh.
 */
const cli = 'src/app/cli/users.ts';
const runCli = (args: string[], env: Record<string, string>, input?: string) =>
  runInProcess(runUsers, args, env, input);

describe('npm run users', { timeout: 90_000 }, () => {
  it('adds, disables, lists and enables accounts; the password comes from stdin', async () => {
    const env = { DATA_DIR: migratedDataDir() };
    const add = await runScript(
      cli,
      ['add', '--email', 'Guide@Museum.example', '--museum', 'Musée du port'],
      env,
      'guide passphrase\n',
    );
    expect(add.stderr).toBe('');
    expect(add.code).toBe(0);
    expect(add.stdout).toContain('guide@museum.example');

    const disable = await runCli(['disable', '--email', 'guide@museum.example'], env);
    expect(disable.code).toBe(0);
    const list = await runCli(['list'], env);
    expect(list.stdout).toContain('guide@museum.example\tMusée du port\tdisabled');

    const enable = await runCli(['enable', '--email', 'guide@museum.example'], env);
    expect(enable.stdout).toContain('can sign in again');
  });

  it('sets, shows and removes a museum’s engine budget; refuses what is no budget', async () => {
    const env = { DATA_DIR: migratedDataDir() };
    const add = await runCli(
      ['add', '--email', 'guide@museum.example', '--museum', 'Musée du port'],
      env,
      'guide passphrase\n',
    );
    expect(add.code).toBe(0);
    const set = await runCli(
      ['budget', '--museum', 'Musée du port', '--tokens', '2000000', '--speech-chars', '500_000'],
      env,
    );
    expect([set.code, set.stderr]).toEqual([0, '']);
    expect(set.stdout).toContain('Budget changed. Engine budget of "Musée du port"');
    expect(set.stdout).toContain('tokens: 0 of 2,000,000 tokens (0%)');
    expect(set.stdout).toContain('speech: 0 of 500,000 characters (0%)');
    const cleared = await runCli(['budget', '--museum', 'Musée du port', '--tokens', 'none'], env);
    expect(cleared.stdout).toContain('tokens: no budget (0 tokens used)');
    expect(cleared.stdout).toContain('of 500,000 characters');
    const zero = await runCli(['budget', '--museum', 'Musée du port', '--tokens', '0'], env);
    expect(zero.code).toBe(1);
    expect(zero.stderr).toContain('--tokens must be a whole number above 0, or "none"');
    const unknown = await runCli(['budget', '--museum', 'Musée Z', '--tokens', '5'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No museum is named "Musée Z"');
    const missing = await runCli(['budget', '--tokens', '5'], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--museum is required');
  });

  it('sets and shows a museum’s guide address; refuses a bad, taken or unknown one', async () => {
    const env = { DATA_DIR: migratedDataDir() };
    for (const [email, museum] of [
      ['guide@museum.example', 'Musée du port'],
      ['other@museum.example', 'Musée des phares'],
    ]) {
      const add = await runCli(
        ['add', '--email', email!, '--museum', museum!],
        env,
        'guide passphrase\n',
      );
      expect(add.code).toBe(0);
    }
    const set = await runCli(['museum', '--museum', 'Musée du port', '--slug', 'Port-2'], env);
    expect([set.code, set.stderr]).toEqual([0, '']);
    expect(set.stdout).toContain('Changed. Guide address of "Musée du port": /visit/port-2');
    const shown = await runCli(['museum', '--museum', 'Musée du port'], env);
    expect(shown.stdout).toContain('/visit/port-2');
    const bad = await runCli(['museum', '--museum', 'Musée du port', '--slug', 'port 2'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--slug must be letters');
    const taken = await runCli(['museum', '--museum', 'Musée des phares', '--slug', 'PORT-2'], env);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('is another museum');
    const unknown = await runCli(['museum', '--museum', 'Musée Z', '--slug', 'z'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No museum is named "Musée Z"');
    const missing = await runCli(['museum', '--slug', 'z'], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--museum is required');
  });

  it('refuses a password on the command line, and unknown commands, before touching data', async () => {
    const env = { DATA_DIR: tempDir() };
    const flag = await runCli(
      ['add', '--email', 'a@b.example', '--museum', 'M', '--password', 'secret pass 123'],
      env,
    );
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('not taken on the command line');
    const unknown = await runScript(cli, ['frobnicate'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Usage');
    const missing = await runCli(['add', '--email', 'a@b.example'], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--museum is required');
  });
});
