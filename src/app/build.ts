import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SiteSettings } from '../server/config/schema.ts';
import {
  BUILDS_DIR,
  freshBuild,
  newBuildDir,
  pointAt,
  prune,
  recordBuild,
} from './site-build/folders.ts';
import { withBuildLock } from './site-build/lock.ts';

/**
 * `npm start`'s build: the site is built when its sources are newer than the last build for the
 * same site settings, into a folder of its own, and `dist` then points at it (ADR 0010). Two
 * starts at once build one after the other (a lock), and neither changes the pages of a server
 * that already runs.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SOURCES = ['src', 'public', 'content', 'astro.config.mjs', 'package-lock.json'];

function newestMtime(target: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** What a build records: the site settings the pages were built with. */
export function settingsStamp(site: SiteSettings): string {
  return createHash('sha256').update(JSON.stringify(site)).digest('hex');
}

export interface BuildOptions {
  /** The checkout (tests give a temporary one). */
  root?: string;
  /** The build command; `--outDir {folder}` is added. Astro's by default. */
  command?: readonly string[];
}

/**
 * Builds when a source is newer than the last build with these site settings (PUBLIC_SITE_URL,
 * the booking page, the addresses), or there is none; answers whether it built and the folder
 * to serve (which `dist` names too, until another start points it elsewhere). Throws with the
 * build's exit status when the build failed (`dist` then stays as it was).
 */
export function buildIfStale(
  site: SiteSettings,
  log: (message: string) => void = console.log,
  options: BuildOptions = {},
): { built: boolean; site: string } {
  const root = options.root ?? ROOT;
  const builds = path.join(root, BUILDS_DIR);
  const dist = path.join(root, 'dist');
  const settings = settingsStamp(site);
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));

  const useReady = (): string | undefined => {
    const ready = freshBuild(builds, settings, sourcesAt);
    if (ready) pointAt(dist, ready.site, builds);
    return ready?.site;
  };
  const ready = useReady();
  if (ready) return { built: false, site: ready };

  const waiting = (pid: number) =>
    log(`[legenda] Another start (pid ${pid}) is building the site; waiting for it…`);
  return withBuildLock(path.join(builds, 'lock'), waiting, () => {
    // The other process may have built just what this one needs.
    const built = useReady();
    if (built) return { built: false, site: built };
    log('[legenda] Building the site…');
    const dir = newBuildDir(builds, settings);
    const [command, ...args] = options.command ?? [
      path.join(root, 'node_modules', '.bin', 'astro'),
      'build',
      '--silent',
    ];
    const result = spawnSync(command!, [...args, '--outDir', path.join(dir, 'site')], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw new BuildError(result.status ?? 1);
    }
    const site = path.join(dir, 'site');
    recordBuild(dir, settings, sourcesAt);
    pointAt(dist, site, builds);
    prune(builds, dir);
    return { built: true, site };
  });
}

export class BuildError extends Error {
  readonly status: number;
  constructor(status: number) {
    super('The site build failed; see the messages above.');
    this.name = 'BuildError';
    this.status = status;
  }
}
