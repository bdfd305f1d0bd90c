import { isSaveRequest, SAVE_HEADER } from '../../src/features/reader/offline.ts';
import type { PurgeSend } from '../../src/server/http/cdn-purge.ts';
import type { BeaconLimits } from '../../src/features/stats/reading.ts';
import type { Context } from 'hono';
import { createApp } from '../../src/app/app.ts';
import { createServices } from '../../src/app/services.ts';
import { createMemoryBlobStore, type BlobStore } from '../../src/server/blobs/store.ts';
import { parseConfig } from '../../src/server/config.ts';
import type { Config } from '../../src/server/config/schema.ts';
import type { Database } from '../../src/server/db/handle.ts';
import { silentLogger, type Logger } from '../../src/server/log.ts';
import { accountsService } from '../../src/features/accounts/service.ts';
import type { ScryptParams } from '../../src/features/auth/passwords.ts';
import type { EngineBudget } from '../../src/features/reader/visit/engine-gate.ts';

/** Cheap scrypt for test accounts; the stored hash carries its parameters, so login verifies. */
export const FAST_SCRYPT: ScryptParams = { log2N: 10, r: 8, p: 1 };

export const ORIGIN = 'http://localhost:4321';

export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export function testClock(start = new Date('2026-11-21T10:00:00Z')): TestClock {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (ms) => void (t += ms) };
}

export function testApp(
  db: Database,
  options: {
    env?: Record<string, string>;
    clock?: TestClock;
    passwordParams?: ScryptParams;
    blobs?: BlobStore;
    log?: Logger;
    /** The museums' monthly budgets as visitors' routes ask them (a stand-in). */
    budget?: EngineBudget;
    /** The visitor beacons' bounds (stats/reading.ts). */
    beaconLimits?: BeaconLimits;
    /** How shared caches are purged (server/http/cdn-purge.ts); none when not given. */
    purge?: PurgeSend;
  } = {},
) {
  // The fake engine answers `[es] ` and the source text: in another language than asked.
  const config: Config = parseConfig({
    NODE_ENV: 'test',
    TRANSLATION_LANGUAGE_CHECK: 'off',
    ...options.env,
  });
  const clock = options.clock ?? testClock();
  const blobs = options.blobs ?? createMemoryBlobStore();
  const deps = {
    config,
    db,
    blobs,
    log: options.log ?? silentLogger,
    now: clock.now,
    passwordParams: options.passwordParams ?? FAST_SCRYPT,
    clientAddress: (c: Context) => c.req.header('x-test-address') ?? '192.0.2.1',
    budget: options.budget,
    beaconLimits: options.beaconLimits,
    purge: options.purge,
  };
  const services = createServices(deps);
  const app = createApp(deps, services);
  const base = config.publicSiteUrl;

  const request = (path: string, init: RequestInit = {}) => app.request(`${base}${path}`, init);

  /**
   * A visitor page shown as a browser shows it: the page, then its count request (the image
   * render/links.ts seenHref writes) with the same headers, before the page is handed back; a
   * save for offline reading is a fetch, which asks no image. `seen`: the count request's answer,
   * which sets the cookies the page's address chose.
   */
  const show = async (
    path: string,
    init: RequestInit = {},
  ): Promise<Response & { seen?: Response | undefined }> => {
    const page = await request(path, init);
    const headers = new Headers(init.headers);
    if (isSaveRequest(headers.get(SAVE_HEADER) ?? undefined)) return page;
    const src = await countRequestOf(page);
    if (src === undefined) return page;
    const seen = await request(src, { headers });
    if (seen.status !== 204) throw new Error(`${src} answered ${seen.status}`);
    return Object.assign(page, { seen });
  };

  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  return {
    app,
    services,
    config,
    clock,
    blobs,
    request,
    show,
    postJson,
    accounts: accountsService(db, { scrypt: FAST_SCRYPT }),
    /** Signs in and returns the Cookie header to send back. */
    async login(email: string, password: string): Promise<string> {
      const res = await postJson('/login', { email, password });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
      return cookieFrom(res);
    },
  };
}

export function cookieFrom(res: Response): string {
  const header = res.headers.get('set-cookie');
  if (!header) throw new Error('no set-cookie header');
  return header.split(';')[0] ?? '';
}

/**
 * The count request a visitor page asks (render/document.ts), read from the start of a copy of
 * the answer: a streamed page's first piece has it, and the rest is left to the test to read.
 */
async function countRequestOf(page: Response): Promise<string | undefined> {
  if (!page.body || !(page.headers.get('content-type') ?? '').startsWith('text/html')) {
    return undefined;
  }
  const encoding = page.headers.get('content-encoding');
  const raw = page.clone().body!;
  const body = encoding === 'gzip' ? raw.pipeThrough(new DecompressionStream('gzip')) : raw;
  if (encoding && encoding !== 'gzip') {
    await raw.cancel();
    throw new Error(`show() reads gzip or plain pages, not ${encoding}`);
  }
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let html = '';
  // The image comes first in the body: the head and the body's first tag are enough.
  while (!html.includes('<body>') || html.length < html.indexOf('<body>') + 400) {
    const next = await reader.read();
    if (next.done) break;
    html += next.value;
  }
  await reader.cancel();
  return /<body><img src="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
}
