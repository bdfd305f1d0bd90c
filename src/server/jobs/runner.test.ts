import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/db.ts';
import { recordingLogger } from '../../../tests/helpers/logger.ts';
import { jobs } from '../db/schema.ts';
import { jobKind, type JobKind } from './kind.ts';
import { JOB_LEASE_MS, jobRunner } from './runner.ts';

/**
 * The jobs runner on the database it runs on (PGlite here, PostgreSQL under `npm run test:pg`):
 * each job run once by two runners, retries with back-off, failures kept, jobs outliving their
 * process, recurring jobs never doubled.
 */
let database: TestDatabase;
beforeAll(async () => void (database = await createTestDatabase()));
afterAll(() => database.close());
beforeEach(() => database.reset());

/** A clock the test moves. */
function testClock(start = Date.parse('2026-12-07T10:00:00Z')) {
  let at = start;
  return { now: () => new Date(at), advance: (ms: number) => void (at += ms) };
}

const rows = () => database.db.select().from(jobs).orderBy(jobs.id);

describe('jobRunner', () => {
  it('runners side by side on one database run each job once, a bounded number at a time', async () => {
    const ran: number[] = [];
    let atOnce = 0;
    let most = 0;
    const kind = jobKind<{ n: number }>({
      name: 'count',
      async run({ n }) {
        atOnce += 1;
        most = Math.max(most, atOnce);
        await new Promise((resolve) => setImmediate(resolve));
        ran.push(n);
        atOnce -= 1;
      },
    });
    const clock = testClock();
    const { log } = recordingLogger();
    // Added by a third party (nobody runs them yet), then three runners claim side by side.
    const adder = jobRunner({ db: database.db, log, kinds: [], now: clock.now });
    for (let n = 0; n < 24; n++) await adder.enqueue(kind, { n });
    const runners = [1, 2, 3].map(() =>
      jobRunner({ db: database.db, log, kinds: [kind], now: clock.now, atOnce: 3 }),
    );
    const counts = await Promise.all(runners.map((r) => r.runDue()));
    expect(ran.toSorted((x, y) => x - y)).toEqual([...Array(24).keys()]);
    expect(counts.reduce((a, b) => a + b)).toBe(24);
    expect(most).toBeLessThanOrEqual(9);
    expect(await rows()).toEqual([]);
  });

  it('retries a failing job with a doubling back-off, then keeps it failed with its error', async () => {
    const clock = testClock();
    const { log, lines } = recordingLogger();
    const attempts: number[] = [];
    const kind = jobKind({
      name: 'flaky',
      tries: 3,
      firstRetryMs: 1000,
      run: (_payload, attempt) => {
        attempts.push(attempt);
        return Promise.reject(new Error('cache unreachable'));
      },
    });
    const runner = jobRunner({ db: database.db, log, kinds: [kind], now: clock.now });
    await runner.enqueue(kind, undefined);
    await runner.idle();
    const [first] = await rows();
    expect(first).toMatchObject({ state: 'waiting', attempts: 1, lastError: 'cache unreachable' });
    expect(first!.runAt.getTime() - clock.now().getTime()).toBe(1000);
    clock.advance(999);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    const [second] = await rows();
    expect(second!.runAt.getTime() - clock.now().getTime()).toBe(2000);
    clock.advance(2000);
    await runner.runDue();
    expect(attempts).toEqual([1, 2, 3]);
    expect(await rows()).toMatchObject([{ state: 'failed', attempts: 3 }]);
    clock.advance(3_600_000);
    expect(await runner.runDue()).toBe(0);
    expect(lines.filter((l) => l.startsWith('warn: Job flaky failed'))).toHaveLength(2);
    expect(lines.at(-1)).toBe(
      'error: Job flaky failed for good after 3 attempt(s): cache unreachable.',
    );
    expect(await runner.problems()).toMatchObject([
      { kind: 'flaky', state: 'failed', attempts: 3, lastError: 'cache unreachable' },
    ]);
  });

  it('a job outlives its process: a new runner takes it up, a lapsed claim included', async () => {
    const clock = testClock();
    const { log } = recordingLogger();
    const done: string[] = [];
    const kind = (name: string): JobKind<{ id: string }> => ({
      name: 'work',
      run: async ({ id }) => {
        if (name === 'dies') return new Promise<void>(() => {});
        done.push(id);
      },
    });
    const dying = jobRunner({ db: database.db, log, kinds: [kind('dies')], now: clock.now });
    await dying.enqueue(kind('dies'), { id: 'claimed' });
    await expect.poll(async () => (await rows())[0]?.state).toBe('running');
    dying.stop();
    // Added while no runner of its kind runs: waits in the table.
    const adder = jobRunner({ db: database.db, log, kinds: [], now: clock.now });
    await adder.enqueue(kind('lives'), { id: 'waiting' });

    const next = jobRunner({ db: database.db, log, kinds: [kind('lives')], now: clock.now });
    await next.runDue();
    expect(done).toEqual(['waiting']);
    clock.advance(JOB_LEASE_MS + 1);
    await next.runDue();
    expect(done).toEqual(['waiting', 'claimed']);
    expect(await rows()).toEqual([]);
  });

  it('schedules a recurring job once however many runners start, and runs it each period', async () => {
    const clock = testClock();
    const { log } = recordingLogger();
    let runs = 0;
    const kind = jobKind({ name: 'hourly', everyMs: 3_600_000, run: async () => void runs++ });
    const runners = [1, 2, 3].map(() =>
      jobRunner({ db: database.db, log, kinds: [kind], now: clock.now }),
    );
    await Promise.all(runners.map((r) => r.start()));
    await Promise.all(runners.map((r) => r.idle()));
    for (const r of runners) r.stop();
    expect(runs).toBe(1);
    expect(await rows()).toMatchObject([{ kind: 'hourly', key: 'hourly', state: 'waiting' }]);
    // The processes restart: scheduling again adds no second row.
    const again = [1, 2].map(() =>
      jobRunner({ db: database.db, log, kinds: [kind], now: clock.now }),
    );
    await Promise.all(again.map((r) => r.schedule()));
    clock.advance(3_599_999);
    expect((await Promise.all(again.map((r) => r.runDue()))).reduce((a, b) => a + b)).toBe(0);
    clock.advance(1);
    expect((await Promise.all(again.map((r) => r.runDue()))).reduce((a, b) => a + b)).toBe(1);
    expect(runs).toBe(2);
    expect(await rows()).toHaveLength(1);
  });

  it('a keyed job asked again while it runs runs once more after, not beside it', async () => {
    const clock = testClock();
    const { log } = recordingLogger();
    let release!: () => void;
    let runs = 0;
    const kind = jobKind({
      name: 'recount',
      run: async () => {
        runs += 1;
        if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
      },
    });
    const runner = jobRunner({ db: database.db, log, kinds: [kind], now: clock.now });
    await runner.enqueue(kind, undefined, { key: 'a7', again: true });
    await expect.poll(() => runs).toBe(1);
    await runner.enqueue(kind, undefined, { key: 'a7', again: true });
    await runner.enqueue(kind, undefined, { key: 'a7', again: true });
    expect(await rows()).toHaveLength(1);
    release();
    await runner.idle();
    expect(runs).toBe(2);
    expect(await rows()).toEqual([]);
  });

  it('once started, wakes by itself when a retry is due (the Node server)', async () => {
    const { log } = recordingLogger();
    const attempts: number[] = [];
    const kind = jobKind({
      name: 'once-flaky',
      firstRetryMs: 10,
      run: async (_payload, attempt) => {
        attempts.push(attempt);
        if (attempt === 1) throw new Error('not yet');
      },
    });
    const runner = jobRunner({ db: database.db, log, kinds: [kind] });
    await runner.start();
    await runner.enqueue(kind, undefined);
    // Nobody calls runDue: the runner's own wake-up runs the retry (within its shortest sleep).
    await expect.poll(() => attempts, { timeout: 5000 }).toEqual([1, 2]);
    runner.stop();
    await runner.idle();
    expect(await rows()).toEqual([]);
  });
});
