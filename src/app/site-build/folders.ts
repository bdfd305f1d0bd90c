import fs from 'node:fs';
import path from 'node:path';
import { isAlive } from '../../server/process-alive.ts';

/**
 * `npm start`'s site builds (ADR 0010): each in a folder of its own under `.builds/`, never
 * changed once done; `dist` is a link to the one the last start chose. A server serves the
 * folder the link named when it started, so a later build, for other settings or newer
 * sources, never changes the pages of a server that runs.
 *
 * .builds/{settings}-{time}-{pid}/site/     what Astro built (served)
 * .builds/{settings}-{time}-{pid}/build.json written once the build succeeded
 * .builds/{settings}-{time}-{pid}/users/{pid} one file per server serving it
 */
export const BUILDS_DIR = '.builds';
const RECORD = 'build.json';
/** Finished builds kept besides the ones in use, for a quick start with earlier settings. */
const KEEP_IDLE = 3;

export interface Build {
  dir: string;
  /** The folder served. */
  site: string;
  /** settingsStamp() of the settings it was built with. */
  settings: string;
  /** The newest source file's modification time when the build started. */
  sources: number;
  finishedAt: number;
}

const builderPid = (name: string) => Number.parseInt(name.split('-').at(-1) ?? '', 10);

function readBuild(dir: string): Build | undefined {
  try {
    const record = JSON.parse(fs.readFileSync(path.join(dir, RECORD), 'utf8')) as Omit<
      Build,
      'dir' | 'site'
    >;
    return { ...record, dir, site: path.join(dir, 'site') };
  } catch {
    return undefined;
  }
}

function entries(builds: string): string[] {
  try {
    return fs
      .readdirSync(builds, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(builds, entry.name));
  } catch {
    return [];
  }
}

function finished(builds: string): Build[] {
  return entries(builds)
    .map(readBuild)
    .filter((build): build is Build => build !== undefined)
    .sort((a, b) => b.finishedAt - a.finishedAt);
}

/** The newest finished build for these settings made from sources at least as new. */
export function freshBuild(builds: string, settings: string, sourcesAt: number): Build | undefined {
  return finished(builds).find((b) => b.settings === settings && b.sources >= sourcesAt);
}

/** A new, empty build folder, named so that it can be told apart and its builder found. */
export function newBuildDir(builds: string, settings: string): string {
  const dir = path.join(
    builds,
    `${settings.slice(0, 12)}-${Date.now().toString(36)}-${process.pid}`,
  );
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

export function recordBuild(dir: string, settings: string, sources: number): void {
  const record = { settings, sources, finishedAt: Date.now() };
  fs.writeFileSync(path.join(dir, RECORD), JSON.stringify(record));
}

/** Points `link` (dist) at `site` in one step; a real folder there is moved into `builds`. */
export function pointAt(link: string, site: string, builds: string): void {
  const temporary = path.join(builds, `.link-${process.pid}-${Date.now().toString(36)}`);
  const target = process.platform === 'win32' ? site : path.relative(path.dirname(link), site);
  fs.symlinkSync(target, temporary, process.platform === 'win32' ? 'junction' : 'dir');
  try {
    if (!fs.lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink()) {
      // A dist/ of `npm run build`, or of a version before this one: set aside, pruned later.
      fs.renameSync(link, path.join(builds, `old-${Date.now().toString(36)}-0`));
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.renameSync(temporary, link);
}

let chosen: string | undefined;

/**
 * The folder this process's own build chose (npm start): served rather than what `dist` names
 * by the time the server starts, since another start may have pointed it elsewhere meanwhile.
 */
export function chooseSite(site: string): void {
  chosen = site;
}

export const chosenSite = (): string | undefined => chosen;

/** The real folder behind `link`, or `link` itself when it is missing. */
export function resolveSite(link: string): string {
  try {
    return fs.realpathSync(link);
  } catch {
    return path.resolve(link);
  }
}

const usersOf = (dir: string) => path.join(dir, 'users');

function liveUsers(dir: string): number[] {
  try {
    return fs
      .readdirSync(usersOf(dir))
      .map((name) => Number.parseInt(name, 10))
      .filter(isAlive);
  } catch {
    return [];
  }
}

/**
 * Marks the build that `site` belongs to as served by this process, so that no later start
 * removes it; returns the function that unmarks it. Nothing to do for a site outside `.builds`.
 */
export function serveFrom(site: string): () => void {
  const dir = path.dirname(site);
  if (path.basename(site) !== 'site' || path.basename(path.dirname(dir)) !== BUILDS_DIR) {
    return () => undefined;
  }
  const mark = path.join(usersOf(dir), String(process.pid));
  try {
    fs.mkdirSync(usersOf(dir), { recursive: true });
    fs.writeFileSync(mark, '');
  } catch {
    return () => undefined;
  }
  return () => fs.rmSync(mark, { force: true });
}

/**
 * Removes what no one needs: builds that failed or were interrupted (their builder is gone),
 * set-aside folders, and finished builds no server uses beyond the KEEP_IDLE newest. The build
 * `dist` names is always kept.
 */
export function prune(builds: string, current: string): void {
  const keep = new Set([path.resolve(current)]);
  let idle = 0;
  for (const build of finished(builds)) {
    if (liveUsers(build.dir).length > 0) keep.add(build.dir);
    else if (idle < KEEP_IDLE) {
      keep.add(build.dir);
      idle += 1;
    }
  }
  for (const dir of entries(builds)) {
    if (keep.has(dir)) continue;
    const building = !readBuild(dir) && isAlive(builderPid(path.basename(dir)));
    if (building) continue;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
