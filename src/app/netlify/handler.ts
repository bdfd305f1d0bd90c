import type { Hono, Context as HonoContext } from 'hono';
import { createBlobStore } from '../../server/blobs.ts';
import { storeAtFirstUse, type BlobStore } from '../../server/blobs/store.ts';
import { NETLIFY_POOL_MAX } from '../../server/config.ts';
import type { Config } from '../../server/config/schema.ts';
import type { AppDeps, AppEnv } from '../../server/context.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import type { DatabaseHandle } from '../../server/db/handle.ts';
import { errorBody } from '../../server/http/errors.ts';
import { securityHeaderValues } from '../../server/http/security-headers.ts';
import { isUnavailable } from '../../server/db/errors.ts';
import { createLogger, type Logger } from '../../server/log.ts';
import { describeBehind, schemaStatus, type SchemaStatus } from './schema-status.ts';

/**
 * The Netlify entry (ADR 0008): what every function with a path shares around its Hono app.
 * Netlify calls the default export of each function in netlify/functions/ with the request and
 * its Context; this is what they export. The staff's functions get the whole app (api.ts), the
 * visitors' one an app of visitor routes only (visitor.ts), so that a visitor's cold start loads
 * none of the staff's code. One instance serves one request at a time and may be frozen between
 * requests, so the pool is small and lets idle connections go.
 */

/** The part of Netlify's Context the app uses (see @netlify/functions' Context). */
export interface NetlifyContext {
  /** The visitor's address (sign-in throttling). */
  ip?: string;
  /** Keeps the instance alive for work after the answer (a first translation). */
  waitUntil?: (work: Promise<unknown>) => void;
}

/**
 * Where netlify.toml rewrites `/article?name=…` (the visitor page; `/article` alone is the
 * editor's static page). Netlify cannot route a function by query string, so a redirect rule
 * matching `name` rewrites to this path, which the function owns (docs/adr/0008).
 */
export const VISITOR_PAGE_REWRITE = '/_legenda/visitor-page';

/** Idle connections close after this long: a frozen instance should not hold server slots. */
export const NETLIFY_IDLE_TIMEOUT_MS = 10_000;

/** A schema found behind is looked at again after this long (someone may have migrated). */
const SCHEMA_RECHECK_MS = 5_000;

export interface NetlifyHandler {
  fetch(request: Request, context: NetlifyContext): Promise<Response>;
  close(): Promise<void>;
}

/** What a function's app answers with: createApp's, or the visitors' lighter one. */
export type FetchApp = Pick<Hono<AppEnv>, 'fetch'>;

/** A function's app, and what waits for the shared-cache purges its changes started. */
export interface FunctionApp {
  app: FetchApp;
  idle?: () => Promise<void>;
}

export async function createNetlifyHandler(
  settings: Config,
  makeApp: (deps: AppDeps) => FunctionApp,
  options: { log?: Logger; blobs?: BlobStore; schemaRecheckMs?: number } = {},
): Promise<NetlifyHandler> {
  if (!settings.databaseUrl) throw new Error('The Netlify entry needs DATABASE_URL.');
  const log = options.log ?? createLogger(settings);
  const database: DatabaseHandle = openPostgres(
    settings.databaseUrl,
    settings.databasePoolMax ?? NETLIFY_POOL_MAX,
    (error) => log.warn(`A database connection closed: ${error.message}`),
    { idleTimeoutMillis: NETLIFY_IDLE_TIMEOUT_MS, allowExitOnIdle: true },
  );
  const { app, idle } = makeApp({
    config: settings,
    db: database.db,
    blobs: options.blobs ?? storeAtFirstUse(() => createBlobStore(settings)),
    log,
    clientAddress: (c: HonoContext) =>
      (c.env as { context?: NetlifyContext } | undefined)?.context?.ip ?? 'unknown',
  });
  const schema = schemaGate(database, log, options.schemaRecheckMs ?? SCHEMA_RECHECK_MS);
  const headers = securityHeaderValues({ hsts: settings.secureCookies });

  return {
    async fetch(request, context) {
      const url = new URL(request.url);
      if (url.pathname === VISITOR_PAGE_REWRITE && !url.searchParams.has('name')) {
        // Only `/article?name=` is dynamic: without it, the editor's static page.
        return new Response(null, {
          status: 302,
          headers: { ...headers, Location: `/article${url.search}`, 'Cache-Control': 'no-store' },
        });
      }
      const refused = await schema.check(headers);
      if (refused) return refused;
      let appRequest = request;
      if (url.pathname === VISITOR_PAGE_REWRITE) {
        url.pathname = '/article';
        appRequest = new Request(url, request);
      }
      const waitUntil = context.waitUntil?.bind(context);
      const response = await app.fetch(
        appRequest,
        { context },
        waitUntil && { waitUntil, passThroughOnException: () => {}, props: {} },
      );
      // A change's CDN purges run after its answer: the instance lives until they are done.
      if (idle) waitUntil?.(idle());
      return response;
    },
    close: () => database.close(),
  };
}

/**
 * Migrations run at deploy (`npm run db:migrate` in the build), never at a cold start. An
 * instance whose database lacks this code's newest migration answers 503 and logs why, instead
 * of failing on a missing column somewhere. Once current, the check is not made again.
 */
function schemaGate(database: DatabaseHandle, log: Logger, recheckMs: number) {
  let current = false;
  let last: { at: number; status: Promise<SchemaStatus> } | undefined;
  const answer = (
    status: number,
    code: string,
    message: string,
    headers: Record<string, string>,
    retryAfter?: string,
  ) =>
    new Response(JSON.stringify(errorBody(code, message)), {
      status,
      headers: {
        ...headers,
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store',
        ...(retryAfter ? { 'Retry-After': retryAfter } : {}),
      },
    });

  return {
    async check(headers: Record<string, string>): Promise<Response | undefined> {
      if (current) return undefined;
      const now = Date.now();
      if (!last || now - last.at >= recheckMs) {
        const status = schemaStatus(database.db);
        last = { at: now, status };
        // Logged once per look, not once per request.
        status.then(
          (s) => {
            if (s.state === 'behind') log.error(describeBehind(s));
          },
          () => {},
        );
      }
      let status: SchemaStatus;
      try {
        status = await last.status;
      } catch (error) {
        last = undefined;
        if (isUnavailable(error)) {
          log.warn('Schema check: database unavailable');
          return answer(
            503,
            'unavailable',
            'Legenda cannot reach its database. Try again shortly.',
            headers,
            '5',
          );
        }
        log.error('Schema check failed', error);
        return answer(500, 'internal_error', 'Something went wrong on our side.', headers);
      }
      if (status.state === 'current') {
        current = true;
        return undefined;
      }
      return answer(
        503,
        'schema_behind',
        'Legenda is being updated: its database is not ready for this version yet. Try again shortly.',
        headers,
        '30',
      );
    },
  };
}
