import { isBuiltin } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  bundledBy,
  bundleFunction,
  VISITOR_BYTES_TARGET,
} from '../../../tests/helpers/netlify-bundle.ts';

/**
 * The visitors' function (netlify/functions/visitor.mts) as Netlify bundles it: small enough to
 * start fast, because it holds none of the staff's code. One esbuild run, nothing written, nothing
 * loaded (tests/integration/netlify-bundle.test.ts loads and calls every bundle).
 */

/**
 * Its most, in bytes: the bench's target (tests/bench/functions.ts), 1.5 MiB. 7.3 MiB while
 * visitors shared the api function; 3.73 MiB at the start of 2026-11-28, of which 1.36 MiB was
 * react-dom's server renderer; 1.47 MiB since, with pages written by render/markup.ts and the
 * packages only some calls need left out and loaded at their first use
 * (docs/adr/0032-a-light-visitor-function.md).
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

describe('the visitor function, bundled as Netlify bundles it', () => {
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
