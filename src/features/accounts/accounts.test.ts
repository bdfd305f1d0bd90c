import { describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../tests/helpers/db.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { parseConfig } from '../../server/config.ts';
import { museums, users } from '../../server/db/schema.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { AccountError, DEFAULT_ADMIN_EMAIL } from './service.ts';

let database: TestDatabase;
let accounts: TestApp['accounts'];
useTestApp({ museums: false }, (s) => {
  database = s.database;
  accounts = s.t.accounts;
});

describe('the first account', () => {
  it('is created once with a generated password that is returned to be shown once', async () => {
    const made = await accounts.ensureFirstAccount({
      email: undefined,
      password: undefined,
      museum: 'Mon musée',
    });
    expect(made?.email).toBe(DEFAULT_ADMIN_EMAIL);
    expect(made?.password).toMatch(/^[A-Za-z0-9]{20}$/);
    const [user] = await database.db.select().from(users);
    expect(await verifyPassword(made!.password!, user!.passwordHash)).toBe(true);

    const again = await accounts.ensureFirstAccount({
      email: 'other@museum.example',
      password: undefined,
      museum: 'Other',
    });
    expect(again).toBeUndefined();
    expect(await database.db.select().from(users)).toHaveLength(1);
    expect(await database.db.select().from(museums)).toHaveLength(1);
  });

  it('gives the first museum its guide address when ADMIN_MUSEUM_SLUG names one', async () => {
    const env = { ADMIN_MUSEUM_SLUG: 'Musee-Du-Port', NODE_ENV: 'test' };
    const { admin } = parseConfig(env);
    expect(admin.slug).toBe('musee-du-port');
    expect(() => parseConfig({ ...env, ADMIN_MUSEUM_SLUG: 'musée du port' })).toThrow(
      /ADMIN_MUSEUM_SLUG/,
    );
    await accounts.ensureFirstAccount({ ...admin, museum: 'Musée du port' });
    const [museum] = await database.db.select().from(museums);
    expect(museum).toMatchObject({ name: 'Musée du port', slug: 'musee-du-port' });
  });

  it('takes ADMIN_EMAIL and ADMIN_PASSWORD, and never returns a given password', async () => {
    const made = await accounts.ensureFirstAccount({
      email: ' Director@Museum.Example ',
      password: 'a long given password',
      museum: 'Musée',
    });
    expect(made).toEqual({
      email: 'director@museum.example',
      museum: 'Musée',
      password: undefined,
    });
  });

  it('is created only once when two processes start together', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        accounts.ensureFirstAccount({ email: undefined, password: undefined, museum: 'M' }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await database.db.select().from(users)).toHaveLength(1);
  });
});

describe('accounts made by the team', () => {
  it('adds users to a new or an existing museum', async () => {
    const a = await accounts.add({
      email: 'a@m.example',
      museum: 'Musée A',
      password: 'password one!',
    });
    const b = await accounts.add({
      email: 'b@m.example',
      museum: 'Musée A',
      password: 'password two!',
    });
    expect(a.newMuseum).toBe(true);
    expect(b.newMuseum).toBe(false);
    const list = await accounts.list();
    expect(list.map((r) => [r.email, r.museum, r.disabled])).toEqual([
      ['a@m.example', 'Musée A', false],
      ['b@m.example', 'Musée A', false],
    ]);
  });

  it.each([
    [{ email: 'not an email', museum: 'M', password: 'long enough pw' }, 'email'],
    [{ email: 'a@m.example', museum: '  ', password: 'long enough pw' }, 'museum'],
    [{ email: 'a@m.example', museum: 'M', password: 'short' }, 'password'],
    [{ email: 'a@m.example', museum: 'M'.repeat(121), password: 'long enough pw' }, 'museum'],
  ])('refuses bad input with a message naming the field (%j)', async (input, field) => {
    await expect(accounts.add(input)).rejects.toThrow(field);
    expect(await database.db.select().from(users)).toHaveLength(0);
  });

  it('refuses an email that already has an account, in any case', async () => {
    await accounts.add({ email: 'a@m.example', museum: 'M', password: 'long enough pw' });
    await expect(
      accounts.add({ email: 'A@M.example', museum: 'N', password: 'long enough pw' }),
    ).rejects.toThrow(AccountError);
  });

  it('keeps a disabled account disabled through a password change, until enabled', async () => {
    await accounts.add({ email: 'a@m.example', museum: 'M', password: 'long enough pw' });
    await accounts.disable('a@m.example');
    await accounts.setPassword('a@m.example', 'another long pw');
    expect((await accounts.list())[0]?.disabled).toBe(true);
    await accounts.enable('A@m.example');
    expect((await accounts.list())[0]?.disabled).toBe(false);
  });

  it('says so when changing or disabling an unknown account', async () => {
    await expect(accounts.setPassword('ghost@m.example', 'long enough pw')).rejects.toThrow(
      'No account',
    );
    await expect(accounts.disable('ghost@m.example')).rejects.toThrow('No account');
    await expect(accounts.enable('ghost@m.example')).rejects.toThrow('No account');
  });
});
