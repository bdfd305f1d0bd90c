import './fast-resolve.ts';
import fs from 'node:fs';
import path from 'node:path';
import { pgliteDataDirTemplate, pgliteTemplate } from './pglite-template.ts';

/**
 * The end-to-end server (playwright.config.ts): `node e2e-server.ts {data dir}` puts a copy of
 * the migrated, empty embedded database into the run's data directory, then starts as `npm start`
 * does (builds the site when stale, serves). The copy spares the server PGlite's initdb and the
 * migrations, seconds before the first test can run; its first start is still a first start,
 * which creates the one admin account. `npm test` has just made the template in its vitest half;
 * a lone Playwright run makes it once, and the runs after it reuse it.
 */
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: node tests/helpers/e2e-server.ts {data dir}');
const database = path.join(dataDir, 'pglite');
if (!fs.existsSync(database)) {
  const template = await pgliteDataDirTemplate(await pgliteTemplate());
  fs.cpSync(path.join(template, 'pglite'), database, { recursive: true });
}

await import('../../src/app/start.ts');
