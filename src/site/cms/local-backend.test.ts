import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  LOCAL_BACKEND_PROBE,
  isLoopback,
  localBackendRoutes,
  localBackendRunning,
} from './local-backend.ts';

/**
 * The blog CMS's page asks Legenda's server whether `npm run cms` runs, rather than trying its
 * address from the browser (a refused connection in the console when it does not).
 */
let server: net.Server | undefined;

/** A port something listens on, and one nothing listens on any more. */
async function listening(): Promise<number> {
  server = net.createServer((socket) => socket.end());
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

async function closed(): Promise<number> {
  const port = await listening();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
  return port;
}

afterEach(async () => {
  if (server) await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

describe('the local backend of the blog CMS', () => {
  it('is running when its port accepts a connection, and not when nothing listens', async () => {
    expect(await localBackendRunning(await closed())).toBe(false);
    expect(await localBackendRunning(await listening())).toBe(true);
  });

  it('is told to a browser on this computer only, always with a 200', async () => {
    const port = await listening();
    const ask = (address: string) =>
      localBackendRoutes({ clientAddress: () => address, port }).request(LOCAL_BACKEND_PROBE);
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const answer = await ask(address);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(await answer.json(), address).toEqual({ running: true });
    }
    expect(await (await ask('203.0.113.7')).json()).toEqual({ running: false });
    expect(isLoopback(undefined)).toBe(false);
  });

  it('answers false when it is not running', async () => {
    const port = await closed();
    const answer = await localBackendRoutes({ clientAddress: () => '127.0.0.1', port }).request(
      LOCAL_BACKEND_PROBE,
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ running: false });
  });
});
