import { execFileSync } from 'node:child_process';
import { loadTestSettings, shareE2EPorts } from '../../src/server/config.ts';

/**
 * Settings shared by playwright.config.ts and the tests. The ports are free ones, taken once by
 * the run (the first process to load this file) and handed to its workers, so two checkouts, or
 * a developer's `npm start`, never collide with a test run. LEGENDA_E2E_PORTS="{server},{engine}"
 * fixes them instead.
 */
function ports(): { server: number; engine: number } {
  const given = loadTestSettings().e2ePorts;
  if (given) return given;
  // Two ports the system hands out as free, asked for in a child process (this file loads
  // synchronously); they are released at once and taken by the servers a moment later.
  const script =
    "const net=require('node:net');const a=net.createServer().listen(0,'127.0.0.1',()=>{" +
    "const b=net.createServer().listen(0,'127.0.0.1',()=>{" +
    "console.log(a.address().port+','+b.address().port);a.close();b.close();});});";
  const [server, engine] = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })
    .trim()
    .split(',')
    .map(Number) as [number, number];
  const chosen = { server, engine };
  shareE2EPorts(chosen);
  return chosen;
}

const chosen = ports();

/** The server under test. */
export const E2E_PORT = chosen.server;

/** The server's origin: what a browser sends as Origin with its writes, and API calls must too. */
export const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

/** The one account: created by the server at its first start on the run's empty DATA_DIR. */
export const ADMIN = {
  email: 'curator@museum.example',
  password: 'correct horse battery',
} as const;

/**
 * The fake translation engine the e2e server talks to (tests/helpers/fake-engine-server.ts):
 * `OPENAI_BASE_URL` is `http://127.0.0.1:{FAKE_ENGINE_PORT}/v1`.
 */
export const FAKE_ENGINE_PORT = chosen.engine;
export const FAKE_ENGINE_URL = `http://127.0.0.1:${FAKE_ENGINE_PORT}`;

/** The e2e museum's guide address (ADMIN_MUSEUM_SLUG): its guide home is /visit/{slug}. */
export const GUIDE_SLUG = 'musee-e2e';
