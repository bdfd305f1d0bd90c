import { describe, expect, it } from 'vitest';
import { bundledBy, bundleFunction } from '../../../tests/helpers/netlify-bundle.ts';

/**
 * The visitors' function (netlify/functions/visitor.mts) as Netlify bundles it: small enough to
 * start fast, because it holds none of the staff's code. One esbuild run, nothing written, nothing
 * loaded (tests/integration/netlify-bundle.test.ts loads and calls every bundle).
 */

/**
 * Its most, in bytes. 7.3 MB while visitors shared the api function (its 8.7 MB less the staff
 * code); 3.89 MB on 2026-11-27, of which 1.39 MB is react-dom's server renderer, bundled in its
 * production and its development builds alike (Netlify's esbuild defines no NODE_ENV), and
 * 0.49 MB the engine's SDK (openai) with the sound type sniffer (file-type).
 */
const VISITOR_BUNDLE_BYTES = 4 * 1024 * 1024;

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
  });
});
