import { isBuiltin } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  bundledBy,
  bundleFunction,
  VISITOR_BYTES_TARGET,
} from '../../../tests/helpers/netlify-bundle.ts';

/**
 * The visitors' function (netlify/functions/visitor.mts) as Netlify deploys it (our build, then
 * Netlify's pass): small enough to start fast, because it holds none of the staff's code. Two
 * esbuild runs, nothing written, nothing loaded (tests/integration/netlify-bundle.test.ts loads
 * and calls every function).
 */

/**
 * Its most, in bytes: the bench's target (tests/bench/functions.ts), 1.5 MB. Without react-dom's
 * renderer, with the packages only some calls need loaded at their first use (docs/adr/0032) and
 * with the packages' production builds only (docs/adr/0033), 1.41 MB.
 */
const VISITOR_BUNDLE_BYTES = VISITOR_BYTES_TARGET;

/** Code only staff screens use: none of it may reach the visitors' bundle. */
const STAFF_ONLY = [
  /src\/features\/(editor|tree|imports|transfer|uploads)\//,
  /src\/features\/review\/(xliff|routes)/,
  /src\/features\/(usage\/chart|stats\/routes|settings\/(routes|service)|circuits\/routes|glossary\/routes)/,
  /src\/app\/(app|services)\.ts$/,
  /node_modules\/(sharp|jszip|mammoth|@xmldom|@electric-sql\/pglite|eld)\//,
];

describe('the visitor function, as Netlify deploys it', () => {
  it(`holds no staff code and weighs at most ${VISITOR_BUNDLE_BYTES} bytes`, async () => {
    const { bytes, metafile } = await bundleFunction('visitor');
    const inputs = Object.keys(metafile.inputs);
    for (const staff of STAFF_ONLY) {
      expect(
        inputs.filter((input) => staff.test(input)),
        String(staff),
      ).toEqual([]);
    }
    const largest = bundledBy(metafile)
      .slice(0, 8)
      .map((p) => `${p.name} ${Math.round(p.bytes / 1024)} KB`);
    expect(bytes, `largest parts: ${largest.join(', ')}`).toBeLessThanOrEqual(VISITOR_BUNDLE_BYTES);
    // A package left out of the bundle and imported statically would load at every cold start
    // all the same: each is imported with import(), at its first use.
    const loadedAtStart = Object.values(metafile.outputs)
      .flatMap((output) => output.imports)
      .filter((i) => i.external && i.kind === 'import-statement' && !isBuiltin(i.path))
      .map((i) => i.path);
    expect(loadedAtStart).toEqual([]);
  });
});

describe('the sign-in function, as Netlify deploys it', () => {
  // 0.72 MB since it holds the sign-in alone (login-app.ts); 2.8 MB and a 240 ms start while
  // it was the whole app. Neither the staff API nor the visitor pages belong in it.
  it('holds the auth routes and neither the staff API nor the visitor pages', async () => {
    const { metafile } = await bundleFunction('login');
    const inputs = Object.keys(metafile.inputs);
    expect(inputs).toContain('src/features/auth/routes.ts');
    for (const other of [...STAFF_ONLY, /src\/features\/reader\//, /src\/app\/visitor-app\.ts$/]) {
      expect(
        inputs.filter((input) => other.test(input)),
        String(other),
      ).toEqual([]);
    }
  });
});
