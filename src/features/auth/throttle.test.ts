import { describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../../tests/helpers/db.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { testApp } from '../../../tests/helpers/app.ts';
import { loginThrottle } from '../../server/db/schema.ts';
import { ACCOUNT_RULE, ADDRESS_RULE, PAIR_RULE } from './policy.ts';
import { throttleAddress } from './service.ts';

/**
 * Sign-in throttling under attempts sent at once: every attempt is
 * counted in the database before its password is checked, so a burst is held to the rule however
 * many arrive together, from one process or several on one database; and failures from other
 * addresses do not keep a curator out. Runs on PGlite and, with `npm run test:pg`, PostgreSQL.
 */
const EMAIL = 'curator@museum.example';
const PASSWORD = 'correct horse battery';
const ATTACKER = '198.51.100.66';
const DESK = '192.0.2.10';

let database: TestDatabase;
let t: TestApp;
useTestApp({ museums: false }, async (s) => {
  ({ database, t } = s);
  await t.accounts.add({ email: EMAIL, museum: 'Musée d’histoire', password: PASSWORD });
});

function signIn(app: ReturnType<typeof testApp>, email: string, password: string, from: string) {
  return app.postJson('/login', { email, password }, { 'x-test-address': from });
}

/** What `failures` earlier failures of a key leave in the table. */
async function failedBefore(key: string, failures: number) {
  const at = t.clock.now();
  await database.db
    .insert(loginThrottle)
    .values({ key, failures, windowStartedAt: at, updatedAt: at });
}

function tally(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

describe('attempts sent at once', () => {
  it('40 at one account from one address: 5 checked, the right password among them gets 429', async () => {
    const burst = await Promise.all([
      ...Array.from({ length: 39 }, (_, i) => signIn(t, EMAIL, `wrong ${i}`, ATTACKER)),
      signIn(t, EMAIL, PASSWORD, ATTACKER),
    ]);
    expect(tally(burst)).toEqual({ 401: PAIR_RULE.free, 429: 40 - PAIR_RULE.free });
    const right = burst.at(-1)!;
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await right.json()).error.code).toBe('throttled');
    // The blocked ones counted nothing: the address and the account hold the 5 checked.
    const rows = await database.db.select().from(loginThrottle);
    const failures = Object.fromEntries(rows.map((r) => [r.key.split(':')[0], r.failures]));
    expect(failures).toEqual({ pair: 5, address: 5, account: 5 });
  });

  it('15 at many accounts from one address that failed 25 times: 5 checked (30 in all)', async () => {
    await failedBefore(`address:${ATTACKER}`, ADDRESS_RULE.free - 5);
    const burst = await Promise.all(
      Array.from({ length: 15 }, (_, i) => signIn(t, `guess${i}@x.example`, 'guess', ATTACKER)),
    );
    expect(tally(burst)).toEqual({ 401: 5, 429: 10 });
  });

  it('15 at one account that failed 95 times, from 15 addresses: 5 checked (100 in all), then the curator waits at most 15 minutes', async () => {
    await failedBefore(`account:${EMAIL}`, ACCOUNT_RULE.free - 5);
    const burst = await Promise.all(
      Array.from({ length: 15 }, (_, i) => signIn(t, EMAIL, 'guess', `10.9.${i}.1`)),
    );
    expect(tally(burst)).toEqual({ 401: 5, 429: 10 });
    const blocked = await signIn(t, EMAIL, PASSWORD, DESK);
    expect(blocked.status).toBe(429);
    const wait = Number(blocked.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    t.clock.advance(wait * 1000);
    expect((await signIn(t, EMAIL, PASSWORD, DESK)).status).toBe(200);
  });

  it('two processes on one database share the count', async () => {
    const other = testApp(database.db, { clock: t.clock });
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        signIn(i % 2 ? other : t, EMAIL, `wrong ${i}`, ATTACKER),
      ),
    );
    expect(tally(burst)).toEqual({ 401: PAIR_RULE.free, 429: 40 - PAIR_RULE.free });
  });
});

describe('a curator at their own desk', () => {
  it('signs in while someone elsewhere is throttled for guessing their password', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(t, EMAIL, `guess ${i}`, ATTACKER)),
    );
    expect(tally(guesses)).toEqual({ 401: 5, 429: 15 });
    expect((await signIn(t, EMAIL, PASSWORD, ATTACKER)).status).toBe(429);
    expect((await signIn(t, EMAIL, PASSWORD, DESK)).status).toBe(200);
  });

  it('is not kept out by one address guessing as fast as it is allowed to for hours', async () => {
    let guesses = 0;
    for (let elapsed = 0; elapsed < 3 * 3600 * 1000;) {
      const res = await signIn(t, EMAIL, 'guess', ATTACKER);
      if (res.status === 401) guesses++;
      const wait = res.status === 429 ? Number(res.headers.get('retry-after')) * 1000 : 1;
      t.clock.advance(wait);
      elapsed += wait;
    }
    // About 12 in the first hour, then 4 an hour: never the account's 100 an hour.
    expect(guesses).toBeGreaterThan(15);
    // Right after a guess, while the guesser waits: the curator is in.
    t.clock.advance(15 * 60 * 1000);
    expect((await signIn(t, EMAIL, 'guess', ATTACKER)).status).toBe(401);
    expect((await signIn(t, EMAIL, PASSWORD, ATTACKER)).status).toBe(429);
    expect((await signIn(t, EMAIL, PASSWORD, DESK)).status).toBe(200);
  });

  it('gets 5 fresh tries after signing in: a success clears their own count', async () => {
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < PAIR_RULE.free - 1; i++) {
        expect((await signIn(t, EMAIL, 'typo', DESK)).status).toBe(401);
      }
      expect((await signIn(t, EMAIL, PASSWORD, DESK)).status).toBe(200);
    }
  });

  it('signs in at an address one failure short of its limit, again and again: successes are not counted', async () => {
    await failedBefore(`address:${DESK}`, ADDRESS_RULE.free - 1);
    for (let i = 0; i < 3; i++) {
      expect((await signIn(t, EMAIL, PASSWORD, DESK)).status).toBe(200);
    }
    expect((await signIn(t, EMAIL, 'typo', DESK)).status).toBe(401);
    expect((await signIn(t, EMAIL, PASSWORD, DESK)).status).toBe(429);
  });
});

describe('throttleAddress', () => {
  it('keys IPv4 by the address and IPv6 by its /64', () => {
    expect(throttleAddress('198.51.100.7')).toBe('198.51.100.7');
    expect(throttleAddress('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(throttleAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:DB8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('unknown')).toBe('unknown');
  });
});
