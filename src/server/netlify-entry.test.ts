import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from './app.ts';

/**
 * Netlify reads the function's `config.path` from the source, so it is spelled out there; this
 * keeps it equal to the routes the app owns (importing the entry would need a database).
 */
describe('netlify/functions/api.mts', () => {
  it('claims exactly the routes the app owns', () => {
    const source = fs.readFileSync(
      new URL('../../netlify/functions/api.mts', import.meta.url),
      'utf8',
    );
    const declared = /path:\s*\[([^\]]*)\]/.exec(source)?.[1];
    expect(declared, 'config.path in netlify/functions/api.mts').toBeDefined();
    const paths = [...declared!.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect(paths).toEqual([...API_ROUTES]);
  });
});
