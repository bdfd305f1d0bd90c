import { jobKind } from '../../server/jobs/kind.ts';
import type { Logger } from '../../server/log.ts';
import type { DueDone } from './publishing.ts';

/**
 * The planned publishes and planned ends whose time has come (publishing.ts `publishDue`), as a
 * recurring job (ADR 0042) every `everyMs` (PUBLISH_CHECK_MS): an article goes live or leaves
 * within that time of its hour. The Node server's runner and Netlify's scheduled function
 * (netlify/functions/prepare.mts) run it; `done` hears what each run did.
 */
export function publishDueJob(deps: {
  publishing: { publishDue(): Promise<DueDone> };
  log: Logger;
  everyMs: number;
  done?: (result: DueDone) => void;
}) {
  const { log } = deps;
  return jobKind({
    name: 'publish-due',
    everyMs: deps.everyMs,
    async run() {
      const result = await deps.publishing.publishDue();
      const { published, failed, ended } = result;
      if (published.length > 0) log.info(`Published ${published.length} planned article(s).`);
      if (ended.length > 0) log.info(`Took ${ended.length} article(s) off the guide as planned.`);
      for (const { id, reason } of failed) {
        log.warn(`The planned publish of article ${id} was called off: ${reason}`);
      }
      deps.done?.(result);
    },
  });
}
