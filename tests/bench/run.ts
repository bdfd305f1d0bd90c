import os from 'node:os';
import { parseArgs } from 'node:util';
import { bareServer, compare, startServer, type Target } from './lib.ts';

/**
 * `npm run bench [-- --duration 5]`: GET /session for a signed-in user, in requests per second,
 * as a ratio to a bare node:http server answering the same JSON (target: at least 0.5).
 * Exits non-zero only when something failed, not when the ratio is below target.
 */

const TARGET = 0.5;
const EMAIL = 'bench@legenda.local';
const PASSWORD = 'bench password 123';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '5' } } });
const duration = Number(values.duration);
if (!(duration > 0)) {
  console.error('--duration must be a positive number of seconds');
  process.exit(2);
}

const open: Target[] = [];
const closeAll = async () => {
  for (let t = open.pop(); t; t = open.pop()) {
    await t.close().catch((error: unknown) => {
      console.error(`Cleanup failed: ${(error as Error).message}`);
      process.exitCode = 1;
    });
  }
};
process.once('SIGINT', () => void closeAll().finally(() => process.exit(130)));

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('legenda_session='));
  if (!res.ok || !cookie) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
  return cookie;
}

async function main(): Promise<void> {
  const ours = await startServer({
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
  });
  open.push(ours);
  const headers = { cookie: await signIn(ours.url) };

  const res = await fetch(`${ours.url}/session`, { headers });
  const body = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(body);
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.startsWith('application/json') || JSON.parse(text).email !== EMAIL) {
    throw new Error(`GET /session does not show the signed-in user: ${res.status} ${text}`);
  }

  // Same bytes on the wire: our headers too, but for those node:http writes itself.
  const sent = Object.fromEntries(
    [...res.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)),
  );
  const bare = await bareServer(body, { ...sent, 'content-length': String(body.byteLength) });
  open.push(bare);

  console.log(
    `GET /session, ${duration} s per run, 10 connections, bare/ours/bare/ours after 1 s warm-up; ` +
      `${os.availableParallelism()} CPUs.`,
  );
  console.log('Each server runs in its own process; autocannon in this one.\n');
  const result = await compare(
    { url: `${ours.url}/session`, options: { duration, headers, expectBody: text } },
    { url: `${bare.url}/session`, options: { duration, expectBody: text } },
  );

  const rps = (n: number) => `${Math.round(n)} req/s`.padStart(11);
  const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
  result.rounds.forEach((r, i) =>
    console.log(`  round ${i + 1}: bare ${rps(r.bare.reqPerSec)}, ours ${rps(r.ours.reqPerSec)}`),
  );
  console.log('');
  console.log(
    `GET /session (signed in)   ours: ${rps(result.ours.reqPerSec)}  ` +
      `p50 ${ms(result.ours.p50)}  p99 ${ms(result.ours.p99)}`,
  );
  console.log(`bare node:http, same JSON    : ${rps(result.bare.reqPerSec)}`);
  console.log(
    `ratio: ${result.ratio.toFixed(2)} (target >= ${TARGET})  ` +
      (result.ratio >= TARGET ? 'OK' : 'BELOW TARGET'),
  );
}

try {
  await main();
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await closeAll();
}
