import type { Context as HonoContext } from 'hono';
import { createApp } from '../../src/server/app.ts';
import { createBlobStore } from '../../src/server/blobs.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openPostgres } from '../../src/server/db/index.ts';
import { createLogger } from '../../src/server/log.ts';

/**
 * Netlify entry: every dynamic route goes to the one Hono app (DESIGN 1). Netlify gives the
 * visitor's address in its context; the database is PostgreSQL through DATABASE_URL.
 */
interface NetlifyContext {
  ip?: string;
  /** Keeps the function alive for work after the answer (a first translation). */
  waitUntil?: (work: Promise<unknown>) => void;
}

// A function instance may be frozen at any moment: visitor counts are written at once.
const settings = loadConfig({ COUNTS_FLUSH_MS: '0' });
if (!settings.databaseUrl) {
  throw new Error(
    'DATABASE_URL must be set on Netlify (Netlify Database, Neon or any PostgreSQL).',
  );
}
const log = createLogger(settings.logLevel);
const database = openPostgres(settings.databaseUrl, 5, (error) =>
  log.warn(`A database connection closed: ${error.message}`),
);
const ready = database.migrate();

const app = createApp({
  config: settings,
  db: database.db,
  blobs: await createBlobStore(settings),
  log,
  clientAddress: (c: HonoContext) =>
    (c.env as { context?: NetlifyContext } | undefined)?.context?.ip ?? 'unknown',
});

export default async (request: Request, context: NetlifyContext) => {
  await ready;
  const waitUntil = context.waitUntil?.bind(context);
  return app.fetch(
    request,
    { context },
    waitUntil && { waitUntil, passThroughOnException: () => {}, props: {} },
  );
};

// Netlify reads this statically, so it is spelled out; a test checks it matches API_ROUTES.
export const config = {
  path: ['/session', '/login', '/logout', '/api/*', '/media/*', '/r/*', '/healthz'],
};
