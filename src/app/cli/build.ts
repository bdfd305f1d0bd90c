import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run build` (Netlify's build, and `npm run serve`'s): `astro build` into dist/. When an
 * earlier `npm start` left dist as a link to one of its builds (.builds/, ADR 0010), the link is
 * removed first, so that Astro writes a folder of its own rather than into a build a running
 * server may be serving.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const dist = path.join(root, 'dist');
if (fs.lstatSync(dist, { throwIfNoEntry: false })?.isSymbolicLink()) fs.unlinkSync(dist);
const astro = path.join(root, 'node_modules', '.bin', 'astro');
const result = spawnSync(astro, ['build', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
