import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/db.ts';
import { silentLogger } from '../../server/log.ts';
import { jobRunner } from '../../server/jobs/runner.ts';
import type { ReviewService } from './service.ts';
import type { StatusRepo } from './status-repo.ts';
import { statusService } from './status.ts';

/** A museum of 4 articles read in 3 languages, whose recounts are counted, not made. */
function counting() {
  const recounts: string[] = [];
  const repo = {
    museumOf: async () => 1,
    languages: async () => ['es', 'de', 'it'],
    counted: async () => [1, 2, 3, 4],
  } as unknown as StatusRepo;
  const review = {
    recount: async (_museum: number, article: number, lang: string) => {
      await new Promise((resolve) => setImmediate(resolve));
      recounts.push(`${article}:${lang}`);
    },
  } as unknown as ReviewService;
  // The recounts are jobs (ADR 0042): a runner on a real database.
  const jobs = jobRunner({ db: database.db, log: silentLogger });
  return { recounts, status: statusService({ repo, review, jobs }) };
}

let database: TestDatabase;
beforeAll(async () => void (database = await createTestDatabase()));
afterAll(() => database.close());

describe('the museum-wide recount (a glossary entry saved)', () => {
  it('asked again and again while it runs, runs once more after it, not once per ask', async () => {
    const { recounts, status } = counting();
    const first = status.laterMuseum(1);
    // Ten saves one after another while the first pass runs.
    for (let i = 0; i < 10; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      void status.laterMuseum(1);
    }
    await first;
    await status.settled();
    // Two passes of 4 articles × 3 languages at most.
    expect(recounts.length).toBeLessThanOrEqual(2 * 12);
    expect(new Set(recounts).size).toBe(12);
    // Asked after everything settled: a pass of its own.
    await status.laterMuseum(1);
    await status.settled();
    expect(recounts.length).toBeLessThanOrEqual(3 * 12);
    expect(recounts.length).toBeGreaterThanOrEqual(2 * 12);
  });
});
