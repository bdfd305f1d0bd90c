import { pathToFileURL } from 'node:url';

/**
 * Run in a fresh process by functions.ts: `node tests/bench/cold-function.ts {bundle} [path]`.
 * Imports one bundled Netlify function as a cold instance does, then, given a path, asks it for
 * that page once. Prints, as JSON, the CPU time (user + system) and the wall time of each step.
 */
const [bundle, target] = process.argv.slice(2);
if (!bundle) throw new Error('usage: cold-function.ts {bundle.mjs} [path]');

type Fn = (request: Request, context: object) => Promise<Response>;

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

let cpu = process.cpuUsage();
let wall = performance.now();
const mod = (await import(pathToFileURL(bundle).href)) as { default: Fn };
const imported = { cpuMs: cpuMs(cpu), wallMs: performance.now() - wall };

let page: { cpuMs: number; wallMs: number; status: number; bytes: number } | undefined;
if (target) {
  // Made before the clock starts: Netlify hands the function a Request it made itself.
  const request = new Request(`https://legenda.example${target}`);
  cpu = process.cpuUsage();
  wall = performance.now();
  const res = await mod.default(request, {
    ip: '203.0.113.7',
    waitUntil: () => {},
  });
  const body = await res.arrayBuffer();
  page = {
    cpuMs: cpuMs(cpu),
    wallMs: performance.now() - wall,
    status: res.status,
    bytes: body.byteLength,
  };
}
process.stdout.write(`${JSON.stringify({ imported, page })}\n`);
// The pool's idle connections would keep the process a while: it has said all it had to.
process.exit(0);
