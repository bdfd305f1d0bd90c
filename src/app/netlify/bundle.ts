import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';

/**
 * The Netlify functions, each made one file before Netlify sees them (`npm run build:functions`,
 * in netlify.toml's build command; docs/adr/0033-functions-bundled-before-netlify.md).
 *
 * Netlify builds a function of its current form (a default export and a `config`) with its own
 * file tracer, whatever `node_bundler` says: our code is bundled into one file, but every package
 * is left out and loaded from node_modules file by file at each cold start. drizzle-orm's entry
 * files alone load some 400 modules that way, half a second of a visitor's wait. Here the
 * packages are bundled too, in their production builds; Netlify's pass then finds nothing left
 * to bundle but the packages below, which it ships installed beside the file.
 */

/** Where the functions' sources are, and where their one-file builds go (netlify.toml's). */
export const FUNCTION_SOURCES = 'netlify/functions';
export const FUNCTIONS_BUILT = 'netlify/built';

/**
 * Packages left out of every bundle, loaded from node_modules: sharp loads a native library
 * (docs/adr/0027); the others only some calls need, and the code imports them with import()
 * at their first use (docs/adr/0032): eld's 2 MB of tables (an engine's answer checked), the
 * OpenAI SDK (an engine call), file-type (a sound judged, an upload), the JSON stream parser (a
 * streamed answer), sax (an S3 listing, an XLIFF) and Netlify Blobs' client (the store opened).
 */
export const LOADED_AT_FIRST_USE = [
  'sharp',
  'eld',
  'openai',
  'file-type',
  '@streamparser/json',
  'sax',
  '@netlify/blobs',
];

/**
 * A bundled CommonJS package's `require('events')` becomes esbuild's `__require`, which needs a
 * `require` the ES module does not have. Netlify's pass declares one at the top of the file,
 * and would clash with ours: instead each built-in a package requires is handed to it by
 * `process.getBuiltinModule`, the same object `require` gives.
 */
const builtinsWithoutRequire: Plugin = {
  name: 'builtins-without-require',
  setup(build) {
    build.onResolve({ filter: /^[a-z_:/]+$/ }, (args) =>
      args.kind === 'require-call' && isBuiltin(args.path)
        ? { path: args.path, namespace: 'builtin' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => ({
      contents: `module.exports = process.getBuiltinModule(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

/** esbuild's options for these function files, into `outdir`. */
export function functionBundleOptions(entryPoints: string[], outdir: string): BuildOptions {
  return {
    entryPoints,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    outdir,
    outExtension: { '.js': '.mjs' },
    external: LOADED_AT_FIRST_USE,
    plugins: [builtinsWithoutRequire],
    // The packages' production builds only (React's development build is not even shipped).
    define: { 'process.env.NODE_ENV': '"production"' },
    // Dead branches dropped, names and lines kept, so that a function's log reads as the code.
    minifySyntax: true,
    // preferProductionBuilds() sets NODE_ENV for the server's own settings at run time, which
    // the packages' constant does not change.
    logOverride: { 'assign-to-define': 'silent' },
    metafile: true,
    logLevel: 'silent',
  };
}

/** The function files of `root`'s netlify/functions, by name ('visitor'). */
export function functionSources(root: string): { name: string; file: string }[] {
  const dir = path.join(root, FUNCTION_SOURCES);
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.mts'))
    .sort()
    .map((f) => ({ name: f.replace(/\.mts$/, ''), file: path.join(dir, f) }));
}

export interface BuiltFunction {
  name: string;
  file: string;
  bytes: number;
}

/** Every function of `root`, built into `outdir` (emptied first): what `npm run build:functions` does. */
export async function buildFunctions(
  root: string,
  outdir = path.join(root, FUNCTIONS_BUILT),
): Promise<{ functions: BuiltFunction[]; metafile: Metafile }> {
  fs.rmSync(outdir, { recursive: true, force: true });
  const sources = functionSources(root);
  const result = await build({
    ...functionBundleOptions(
      sources.map((s) => s.file),
      outdir,
    ),
    absWorkingDir: root,
  });
  const metafile = result.metafile!;
  const functions = sources.map(({ name }) => {
    const file = path.join(outdir, `${name}.mjs`);
    return { name, file, bytes: fs.statSync(file).size };
  });
  return { functions, metafile };
}
