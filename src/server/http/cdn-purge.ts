import { jobKind } from '../jobs/kind.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { Logger } from '../log.ts';

/** Tells a shared cache to drop every page carrying one of `tags`; rejects when it did not. */
export type PurgeSend = (tags: readonly string[]) => Promise<void>;

/**
 * A self-hosted cache's purge hook (CDN_PURGE_URL): `POST {url}` with the tags in a
 * `Surrogate-Key` header (space-separated, as Varnish and Fastly read them) and in a JSON body
 * (`{"tags": [...]}`, for a script calling a CDN's API), and the token as a bearer when there is
 * one. Any 2xx is success.
 */
export function purgeHook(
  url: string,
  token: string | undefined,
  fetchImpl: typeof fetch = fetch,
): PurgeSend {
  return async (tags) => {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'Surrogate-Key': tags.join(' '),
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await fetchImpl(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ tags }),
      signal: AbortSignal.timeout(10_000),
    });
    // The body is not read: drained so the connection is free again.
    await response.body?.cancel();
    if (!response.ok) throw new Error(`the purge hook answered ${response.status}`);
  };
}

/** Tries of one purge, the first included, and the wait before the second (then doubled). */
export const PURGE_TRIES = 5;
export const PURGE_FIRST_RETRY_MS = 1_000;

/**
 * Purges in the background, as jobs (ADR 0042): `purge` returns at once, so a curator's save
 * never waits for the cache nor fails with it. A purge that fails is tried again (1, 2, 4, 8 s
 * later), each failure logged; after the last, an error in the log says which tags a shared
 * cache may still show old (docs/adr/0031-visitor-pages-behind-a-cdn.md). The purge waits in the
 * jobs table, so a process stopped (a Netlify function frozen) between two tries loses none.
 * Without `send`, nothing to purge.
 */
export function cdnPurger(options: {
  send: PurgeSend | undefined;
  log: Logger;
  jobs: JobRunner;
  tries?: number;
  firstRetryMs?: number;
}) {
  const { send, log, jobs } = options;
  const kind =
    send &&
    jobs.register(
      jobKind<{ tags: string[] }>({
        name: 'cdn-purge',
        tries: options.tries ?? PURGE_TRIES,
        firstRetryMs: options.firstRetryMs ?? PURGE_FIRST_RETRY_MS,
        describe: ({ tags }) => tags.join(' '),
        failedMeans: 'Shared caches may show these pages as they were.',
        run: ({ tags }) => send(tags),
      }),
    );

  return {
    /** Drops the pages carrying any of `tags` from shared caches, in the background. */
    purge(tags: readonly string[]): void {
      if (!kind || tags.length === 0) return;
      jobs.enqueue(kind, { tags: [...new Set(tags)] }).catch((error: unknown) => {
        log.error('CDN purge not recorded: shared caches may show these pages as they were', {
          tags,
          reason: error instanceof Error ? error.message : String(error),
        });
      });
    },
    /** Resolves when the purges asked so far are done, or wait in the table for their retry. */
    idle: () => jobs.idle(),
  };
}

export type CdnPurger = ReturnType<typeof cdnPurger>;
