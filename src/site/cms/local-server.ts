import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { LOCAL_BACKEND_PORT } from './local-backend.ts';

/**
 * `npm run cms`: decap-server, the local backend of the blog's CMS, reading and writing the
 * files of this working copy (content/blog, public/images/blog) for the CMS opened on localhost.
 * It takes its settings from the environment and loads .env itself, where PORT is Legenda's:
 * they are set here first (dotenv never overrides). It listens on 127.0.0.1 only: it has no
 * authentication, and by default it would accept writes from the whole network.
 */
/* eslint-disable no-restricted-properties -- decap-server's settings, not Legenda's. */
process.env.PORT = String(LOCAL_BACKEND_PORT);
process.env.BIND_HOST = '127.0.0.1';
process.env.MODE = 'fs';
process.env.GIT_REPO_DIRECTORY = fileURLToPath(new URL('../../..', import.meta.url));
/* eslint-enable no-restricted-properties */

console.log(
  '[legenda] Blog CMS files served from this working copy. With the site running (npm start),' +
    ' open /admin on it: http://localhost:4321/admin by default. Stop with Ctrl+C.',
);
createRequire(import.meta.url)('decap-server');
