import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { functionFiles } from '../helpers/netlify.ts';
import { netlifyBuildOptions } from '../helpers/netlify-bundle.ts';
import { ROOT } from '../helpers/server.ts';

/**
 * The functions bundled the way Netlify bundles TypeScript functions (netlify-bundle.ts: one
 * esbuild bundle per file, ES module for .mts, Node platform, Netlify's banner, the
 * external_node_modules of netlify.toml left out), then loaded and called: the bundle must hold everything the
 * function needs (the migration journal included) and answer. No database here: the answer is
 * the clear 503 of an unreachable one.
 */
const out = path.join(ROOT, '.tmp', `netlify-bundle-${process.pid}`);

let errors: unknown[] = [];

beforeAll(async () => {
  vi.stubEnv('DATABASE_URL', 'postgres://nobody@127.0.0.1:1/unreachable');
  vi.stubEnv('PUBLIC_SITE_URL', 'https://legenda.example');
  vi.stubEnv('BLOB_STORE', 'memory');
  vi.stubEnv('LOG_LEVEL', 'silent');
  // An engine is configured (never reached): Translate now's function then reads its queue.
  vi.stubEnv('OPENAI_BASE_URL', 'http://127.0.0.1:1/v1');
  vi.stubEnv('OPENAI_API_KEY', 'unused');
  // One esbuild run for all files (Netlify makes one bundle per file, as this does).
  const result = await build(
    netlifyBuildOptions(
      functionFiles().map((f) => f.file),
      out,
    ),
  );
  errors = result.errors;
});

afterAll(() => {
  vi.unstubAllEnvs();
  fs.rmSync(out, { recursive: true, force: true });
});

// Each bundle is a whole app of several megabytes, parsed and started afresh: seconds each on a
// quiet machine, many more while the rest of the suite runs beside it.
describe('the Netlify functions, bundled', { timeout: 120_000 }, () => {
  for (const { name, file } of functionFiles()) {
    it(`${name}: bundles, loads and answers`, async () => {
      expect(errors).toEqual([]);
      const outfile = path.join(out, `${path.basename(file).replace(/\.m?ts$/, '')}.mjs`);
      expect(fs.existsSync(outfile), outfile).toBe(true);
      const mod = (await import(pathToFileURL(outfile).href)) as {
        default: (request: Request, context: object) => Promise<Response>;
        config: { path?: string[]; method?: string[]; schedule?: string };
      };
      // Netlify calls a scheduled function with a POST of its next run.
      const method = mod.config.method?.[0] ?? (mod.config.schedule ? 'POST' : 'GET');
      const where = mod.config.path?.[0] ?? `/.netlify/functions/${name}`;
      const res = await mod.default(
        new Request(`https://legenda.example${where}`, {
          method,
          headers: { 'content-type': 'application/json', origin: 'https://legenda.example' },
          body: method === 'GET' ? undefined : '{}',
        }),
        { ip: '203.0.113.7', waitUntil: () => {} },
      );
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unavailable');
    });
  }
});
