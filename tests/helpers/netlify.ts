import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { z } from 'zod';
import { functionSources } from '../../src/app/netlify/bundle.ts';
import { ROOT } from './server.ts';

/**
 * netlify.toml read as Netlify reads it, and a model of Netlify's documented routing (the
 * request chain: function paths, then redirect rules top down with shadowing unless `force`,
 * then files with pretty URLs, then 404.html), so tests can put the same requests to it and to
 * the Node server. The CLI that would run it for real (`netlify dev`) cannot be installed here.
 */

const redirectSchema = z
  .object({
    from: z.string().startsWith('/'),
    to: z.string().startsWith('/'),
    status: z.number().int().default(301),
    force: z.boolean().default(false),
    query: z.record(z.string(), z.string()).optional(),
  })
  .strict();

const headerSchema = z
  .object({ for: z.string().startsWith('/'), values: z.record(z.string(), z.string()) })
  .strict();

const tomlSchema = z
  .object({
    build: z
      .object({
        command: z.string(),
        publish: z.string(),
        environment: z.record(z.string(), z.string()).optional(),
      })
      .strict(),
    functions: z
      .object({
        directory: z.string(),
        node_bundler: z.enum(['esbuild', 'zisi', 'none']).optional(),
        external_node_modules: z.array(z.string()).optional(),
        included_files: z.array(z.string()).optional(),
      })
      .strict(),
    redirects: z.array(redirectSchema).default([]),
    headers: z.array(headerSchema).default([]),
  })
  .strict();

export type NetlifyToml = z.infer<typeof tomlSchema>;
export type Redirect = z.infer<typeof redirectSchema>;

export function readNetlifyToml(file = path.join(ROOT, 'netlify.toml')): NetlifyToml {
  return tomlSchema.parse(parse(fs.readFileSync(file, 'utf8')));
}

/** Netlify's path patterns: `:name` is one segment, a final `*` the rest (or nothing). */
function patternRegExp(pattern: string): RegExp {
  const parts = pattern.split('/').map((part, i, all) => {
    if (part === '*' && i === all.length - 1) return '(?<splat>.*)';
    if (part.startsWith(':')) return `(?<${part.slice(1)}>[^/]+)`;
    return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  let source = parts.join('/');
  // `/x/*` also matches `/x`.
  source = source.replace(/\/\(\?<splat>\.\*\)$/, '(?:/(?<splat>.*))?');
  return new RegExp(`^${source}/?$`);
}

/** The headers Netlify sends for a path: every matching rule, in order, later ones winning. */
export function headersFor(toml: NetlifyToml, urlPath: string): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const rule of toml.headers) {
    if (patternRegExp(rule.for).test(urlPath)) Object.assign(merged, rule.values);
  }
  return merged;
}

export interface FunctionRoute {
  name: string;
  /** Absent for a scheduled function, which only Netlify calls. */
  path?: string[];
  schedule?: string;
  method?: string[];
  preferStatic?: boolean;
}

export type Answer =
  | { kind: 'function'; name: string; url: string }
  | { kind: 'file'; status: number; file: string }
  | { kind: 'redirect'; status: number; location: string };

/** dist-relative files for a clean URL path, most specific first (Netlify's pretty URLs). */
function fileFor(files: ReadonlySet<string>, urlPath: string): string | undefined {
  const clean = decodeURIComponent(urlPath).replace(/^\/+|\/+$/g, '');
  const candidates =
    clean === '' ? ['index.html'] : [clean, `${clean}.html`, `${clean}/index.html`];
  return candidates.find((c) => files.has(c));
}

function functionFor(
  functions: readonly FunctionRoute[],
  files: ReadonlySet<string>,
  urlPath: string,
  method: string,
): FunctionRoute | undefined {
  return functions.find(
    (f) =>
      f.path?.some((p) => new URLPattern({ pathname: p }).test({ pathname: urlPath })) &&
      (!f.method || f.method.includes(method)) &&
      !(f.preferStatic && fileFor(files, urlPath)),
  );
}

function matchRedirect(rule: Redirect, url: URL): Record<string, string> | undefined {
  const match = patternRegExp(rule.from).exec(url.pathname);
  if (!match) return undefined;
  const params: Record<string, string> = { ...match.groups };
  for (const [key, placeholder] of Object.entries(rule.query ?? {})) {
    const value = url.searchParams.get(key);
    // A rule's query parameters are required: present, and with a value for a placeholder.
    if (value === null || (placeholder.startsWith(':') && value === '')) return undefined;
    if (placeholder.startsWith(':')) params[placeholder.slice(1)] = value;
    else if (placeholder !== value) return undefined;
  }
  return params;
}

/** Where Netlify sends one request, by its documented rules. */
export function route(
  toml: NetlifyToml,
  functions: readonly FunctionRoute[],
  files: ReadonlySet<string>,
  method: string,
  target: string,
): Answer {
  const url = new URL(target, 'https://legenda.example');
  const fn = functionFor(functions, files, url.pathname, method);
  if (fn) return { kind: 'function', name: fn.name, url: url.pathname + url.search };
  for (const rule of toml.redirects) {
    const params = matchRedirect(rule, url);
    if (!params) continue;
    const own = fileFor(files, url.pathname);
    // Shadowing: a rule without force applies only where no file answers.
    if (own && !rule.force) return { kind: 'file', status: 200, file: own };
    const to = rule.to.replace(/:(\w+)/g, (_, name: string) => params[name] ?? `:${name}`);
    const dest = new URL(to, url);
    // Request parameters pass on when the rule's target has none of its own.
    if ([...dest.searchParams].length === 0) dest.search = url.search;
    if (rule.status >= 300 && rule.status < 400) {
      return { kind: 'redirect', status: rule.status, location: dest.pathname + dest.search };
    }
    const rewritten = functionFor(functions, files, dest.pathname, method);
    if (rewritten) {
      return { kind: 'function', name: rewritten.name, url: dest.pathname + dest.search };
    }
    const file = fileFor(files, dest.pathname);
    if (file) return { kind: 'file', status: rule.status, file };
    break;
  }
  const file = fileFor(files, url.pathname);
  if (file) return { kind: 'file', status: 200, file };
  return { kind: 'file', status: 404, file: '404.html' };
}

/**
 * What `astro build` and public/ put in dist/, made without building: every page of
 * src/pages (French and English), one page per blog post file, the endpoints, and public/'s
 * files. Each file holds its own name, so an answer says which file it is.
 */
export function siteFixture(dir: string): Set<string> {
  const files = new Set<string>();
  const add = (relative: string) => files.add(relative);
  const pagesDir = path.join(ROOT, 'src/pages');
  for (const entry of fs.readdirSync(pagesDir, { recursive: true }).map(String)) {
    const full = path.join(pagesDir, entry);
    if (!fs.statSync(full).isFile()) continue;
    const posix = entry.split(path.sep).join('/');
    if (posix.endsWith('.ts')) {
      add(posix.replace(/\.ts$/, ''));
      continue;
    }
    if (!posix.endsWith('.astro')) continue;
    const page = posix.replace(/\.astro$/, '');
    const localized = page.startsWith('[...locale]/');
    const rest = localized ? page.slice('[...locale]/'.length) : page;
    const routes = rest.includes('[title]')
      ? fs
          .readdirSync(path.join(ROOT, 'content/blog/fr'))
          .map((f) => rest.replace('[title]', f.replace(/\.md$/, '')))
      : [rest];
    for (const r of routes) {
      const fr = r === 'index' ? 'index.html' : `${r}.html`;
      add(fr);
      if (localized) add(r === 'index' ? 'en.html' : `en/${r}.html`);
    }
  }
  const publicDir = path.join(ROOT, 'public');
  for (const entry of fs.readdirSync(publicDir, { recursive: true }).map(String)) {
    if (fs.statSync(path.join(publicDir, entry)).isFile()) add(entry.split(path.sep).join('/'));
  }
  add('_astro/Island.A1b2C3d4.js');
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), `<!-- ${file} -->\n${'.'.repeat(600)}`);
  }
  return files;
}

/**
 * The functions' sources, by name (netlify/functions/*.mts); Netlify deploys their one-file
 * builds (src/app/netlify/bundle.ts).
 */
export function functionFiles(): { name: string; file: string }[] {
  return functionSources(ROOT);
}

/**
 * Netlify reads `config` from the source without running it: it must be a plain literal. Returns
 * its text, after checking that it holds nothing but keys, strings, booleans and arrays.
 */
export function staticConfigSource(file: string): string {
  const source = fs.readFileSync(file, 'utf8');
  const match = /export const config = (\{[\s\S]*?\n\});/.exec(source);
  if (!match?.[1]) throw new Error(`${file}: no "export const config = {…};" literal`);
  const literal = match[1];
  const withoutStrings = literal.replace(/'[^'\\\n]*'/g, "''");
  if (!/^[\s{}[\],:'\w]*$/.test(withoutStrings) || /\.\.\.|\(/.test(withoutStrings)) {
    throw new Error(`${file}: config must be a literal Netlify can read statically`);
  }
  const bare = withoutStrings.replace(/''/g, '').replace(/\b(true|false)\b/g, '');
  const keys = [...bare.matchAll(/(\w+)\s*:/g)].map((m) => m[1]);
  const leftovers = bare.replace(/(\w+)\s*:/g, '').replace(/[\s{}[\],]/g, '');
  if (leftovers !== '') throw new Error(`${file}: config refers to ${leftovers}; write it out`);
  for (const key of keys) {
    if (!['path', 'method', 'preferStatic', 'excludedPath', 'schedule'].includes(key!)) {
      throw new Error(`${file}: unexpected config key ${key}`);
    }
  }
  return literal;
}
