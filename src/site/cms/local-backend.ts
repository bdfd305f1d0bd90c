import net from 'node:net';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../server/context.ts';

/**
 * The blog CMS's local backend: decap-server, started by `npm run cms` (local-server.ts), edits
 * this working copy's files for the CMS opened on localhost. Decap looks for it by itself, from
 * the browser, and a stopped one shows as a refused connection in the console, then Git Gateway's
 * sign-in, which cannot work on this computer. So the CMS page (public/admin/boot.js) asks
 * Legenda's server first, at LOCAL_BACKEND_PROBE, and says what to run when it is not there.
 */
export const LOCAL_BACKEND_PORT = 8081;
export const LOCAL_BACKEND_PROBE = '/admin/local-backend';

/** Does something accept connections on this port of this machine (closed at once)? */
export function localBackendRunning(port = LOCAL_BACKEND_PORT, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (running: boolean) => {
      socket.destroy();
      resolve(running);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Loopback addresses: only a browser on this computer is told about its ports. */
export function isLoopback(address: string | undefined): boolean {
  return (
    address !== undefined &&
    (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'))
  );
}

/**
 * GET LOCAL_BACKEND_PROBE: `{ running }`, always 200 (a failed request would show in the
 * console, which is what this avoids). A browser on another computer is told `false`.
 */
export function localBackendRoutes(deps: { clientAddress: (c: Context) => string; port?: number }) {
  const app = new Hono<AppEnv>();
  app.get(LOCAL_BACKEND_PROBE, async (c) => {
    const running = isLoopback(deps.clientAddress(c)) && (await localBackendRunning(deps.port));
    c.header('Cache-Control', 'no-store');
    return c.json({ running });
  });
  return app;
}
