import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm start`: builds the site when its sources are newer than the last build, then runs the
 * server. A curator restarting Legenda does not wait for a build that changes nothing.
 */
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

const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
if (sourcesAt > builtAt()) {
  console.log('[legenda] Building the site…');
  const astro = path.join(root, 'node_modules', '.bin', 'astro');
  const result = spawnSync(astro, ['build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('[legenda] The site build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(stamp, new Date().toISOString());
}

await import('./main.ts');
