import { createServices } from '../services.ts';
import { createBlobStore } from '../../server/blobs.ts';
import type { BlobStore } from '../../server/blobs/store.ts';
import { loadNetlifyConfig } from '../../server/config.ts';
import type { Config } from '../../server/config/schema.ts';
import type { Database } from '../../server/db/handle.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { errorReason, isUnavailable } from '../../server/db/errors.ts';
import { errorBody } from '../../server/http/errors.ts';
import { createLogger, type Logger } from '../../server/log.ts';
import { NETLIFY_IDLE_TIMEOUT_MS } from './handler.ts';
import { publishDueJob } from '../../features/editor/publish-job.ts';

/**
 * A scheduled function has 30 seconds: pairs are started within the first ten, so the last one
 * started (an article in a language, its batches in parallel) still finishes.
 */
export const SCHEDULED_PREPARE_BUDGET_MS = 10_000;

/**
 * The due jobs (ADR 0042): the planned publishes whose time has come
 * (docs/adr/0028-drafts-and-revisions.md), CDN purges to try again, recounts; then
 * Translate now on Netlify when nobody watches (netlify/functions/prepare.mts, every minute):
 * what a call left in the queue (review/prepare.ts: its budget spent, the page closed) is taken
 * up here, a few pairs a minute, until none waits. Netlify ignores the answer; it says what
 * happened, for its logs and for tests.
 */
export interface NetlifyPrepare {
  run(): Promise<Response>;
  close(): Promise<void>;
}

export async function createNetlifyPrepare(
  settings: Config,
  options: {
    log?: Logger;
    blobs?: BlobStore;
    db?: Database;
    budgetMs?: number;
    /** The clock of the planned publishes (a test's); the real one when not given. */
    now?: () => Date;
  } = {},
): Promise<NetlifyPrepare> {
  const log = options.log ?? createLogger(settings);
  let close = () => Promise.resolve();
  let db = options.db;
  if (!db) {
    if (!settings.databaseUrl) throw new Error('The Netlify entry needs DATABASE_URL.');
    const database = openPostgres(
      settings.databaseUrl,
      1,
      (error) => log.warn(`A database connection closed: ${error.message}`),
      { idleTimeoutMillis: NETLIFY_IDLE_TIMEOUT_MS, allowExitOnIdle: true },
    );
    db = database.db;
    close = () => database.close();
  }
  const services = createServices({
    config: settings,
    db,
    blobs: options.blobs ?? (await createBlobStore(settings)),
    log,
    clientAddress: () => '',
    ...(options.now && { now: options.now }),
  });
  // What this call's planned publishes did, for the answer.
  let published = 0;
  services.jobs.register(
    publishDueJob({
      publishing: services.publishing,
      log,
      everyMs: settings.publishCheckMs,
      done: (result) => void (published += result.published.length),
    }),
  );
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
    });

  return {
    async run() {
      try {
        // The due jobs first (ADR 0042): planned publishes, whose priority languages are
        // drained just after, and the CDN purges and recounts a function left waiting.
        published = 0;
        await services.jobs.schedule();
        await services.jobs.runDue();
        const prepared = await services.prepare.drain(
          options.budgetMs ?? SCHEDULED_PREPARE_BUDGET_MS,
        );
        await services.status.settled();
        // A planned publish or end purges its pages from the CDN before the function ends.
        await services.cdn.idle();
        if (prepared > 0) log.info(`Translate now: ${prepared} article × language pair(s) done.`);
        return json(200, published > 0 ? { prepared, published } : { prepared });
      } catch (error) {
        if (isUnavailable(error)) {
          log.warn(`Translate now: database unavailable (${errorReason(error)})`);
          return json(503, errorBody('unavailable', 'Legenda cannot reach its database.'));
        }
        log.error('Translate now failed', error);
        return json(500, errorBody('internal_error', 'Something went wrong on our side.'));
      }
    },
    close,
  };
}

let shared: Promise<NetlifyPrepare> | undefined;

/** The instance's Translate now worker, made once from the environment (loadNetlifyConfig). */
export function netlifyPrepare(): Promise<NetlifyPrepare> {
  shared ??= createNetlifyPrepare(loadNetlifyConfig());
  return shared;
}
