import type { BeaconLimits } from '../../src/features/stats/reading.ts';
import type { Context } from 'hono';
import { createApp, createServices } from '../../src/app/app.ts';
import { createMemoryBlobStore, type BlobStore } from '../../src/server/blobs.ts';
import { parseConfig, type Config } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/index.ts';
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
  };
  const services = createServices(deps);
  const app = createApp(deps, services);
  const base = config.publicSiteUrl;

  const request = (path: string, init: RequestInit = {}) => app.request(`${base}${path}`, init);

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
