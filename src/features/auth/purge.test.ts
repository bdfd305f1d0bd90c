import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/db.ts';
import { recordingLogger } from '../../../tests/helpers/logger.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { jobs as jobs_, loginThrottle, sessions, users } from '../../server/db/schema.ts';
import { JOB_LEASE_MS, jobRunner } from '../../server/jobs/runner.ts';
import {
  PURGE_EVERY_MS,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  THROTTLE_RESET_MS,
} from './policy.ts';
import { purgeJobs } from './purge.ts';

/**
 * Ended sessions and stale sign-in counters are deleted (recurring jobs: hourly
 * on Node; netlify/functions/purge.mts on Netlify, tested in tests/integration/netlify-function).
 */
const EMAIL = 'curator@museum.example';
const PASSWORD = 'correct horse battery';

describe('purgeExpired', () => {
  let database: TestDatabase;
  let t: TestApp;
  useTestApp({ museums: false }, async (s) => {
    ({ database, t } = s);
    await t.accounts.add({ email: EMAIL, museum: 'Musée d’histoire', password: PASSWORD });
  });

  const purge = () => t.services.auth.purgeExpired();
  const count = async (table: typeof sessions | typeof loginThrottle) =>
    (await database.db.select().from(table)).length;

  it('deletes a session at its idle timeout, not before', async () => {
    await t.login(EMAIL, PASSWORD);
    t.clock.advance(SESSION_IDLE_MS - 1);
    expect(await purge()).toMatchObject({ sessions: 0 });
    t.clock.advance(2);
    expect(await purge()).toMatchObject({ sessions: 1 });
    expect(await count(sessions)).toBe(0);
  });

  it('deletes a session at its absolute timeout, however recently seen', async () => {
    const [user] = await database.db.select().from(users);
    const now = t.clock.now().getTime();
    await database.db.insert(sessions).values([
      {
        tokenHash: 'ended',
        userId: user!.id,
        createdAt: new Date(now - SESSION_ABSOLUTE_MS),
        lastSeenAt: new Date(now - 60_000),
        expiresAt: new Date(now),
      },
      {
        tokenHash: 'open',
        userId: user!.id,
        createdAt: new Date(now - SESSION_ABSOLUTE_MS + 1),
        lastSeenAt: new Date(now - 60_000),
        expiresAt: new Date(now + 1),
      },
    ]);
    expect(await purge()).toEqual({ sessions: 1, throttles: 0 });
    const left = await database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(left).toEqual([{ tokenHash: 'open' }]);
  });

  it('deletes sign-in counters an hour after their last failure, when they block nothing', async () => {
    for (let i = 0; i < 6; i++) await t.postJson('/login', { email: EMAIL, password: 'wrong' });
    const keys = await count(loginThrottle);
    expect(keys).toBe(3); // this account at this address, the address, the account
    t.clock.advance(THROTTLE_RESET_MS - 1);
    expect(await purge()).toMatchObject({ throttles: 0 });
    t.clock.advance(2);
    expect(await purge()).toMatchObject({ throttles: keys });
    expect(await count(loginThrottle)).toBe(0);
    // and the account starts afresh, as it would have with the rows
    expect((await t.postJson('/login', { email: EMAIL, password: PASSWORD })).status).toBe(200);
  });

  it('keeps a counter that still blocks', async () => {
    const at = t.clock.now().getTime();
    await database.db.insert(loginThrottle).values({
      key: 'address:198.51.100.1',
      failures: 40,
      windowStartedAt: new Date(at - 2 * THROTTLE_RESET_MS),
      updatedAt: new Date(at - 2 * THROTTLE_RESET_MS),
      blockedUntil: new Date(at + 1000),
    });
    expect(await purge()).toMatchObject({ throttles: 0 });
    t.clock.advance(1000);
    expect(await purge()).toMatchObject({ throttles: 1 });
  });
});

describe('purgeJobs', () => {
  let jobsDb: TestDatabase;
  beforeAll(async () => void (jobsDb = await createTestDatabase()));
  afterAll(() => jobsDb.close());
  beforeEach(() => jobsDb.reset());

  /** The purges on a jobs runner whose clock the test moves (ADR 0042). */
  function purging(auth: Parameters<typeof purgeJobs>[0], uploads?: () => Promise<number>) {
    const { log, lines } = recordingLogger();
    let at = Date.parse('2026-12-07T10:00:00Z');
    const kinds = purgeJobs(auth, log, uploads && { uploads });
    const runner = () => jobRunner({ db: jobsDb.db, log, now: () => new Date(at), kinds });
    const jobs = runner();
    return {
      lines,
      jobs,
      runner,
      advance: (ms: number) => void (at += ms),
      /** Time passes by `ms`, and the purges then due run. */
      after: async (ms: number) => {
        at += ms;
        await jobs.runDue();
      },
    };
  }

  it('purges at start, then every hour, a recurring job however many processes start', async () => {
    const purgeExpired = vi.fn(async () => ({ sessions: 2, throttles: 0 }));
    const { jobs, runner, after, lines } = purging({ purgeExpired });
    await jobs.schedule();
    await Promise.all([jobs.runDue(), runner().schedule()]);
    expect(purgeExpired).toHaveBeenCalledTimes(1);
    await after(PURGE_EVERY_MS - 1);
    expect(purgeExpired).toHaveBeenCalledTimes(1);
    await after(1);
    expect(purgeExpired).toHaveBeenCalledTimes(2);
    await after(PURGE_EVERY_MS);
    expect(purgeExpired).toHaveBeenCalledTimes(3);
    expect(lines.at(-1)).toContain('Purged 2 ended sessions and 0 stale sign-in counters');
    expect(await jobsDb.db.select().from(jobs_)).toHaveLength(1);
  });

  it('removes unnamed uploads on the same schedule, even after the sessions failed', async () => {
    const purgeExpired = vi.fn(async () => ({ sessions: 0, throttles: 0 }));
    purgeExpired.mockRejectedValueOnce(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    const uploads = vi.fn(async () => 3).mockRejectedValueOnce(new Error('bucket gone'));
    const { jobs, after, lines } = purging({ purgeExpired }, uploads);
    await jobs.schedule();
    await jobs.runDue();
    expect(uploads).toHaveBeenCalledTimes(1);
    expect(lines.join('\n')).toContain('Job uploads-purge failed (bucket gone)');
    await after(PURGE_EVERY_MS);
    expect(uploads).toHaveBeenCalledTimes(2);
    expect(lines.at(-1)).toContain('Removed 3 uploaded files no article named for a day');
  });

  it('logs a failure, keeps it, and tries again an hour later; never two at once', async () => {
    let finish!: () => void;
    const purgeExpired = vi
      .fn(async () => ({ sessions: 0, throttles: 0 }))
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED 127.0.0.1:5432'))
      .mockImplementationOnce(
        () => new Promise((resolve) => (finish = () => resolve({ sessions: 0, throttles: 0 }))),
      );
    const { jobs, after, advance, lines, runner } = purging({ purgeExpired });
    await jobs.schedule();
    await jobs.runDue();
    expect(lines.join('\n')).toContain('ECONNREFUSED');
    expect(await jobs.problems()).toMatchObject([
      {
        kind: 'sessions-purge',
        state: 'waiting',
        lastError: expect.stringContaining('ECONNREFUSED'),
      },
    ]);
    const second = after(PURGE_EVERY_MS);
    await vi.waitFor(() => expect(purgeExpired).toHaveBeenCalledTimes(2));
    // The second one runs long: another runner meanwhile does not start a third beside it.
    advance(JOB_LEASE_MS - 1);
    await runner().runDue();
    expect(purgeExpired).toHaveBeenCalledTimes(2);
    finish();
    await second;
    expect(await jobs.problems()).toEqual([]);
    await after(PURGE_EVERY_MS);
    expect(purgeExpired).toHaveBeenCalledTimes(3);
  });
});
