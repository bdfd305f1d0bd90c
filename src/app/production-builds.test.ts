import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Which React DOM server build a fresh process loads after the entries' first import. */
function reactBuildLoaded(env: Record<string, string>): string {
  const script = `
    import './src/app/production-builds.ts';
    import 'react-dom/server';
    import { createRequire } from 'node:module';
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    console.log(loaded.find((file) => /react-dom-server\\.node\\./.test(file)) ?? 'none');
  `;
  // Only what the test names: no NODE_ENV from Vitest ('test').
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    env,
    encoding: 'utf8',
  }).trim();
}

describe('the server entries load production builds', () => {
  it('without NODE_ENV (npm start, npm run serve, Netlify): React renders without its dev checks', () => {
    expect(reactBuildLoaded({})).toMatch(/production\.js$/);
  });

  it('a mode the environment names is kept (tests, a developer debugging)', () => {
    expect(reactBuildLoaded({ NODE_ENV: 'development' })).toMatch(/development\.js$/);
  });
});
