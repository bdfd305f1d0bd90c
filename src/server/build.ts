import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

function builtAt(): number {
  try {
    return fs.statSync(stamp).mtimeMs;
  } catch {
    return 0;
  }
}

/** True when it built; throws with the build's exit status when the build failed. */
export function buildIfStale(log: (message: string) => void = console.log): boolean {
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (sourcesAt <= builtAt()) return false;
  log('[legenda] Building the site…');
  const astro = path.join(root, 'node_modules', '.bin', 'astro');
  const result = spawnSync(astro, ['build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    throw new BuildError(result.status ?? 1);
  }
  fs.writeFileSync(stamp, new Date().toISOString());
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
