import { describe } from 'vitest';
import { varnishMissing } from './varnish.ts';

/**
 * `describe`, or a skipped `describe` whose name says why when varnishd is missing (the reason
 * shows in Vitest's output next to the skipped tests); under CI a missing varnishd fails.
 */
export function describeWithVarnish(name: string, body: () => void): void {
  const missing = varnishMissing();
  if (missing) {
    // Also said plainly: Vitest's default report names skipped files, not why.
    console.warn(`[test:cdn] ${name}: skipped, it ${missing}.`);
    describe.skip(`${name} [skipped: it ${missing}]`, body);
  } else describe(name, body);
}
