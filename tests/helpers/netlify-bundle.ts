import path from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { readNetlifyToml } from './netlify.ts';
import { ROOT } from './server.ts';

/**
 * A function bundled as Netlify bundles TypeScript functions (zip-it-and-ship-it, node_bundler
 * "esbuild"): one esbuild bundle per file, an ES module for .mts, Node platform, the banner that
 * gives bundled CommonJS packages a `require`, and the external_node_modules of netlify.toml left
 * out (loaded from node_modules at run time). Nothing minified, nothing defined: Netlify does
 * neither, so React's development builds are in every bundle that renders a page.
 */

/** Netlify's banner for ES module functions (esbuild cannot otherwise `require` a built-in). */
export const NETLIFY_BANNER = [
  "import {createRequire as ___nfyCreateRequire} from 'module';",
  "import {fileURLToPath as ___nfyFileURLToPath} from 'url';",
  "import {dirname as ___nfyPathDirname} from 'path';",
  'let __filename=___nfyFileURLToPath(import.meta.url);',
  'let __dirname=___nfyPathDirname(___nfyFileURLToPath(import.meta.url));',
  'let require=___nfyCreateRequire(import.meta.url);',
].join('\n');

export const FUNCTIONS_DIR = path.join(ROOT, 'netlify/functions');

/** The visitors' function's bundle at most (the bench reports it, a test holds it): 1.5 MiB. */
export const VISITOR_BYTES_TARGET = 1.5 * 1024 * 1024;

/** esbuild's options for these entries, as Netlify would build them, into `outdir`. */
export function netlifyBuildOptions(entryPoints: string[], outdir: string): BuildOptions {
  return {
    entryPoints,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    outdir,
    outExtension: { '.js': '.mjs' },
    banner: { js: NETLIFY_BANNER },
    external: readNetlifyToml().functions.external_node_modules ?? [],
    metafile: true,
    logLevel: 'silent',
  };
}

export interface FunctionBundle {
  /** The bundle's path (under `outdir`, or nowhere when not written). */
  file: string;
  bytes: number;
  metafile: Metafile;
}

/** One function of netlify/functions/ (by name: 'visitor'), bundled; written when `outdir` is. */
export async function bundleFunction(name: string, outdir?: string): Promise<FunctionBundle> {
  const entry = path.join(FUNCTIONS_DIR, `${name}.mts`);
  const result = await build({
    ...netlifyBuildOptions([entry], outdir ?? path.join(ROOT, '.tmp', 'unwritten')),
    write: outdir !== undefined,
  });
  const [file, output] = Object.entries(result.metafile!.outputs)[0]!;
  return { file: path.resolve(ROOT, file), bytes: output.bytes, metafile: result.metafile! };
}

/** What a bundle holds, by package (or, for the project's code, by feature folder), largest first. */
export function bundledBy(metafile: Metafile): { name: string; bytes: number }[] {
  const sizes = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
      const name = pkg ?? input.replace(/^(src\/[^/]+\/[^/]+).*$/, '$1');
      sizes.set(name, (sizes.get(name) ?? 0) + bytesInOutput);
    }
  }
  return [...sizes].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}
