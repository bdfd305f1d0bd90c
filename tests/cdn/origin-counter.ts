import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A counting pass-through between a cache and the origin: every request the cache sends is
 * counted here, at the origin's door, then forwarded as it is (method, address, headers, body)
 * and answered with what the origin answered. What the cache kept never reaches it.
 */
export interface OriginCounter {
  /** http://127.0.0.1:{port}: the cache's backend. */
  url: string;
  /** Requests forwarded so far, by path (without the query). */
  byPath(): ReadonlyMap<string, number>;
  /** Requests forwarded so far whose path `matches`. */
  count(matches?: (path: string) => boolean): number;
  reset(): void;
  close(): Promise<void>;
}

export async function startOriginCounter(origin: string): Promise<OriginCounter> {
  const target = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const counts = new Map<string, number>();

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0] ?? url;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const forwarded = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: url,
        headers: req.headers,
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    forwarded.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`origin unreachable: ${error.message}`);
    });
    req.pipe(forwarded);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    byPath: () => counts,
    count: (matches = () => true) =>
      [...counts].reduce((n, [path, c]) => (matches(path) ? n + c : n), 0),
    reset: () => counts.clear(),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
