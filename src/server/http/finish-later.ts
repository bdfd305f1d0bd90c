import type { Context } from 'hono';

/**
 * Hands work to the platform to finish after answering (Netlify, workers). On Node there is no
 * such context (Hono throws when asked) and the process simply lives on. Ask only when there is
 * work: an exception per request made the busy path of cached pages half as fast.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any app's context
export function finishLater(c: Context<any>, work: Promise<unknown>): void {
  let context: { waitUntil(work: Promise<unknown>): void };
  try {
    context = c.executionCtx;
  } catch {
    return;
  }
  context.waitUntil(work);
}
