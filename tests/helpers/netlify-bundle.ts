import path from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { functionBundleOptions, FUNCTION_SOURCES } from '../../src/app/netlify/bundle.ts';
import { ROOT } from './server.ts';

/**
 * A function as Netlify deploys it: our build first (`npm run build:functions`,
 * src/app/netlify/bundle.ts), then Netlify's own pass over the built file. Netlify
 * (zip-it-and-ship-it) builds a function with a default export by its file tracer: one esbuild
 * bundle of the file and its local imports, every package left out (`packages: 'external'`,
 * loaded from node_modules at run time), an ES module with the shim below on top. Checked
 * against zip-it-and-ship-it 16.2 itself on 2026-11-28 (docs/adr/0033): the same file to the
 * byte but for the path comments.
 */

/** Netlify's shim for ES module functions (zip-it-and-ship-it's CJS_SHIM), word for word. */
export const NETLIFY_CJS_SHIM = `
import {createRequire as ___nfyCreateRequire} from "module";
import {fileURLToPath as ___nfyFileURLToPath} from "url";
import {dirname as ___nfyPathDirname} from "path";
let __filename=___nfyFileURLToPath(import.meta.url);
let __dirname=___nfyPathDirname(___nfyFileURLToPath(import.meta.url));
let require=___nfyCreateRequire(import.meta.url);
`;

/**
 * The visitors' function's file at most, in bytes: 1.5 MB. 7.1 MB while visitors shared the
 * api function; 0.67 MB of our code and 1.5 MB of packages loaded one file at a time before
 * the functions were built first (docs/adr/0032, 0033).
 */
export const VISITOR_BYTES_TARGET = 1_500_000;

/** Netlify's pass over one file: its local imports bundled, packages left out. */
function netlifyPass(outfile: string): BuildOptions {
  return {
    bundle: true,
    packages: 'external',
    banner: { js: NETLIFY_CJS_SHIM },
    format: 'esm',
    platform: 'node',
    target: 'node24',
    outfile,
    metafile: true,
    logLevel: 'silent',
  };
}

export interface FunctionBundle {
  /** The deployed file's path (under `outdir`, or nowhere when not written). */
  file: string;
  /** The deployed file's size. */
  bytes: number;
  /** Our build's: what it holds, and what it still imports. */
  metafile: Metafile;
}

/** One function of netlify/functions/ (by name: 'visitor') as deployed; written when `outdir` is. */
export async function bundleFunction(name: string, outdir?: string): Promise<FunctionBundle> {
  const source = path.join(ROOT, FUNCTION_SOURCES, `${name}.mts`);
  const ours = await build({
    ...functionBundleOptions([source], path.join(ROOT, '.tmp', 'unwritten')),
    absWorkingDir: ROOT,
    write: false,
  });
  const file = path.join(outdir ?? path.join(ROOT, '.tmp', 'unwritten'), `${name}.mjs`);
  const deployed = await build({
    ...netlifyPass(file),
    stdin: { contents: ours.outputFiles![0]!.text, resolveDir: ROOT, sourcefile: `${name}.mjs` },
    write: outdir !== undefined,
  });
  const bytes = Object.values(deployed.metafile!.outputs)[0]!.bytes;
  return { file, bytes, metafile: ours.metafile! };
}

/**
 * One function as Netlify deploys its source without our build: our code in one file, each
 * package loaded from node_modules (the bench's "before").
 */
export async function netlifyPassOnly(name: string, outdir: string): Promise<FunctionBundle> {
  const file = path.join(outdir, `${name}-unbuilt.mjs`);
  const result = await build({
    ...netlifyPass(file),
    entryPoints: [path.join(ROOT, FUNCTION_SOURCES, `${name}.mts`)],
  });
  const bytes = Object.values(result.metafile!.outputs)[0]!.bytes;
  return { file, bytes, metafile: result.metafile! };
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

/** Built functions (buildFunctions) through Netlify's pass, into `outdir`: name → deployed file. */
export async function deployAsNetlify(
  functions: { name: string; file: string }[],
  outdir: string,
): Promise<Map<string, string>> {
  const deployed = new Map<string, string>();
  for (const { name, file } of functions) {
    const outfile = path.join(outdir, `${name}.mjs`);
    await build({ ...netlifyPass(outfile), entryPoints: [file] });
    deployed.set(name, outfile);
  }
  return deployed;
}
