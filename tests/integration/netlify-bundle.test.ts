import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildFunctions, LOADED_AT_FIRST_USE } from '../../src/app/netlify/bundle.ts';
import { functionFiles } from '../helpers/netlify.ts';
import { deployAsNetlify } from '../helpers/netlify-bundle.ts';
import { ROOT } from '../helpers/server.ts';

/**
 * The functions as Netlify deploys them: built by `npm run build:functions`'s code
 * (buildFunctions), then passed through Netlify's own bundling of each file (netlify-bundle.ts),
 * then loaded and called. The files must hold everything the functions need (the migration
 * journal included) but the packages loaded at their first use, and answer. No database here:
 * the answer is the clear 503 of an unreachable one.
 */
const out = path.join(ROOT, '.tmp', `netlify-bundle-${process.pid}`);

let deployed: Map<string, string>;
let stillImported: string[];

beforeAll(async () => {
  vi.stubEnv('DATABASE_URL', 'postgres://nobody@127.0.0.1:1/unreachable');
  vi.stubEnv('PUBLIC_SITE_URL', 'https://legenda.example');
  vi.stubEnv('BLOB_STORE', 'memory');
  vi.stubEnv('LOG_LEVEL', 'silent');
  // An engine is configured (never reached): Translate now's function then reads its queue.
  vi.stubEnv('OPENAI_BASE_URL', 'http://127.0.0.1:1/v1');
  vi.stubEnv('OPENAI_API_KEY', 'unused');
  const { functions, metafile } = await buildFunctions(ROOT, path.join(out, 'built'));
  deployed = await deployAsNetlify(functions, path.join(out, 'deployed'));
  stillImported = Object.values(metafile.outputs)
    .flatMap((output) => output.imports)
    .filter((i) => i.external && !isBuiltin(i.path))
    .map((i) => i.path);
});

afterAll(() => {
  vi.unstubAllEnvs();
  fs.rmSync(out, { recursive: true, force: true });
});

// Each bundle is a whole app of several megabytes, parsed and started afresh: seconds each on a
// quiet machine, many more while the rest of the suite runs beside it.
describe('the Netlify functions, bundled', { timeout: 120_000 }, () => {
  it('leaves out of the files only the packages loaded at their first use, and sharp', () => {
    // pg asks for its optional native driver inside a try, only when told to use it: never
    // installed, it stays a name esbuild cannot resolve.
    const packages = stillImported
      .map((specifier) => /^(?:@[^/]+\/)?[^/]+/.exec(specifier)![0])
      .filter((name) => name !== 'pg-native');
    for (const name of packages) expect(LOADED_AT_FIRST_USE, name).toContain(name);
    // The staff's function processes photos with sharp's native library, shipped installed.
    expect(stillImported).toContain('sharp');
  });

  for (const { name, file } of functionFiles()) {
    it(`${name}: built, loads and answers`, async () => {
      const outfile = deployed.get(name)!;
      expect(fs.existsSync(outfile), outfile).toBe(true);
      const mod = (await import(pathToFileURL(outfile).href)) as {
        default: (request: Request, context: object) => Promise<Response>;
        config: { path?: string[]; method?: string[]; schedule?: string };
      };
      // Netlify reads the routes from the file it is given: the built one says what the source says.
      const source = (await import(file)) as { config: unknown };
      expect(mod.config).toEqual(source.config);
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
