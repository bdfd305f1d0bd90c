import { jobKind } from '../../server/jobs/kind.ts';
import type { Logger } from '../../server/log.ts';

/** How often the Node server takes up Translate now's pairs left waiting. */
export const PREPARE_DRAIN_EVERY_MS = 60_000;

/**
 * Translate now's pairs left waiting (a stop halfway, another process's claim gone stale), taken
 * up every minute by a recurring job (ADR 0042) on the Node server; a running worker is joined,
 * not doubled (prepare.ts). The pairs themselves wait in translation_queue, claimed with
 * `for update skip locked` as the jobs are. On Netlify the minute's scheduled function drains
 * them within its time budget (src/app/netlify/prepare.ts).
 */
export function prepareDrainJob(deps: {
  prepare: { drain(): Promise<number> };
  log: Logger;
  everyMs?: number;
}) {
  return jobKind({
    name: 'translate-now-drain',
    everyMs: deps.everyMs ?? PREPARE_DRAIN_EVERY_MS,
    async run() {
      const done = await deps.prepare.drain();
      if (done > 0) deps.log.info(`Translate now: ${done} article × language pair(s) done.`);
    },
  });
}
