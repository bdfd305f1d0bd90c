import './production-builds.ts';
import { fileURLToPath } from 'node:url';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { accountsService } from '../features/accounts/service.ts';
import { purgeJobs } from '../features/auth/purge.ts';
import { publishDueJob } from '../features/editor/publish-job.ts';
import { prepareDrainJob } from '../features/review/prepare-job.ts';
import { purgeUnnamedUploads } from '../features/uploads/purge.ts';
import { demoAtFirstStart } from '../features/demo/service.ts';
import { createApp } from './app.ts';
import { createServices, type Services } from './services.ts';
import { createBlobStore } from '../server/blobs.ts';
import { loadConfig } from '../server/config.ts';
import { ConfigError, type Config } from '../server/config/schema.ts';
import { DataDirInUseError } from '../server/db/lock.ts';
import { forwardedClient } from '../server/http/forwarded.ts';
import { createLogger, type Logger } from '../server/log.ts';
import { nodeListener } from './node-listener.ts';
import { listenAddress, startMessage } from './start-message.ts';
import { openDatabase, type OpenedDatabase } from './runtime.ts';
import { chosenSite, resolveSite, serveFrom } from './site-build/folders.ts';
import { staticSite } from './static-site.ts';

/** The Node entry: one process serving the built site and the API on one port. */
const distDir = fileURLToPath(new URL('../../dist', import.meta.url));

function clientAddress(config: Config) {
  return (c: Context): string => {
    if (config.trustProxy) {
      const forwarded = forwardedClient(c.req.header('x-forwarded-for'));
      if (forwarded) return forwarded;
    }
    try {
      return getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      return 'unknown';
    }
  };
}

/** The same address from Node's own request, for the busy paths (node-listener.ts). */
function nodeClientAddress(config: Config) {
  return (req: IncomingMessage): string => {
    if (config.trustProxy) {
      const header = req.headers['x-forwarded-for'];
      const forwarded = forwardedClient(Array.isArray(header) ? header.join(', ') : header);
      if (forwarded) return forwarded;
    }
    return req.socket.remoteAddress ?? 'unknown';
  };
}

/** The settings, or the process stops saying which one is wrong. */
function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(
        `[legenda] cannot start. ${error.message}\nSee .env.example for every setting.`,
      );
      process.exit(1);
    }
    throw error;
  }
}

/** The database, migrated, or the process stops saying why it could not be opened. */
async function databaseOrExit(config: Config, log: Logger): Promise<OpenedDatabase> {
  try {
    return await openDatabase(config, log);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(`[legenda] cannot start. ${error.message}`);
      process.exit(1);
    }
    console.error('[legenda] cannot open the database:', (error as Error).message);
    process.exit(1);
  }
}

/**
 * The server's background work on its jobs runner (ADR 0042): the planned publishes and ends
 * every PUBLISH_CHECK_MS, the hourly purges, Translate now's pairs left waiting every minute, and the jobs the services add (CDN purges, the
 * overview's recounts). Returns what stops it.
 */
function startJobs(
  services: Services,
  deps: { config: Config; log: Logger; uploads: () => Promise<number> },
) {
  const { jobs } = services;
  const { log } = deps;
  jobs.register(
    publishDueJob({ publishing: services.publishing, log, everyMs: deps.config.publishCheckMs }),
  );
  for (const kind of purgeJobs(services.auth, log, { uploads: deps.uploads })) jobs.register(kind);
  jobs.register(prepareDrainJob({ prepare: services.prepare, log }));
  void jobs.start();
  return () => jobs.stop();
}

/**
 * On SIGTERM or SIGINT: requests in flight finish (cut after 10 s), the background work stops,
 * the counts are written and the database closes before the process exits.
 */
function stopOnSignals(
  server: Server,
  log: Logger,
  parts: { services: Services; database: OpenedDatabase; background: (() => void)[] },
): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing requests in flight, then stopping.`);
    const force = setTimeout(() => {
      log.warn('Requests still running after 10 s; stopping anyway.');
      server.closeAllConnections();
    }, 10_000);
    force.unref();
    for (const stopWork of parts.background) stopWork();
    server.close(async () => {
      clearTimeout(force);
      try {
        await parts.services.counter.flush();
        await parts.database.close();
        log.info('Stopped cleanly.');
        process.exit(0);
      } catch (error) {
        log.error('The database did not close cleanly', error);
        process.exit(1);
      }
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

async function main(): Promise<void> {
  const config = configOrExit();
  const log = createLogger(config);
  const database = await databaseOrExit(config, log);
  const db = database.handle.db;

  const first = await accountsService(db).ensureFirstAccount(config.admin);

  const blobs = await createBlobStore(config);
  const deps = { config, db, blobs, log, clientAddress: clientAddress(config) };
  const services = createServices(deps);
  // The first start also writes the demo article the public landing page links to.
  if (first) await demoAtFirstStart({ db, log, services }, first.museum);
  const app = createApp(deps, services);
  // The folder npm start built or chose, else the one dist names now: a later `npm start` may
  // point dist elsewhere, never at this server's pages (ADR 0010).
  const site = chosenSite() ?? resolveSite(distDir);
  const unmarkSite = serveFrom(site);
  process.once('exit', unmarkSite);
  app.all('*', staticSite(site));
  const stopJobs = startJobs(services, {
    config,
    log,
    uploads: () => purgeUnnamedUploads({ db, blobs, now: () => new Date() }),
  });

  // Kept visitor pages and scans of /r/{code} are answered before the Hono adapter.
  const server = createServer(
    nodeListener(app, services, {
      hsts: config.secureCookies,
      clientAddress: nodeClientAddress(config),
      log,
    }),
  );
  // Idle keep-alive connections stay 65 s, not Node's 5: a client or proxy that pools them
  // (nginx, a load balancer, Playwright's request API) may send on one just as the server closes
  // it, and gets a reset; the server must be the side that keeps them longer. Node requires
  // headersTimeout above it.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(config.port, config.host, () => {
    const bound = server.address() as AddressInfo;
    // PORT=0 takes a free port: the site's default address names the one taken.
    const site = config.publicSiteUrl.includes(`:${config.port}`)
      ? config.publicSiteUrl.replace(`:${config.port}`, `:${bound.port}`)
      : config.publicSiteUrl;
    const at = { ...listenAddress(config.host, bound), site, siteSet: config.publicSiteUrlSet };
    log.info(startMessage(at, config, database.handle.kind, first));
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE'
        ? `[legenda] cannot start: port ${config.port} is already in use. Set PORT to another port.`
        : `[legenda] server error: ${error.message}`,
    );
    void database.close().finally(() => process.exit(1));
  });
  stopOnSignals(server, log, {
    services,
    database,
    background: [stopJobs],
  });
}

await main();
