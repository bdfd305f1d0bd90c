import { afterAll, vi } from 'vitest';
import { startServer, type RunningServer } from './server.ts';

/**
 * For a test file that starts real server processes: generous limits (each start of the embedded
 * database costs seconds, more on a busy machine), and every server started through the returned
 * `start` is killed after the file.
 */
export function useServers(): (env: Record<string, string>) => Promise<RunningServer> {
  vi.setConfig({ testTimeout: 180_000, hookTimeout: 60_000 });
  const running: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(running.map((s) => s.stop('SIGKILL')));
  });
  return async (env) => {
    const server = await startServer(env);
    running.push(server);
    return server;
  };
}
