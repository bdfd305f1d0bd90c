import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SiteSettings } from './config.ts';

/** Builds the site when its sources are newer than the last build (`dist/.build-stamp`). */
const root = fileURLToPath(new URL('../..', import.meta.url));
const stamp = path.join(root, 'dist', '.build-stamp');
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

function lastBuild(): { at: number; settings: string } {
  try {
    return { at: fs.statSync(stamp).mtimeMs, settings: fs.readFileSync(stamp, 'utf8') };
  } catch {
    return { at: 0, settings: '' };
  }
}

/** What the stamp records: the site settings the pages were built with. */
export function settingsStamp(site: SiteSettings): string {
  return createHash('sha256').update(JSON.stringify(site)).digest('hex');
}

/**
 * True when it built; throws with the build's exit status when the build failed. Builds when a
 * source is newer than the last build or the site settings (PUBLIC_SITE_URL, the booking page,
 * the addresses) differ from the ones it was built with.
 */
export function buildIfStale(
  site: SiteSettings,
  log: (message: string) => void = console.log,
): boolean {
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  const last = lastBuild();
  const wanted = settingsStamp(site);
  if (sourcesAt <= last.at && last.settings === wanted) return false;
  log('[legenda] Building the site…');
  const astro = path.join(root, 'node_modules', '.bin', 'astro');
  const result = spawnSync(astro, ['build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    throw new BuildError(result.status ?? 1);
  }
  fs.writeFileSync(stamp, wanted);
  return true;
}

export class BuildError extends Error {
  readonly status: number;
  constructor(status: number) {
    super('The site build failed; see the messages above.');
    this.name = 'BuildError';
    this.status = status;
  }
}
