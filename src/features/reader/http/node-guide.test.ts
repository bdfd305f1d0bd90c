import http, { type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/helpers/use-test-app.ts';
import { silentLogger } from '../../../server/log.ts';
import { nodeListener } from '../../../app/node-listener.ts';
import { museumCommand } from '../../../app/cli/museum.ts';

/**
 * The Node entry's busy path for a kept guide home (node-guide.ts): the same bytes and headers
 * as the app sends through the Hono adapter, counted the same, and only a kept page.
 */
const state = useTestApp({ env: { COUNTS_FLUSH_MS: '0' } });

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(listener: http.RequestListener): Promise<string> {
  const server = http.createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: string[]; body: Buffer }>((resolve, reject) => {
    http
      .request(url, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const lines: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            if (res.rawHeaders[i]!.toLowerCase() === 'date') continue;
            lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
          }
          resolve({ status: res.statusCode ?? 0, headers: lines, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject)
      .end();
  });
}

describe('a kept guide home on the Node entry', () => {
  it('sends what the app sends, counted the same, leaving the rest to the app', async () => {
    const { t, database } = state;
    await museumCommand(database.db, { museum: 'Musée A', slug: 'musee-a' });
    let appAnswers = 0;
    const app = { fetch: (r: Request) => (appAnswers++, t.app.fetch(r)) };
    const address = (req: IncomingMessage) => String(req.headers['x-test-address'] ?? '192.0.2.1');
    const viaApp = await listen(getRequestListener(t.app.fetch));
    const viaNode = await listen(
      nodeListener(app, t.services, { hsts: false, clientAddress: address, log: silentLogger }),
    );
    const page = '/visit/musee-a?lang=fr';
    const first = await get(`${viaApp}${page}`, { 'accept-encoding': 'gzip' });
    expect(first.status).toBe(200);
    const kept = await get(`${viaNode}${page}`, {
      'accept-encoding': 'gzip',
      'x-test-address': '192.0.2.2',
    });
    expect(appAnswers).toBe(0);
    expect(kept.headers).toEqual(first.headers);
    expect(kept.body.equals(first.body)).toBe(true);
    // Sent again as it was made; asked otherwise (the language remembered, no compression,
    // revalidated), as the app sends it.
    const again = await get(`${viaNode}${page}`, { 'accept-encoding': 'gzip' });
    expect(again.headers).toEqual(first.headers);
    const variants: Record<string, string>[] = [
      { cookie: 'legenda_lang=fr' },
      { 'if-none-match': first.headers.find((h) => h.startsWith('ETag'))!.slice(6) },
    ];
    for (const headers of variants) {
      const [node, app] = [
        await get(`${viaNode}${page}`, headers),
        await get(`${viaApp}${page}`, headers),
      ];
      expect([node.status, node.headers]).toEqual([app.status, app.headers]);
      expect(node.body.equals(app.body)).toBe(true);
    }
    expect(appAnswers).toBe(0);
    // A search, a stop number, an unknown address: the app's.
    const search = await get(`${viaNode}/visit/musee-a?lang=fr&q=port`, {
      'accept-encoding': 'gzip',
    });
    await get(`${viaNode}/visit/musee-a?lang=fr&stop=3`);
    await get(`${viaNode}/visit/nowhere?lang=fr`);
    expect(appAnswers).toBe(3);
    // Each page shown asks its count request (the app's), as a browser does.
    const seen = (page: { body: Buffer }) =>
      /<img src="([^"]+)"/.exec(gunzipSync(page.body).toString())![1]!.replaceAll('&amp;', '&');
    await get(`${viaApp}${seen(first)}`);
    await get(`${viaApp}${seen(kept)}`, { 'x-test-address': '192.0.2.2' });
    await get(`${viaApp}${seen(search)}`);
    const rows = await database.db.execute(sql`select count from daily_guide_visits`);
    // Two visitors: the second counted by the busy path (its reloads once); the search is the
    // first one's again.
    expect((rows as unknown as { rows: { count: number }[] }).rows).toEqual([{ count: 2 }]);
  });
});
