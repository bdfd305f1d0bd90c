import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BuildError, buildIfStale, settingsStamp } from './build.ts';
import { parseConfig } from '../server/config.ts';
import type { SiteSettings } from '../server/config/schema.ts';
import { resolveSite, serveFrom } from './site-build/folders.ts';

/**
 * npm start's builds (ADR 0010): concurrent starts in one checkout, with the same or
 * other settings, never break each other or a server that runs. The build command is
 * tests/helpers/fake-site-build.sh, the starts tests/helpers/site-build-start.ts.
 */
const HELPERS = path.resolve(import.meta.dirname, '../../tests/helpers');
const FAKE_BUILD = path.join(HELPERS, 'fake-site-build.sh');

const checkouts: string[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of checkouts.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function checkout(text = 'first'): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'legenda-build-'));
  checkouts.push(root);
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, 'src', 'page.astro'), 'page');
  fs.writeFileSync(path.join(root, 'site.txt'), text);
  return root;
}

const settings = (url: string): SiteSettings => ({
  url,
  bookingUrl: undefined,
  contactEmail: 'c@example.org',
  founder: { name: 'F', email: 'f@example.org' },
  professionalNetworkUrl: 'https://example.org/in',
});

const build = (root: string, url = 'http://localhost:4321', log = () => undefined) =>
  buildIfStale(settings(url), log, { root, command: ['/bin/sh', FAKE_BUILD, root] }).built;

const served = (root: string) => fs.readFileSync(path.join(root, 'dist', 'index.html'), 'utf8');
const buildsLog = (root: string) => {
  try {
    return fs.readFileSync(path.join(root, 'builds.log'), 'utf8');
  } catch {
    return '';
  }
};
const folders = (root: string) =>
  fs
    .readdirSync(path.join(root, '.builds'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/** Resolves once `read()` passes `test`, checking whenever the child prints. */
function until(child: ChildProcessWithoutNullStreams, read: () => string, test: RegExp) {
  return new Promise<string>((resolve, reject) => {
    let out = '';
    const check = () => {
      const text = read() + out;
      if (test.test(text)) resolve(text);
    };
    const timer = setInterval(check, 20);
    child.stdout.on('data', (d) => ((out += d), check()));
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => {
      clearInterval(timer);
      check();
      reject(new Error(`exited with ${code} before ${test}:\n${out}`));
    });
    void Promise.resolve().then(check);
  }).finally(() => undefined);
}

function start(root: string, url: string) {
  const child = spawn(process.execPath, [path.join(HELPERS, 'site-build-start.ts'), root, url]);
  children.push(child);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return { child, output: () => out };
}

describe('npm start builds', () => {
  it('builds once, then starts at once while nothing changed', () => {
    const root = checkout();
    expect(build(root)).toBe(true);
    expect(served(root)).toBe('first');
    expect(fs.lstatSync(path.join(root, 'dist')).isSymbolicLink()).toBe(true);
    expect(build(root)).toBe(false);
    expect(buildsLog(root).match(/BUILT/g)).toHaveLength(1);
  });

  it('rebuilds into a new folder when a source or a site setting changes; a running server keeps its pages', () => {
    const root = checkout();
    build(root);
    const running = resolveSite(path.join(root, 'dist'));
    const unmark = serveFrom(running);
    try {
      fs.writeFileSync(path.join(root, 'site.txt'), 'second');
      fs.utimesSync(path.join(root, 'src', 'page.astro'), new Date(), new Date(Date.now() + 5_000));
      expect(build(root)).toBe(true);
      expect(served(root)).toBe('second');
      expect(fs.readFileSync(path.join(running, 'index.html'), 'utf8')).toBe('first');
      // Other settings (another port without PUBLIC_SITE_URL): their own build, then back.
      expect(build(root, 'http://localhost:4400')).toBe(true);
      expect(build(root)).toBe(false);
      expect(served(root)).toBe('second');
    } finally {
      unmark();
    }
  });

  it('keeps the builds in use and the three newest idle ones, and removes the rest', () => {
    const root = checkout();
    build(root, 'http://localhost:1');
    const inUse = resolveSite(path.join(root, 'dist'));
    const unmark = serveFrom(inUse);
    try {
      for (const port of [2, 3, 4, 5, 6]) build(root, `http://localhost:${port}`);
      // In use (port 1) and the newest three of 2..6 (the current one among them).
      expect(folders(root)).toHaveLength(4);
      expect(fs.existsSync(path.join(inUse, 'index.html'))).toBe(true);
    } finally {
      unmark();
    }
    build(root, 'http://localhost:7');
    expect(folders(root)).toHaveLength(3);
    expect(fs.existsSync(inUse)).toBe(false);
  });

  it('a failed build throws its status, leaves dist as it was and no folder behind', () => {
    const root = checkout();
    build(root);
    const before = folders(root);
    fs.writeFileSync(path.join(root, 'fail'), '');
    fs.writeFileSync(path.join(root, 'site.txt'), 'broken');
    let error: unknown;
    try {
      build(root, 'http://localhost:4400');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(BuildError);
    expect((error as BuildError).status).toBe(3);
    expect(served(root)).toBe('first');
    expect(folders(root)).toEqual(before);
    expect(fs.existsSync(path.join(root, '.builds', 'lock'))).toBe(false);
  });

  it('sets a dist/ folder of `npm run build` aside, and takes over the lock of a start that died', () => {
    const root = checkout();
    fs.mkdirSync(path.join(root, 'dist'));
    fs.writeFileSync(path.join(root, 'dist', 'index.html'), 'old');
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    fs.mkdirSync(path.join(root, '.builds'));
    fs.writeFileSync(path.join(root, '.builds', 'lock'), String(dead));
    expect(build(root)).toBe(true);
    expect(served(root)).toBe('first');
  });

  it('two starts at once with other settings: the second waits, each serves its own build', async () => {
    const root = checkout('four-three-two-one');
    fs.writeFileSync(path.join(root, 'hold'), '');
    const first = start(root, 'http://localhost:4321');
    await until(first.child, () => buildsLog(root), /HOLDING/);
    const second = start(root, 'http://localhost:4400');
    await until(second.child, second.output, /Another start \(pid \d+\) is building the site/);
    expect(buildsLog(root)).not.toMatch(/BUILT/);
    fs.writeFileSync(path.join(root, 'go'), '');
    const one = (await until(first.child, first.output, /SERVING (\S+)/)).match(/SERVING (\S+)/)!;
    const two = (await until(second.child, second.output, /SERVING (\S+)/)).match(/SERVING (\S+)/)!;
    expect(one[1]).not.toBe(two[1]);
    expect(buildsLog(root).match(/BUILT/g)).toHaveLength(2);
    for (const folder of [one[1]!, two[1]!]) {
      expect(fs.readFileSync(path.join(folder, 'index.html'), 'utf8')).toBe('four-three-two-one');
    }
    // Each serves the build made for its own settings, whatever dist names by then.
    const madeFor = (folder: string) =>
      (
        JSON.parse(fs.readFileSync(path.join(folder, '..', 'build.json'), 'utf8')) as {
          settings: string;
        }
      ).settings;
    expect(madeFor(one[1]!)).toBe(settingsStamp(settings('http://localhost:4321')));
    expect(madeFor(two[1]!)).toBe(settingsStamp(settings('http://localhost:4400')));
    expect(resolveSite(path.join(root, 'dist'))).toBe(two[1]);
  });

  it('two starts at once with the same settings build once', async () => {
    const root = checkout();
    fs.writeFileSync(path.join(root, 'hold'), '');
    const first = start(root, 'http://localhost:4321');
    await until(first.child, () => buildsLog(root), /HOLDING/);
    const second = start(root, 'http://localhost:4321');
    await until(second.child, second.output, /is building the site; waiting/);
    fs.writeFileSync(path.join(root, 'go'), '');
    const one = (await until(first.child, first.output, /SERVING (\S+)/)).match(/SERVING (\S+)/)!;
    const two = (await until(second.child, second.output, /SERVING (\S+)/)).match(/SERVING (\S+)/)!;
    expect(two[1]).toBe(one[1]);
    expect(buildsLog(root).match(/BUILT/g)).toHaveLength(1);
    expect(second.output()).not.toContain('Building the site');
  });
});

describe('the public site settings', () => {
  it('are part of the build stamp, so a change rebuilds the site', () => {
    const a = settingsStamp(parseConfig({}).site);
    expect(settingsStamp(parseConfig({}).site)).toBe(a);
    expect(settingsStamp(parseConfig({ PUBLIC_SITE_URL: 'https://x.example' }).site)).not.toBe(a);
    expect(settingsStamp(parseConfig({ CONTACT_EMAIL: 'a@b.example' }).site)).not.toBe(a);
  });
});
