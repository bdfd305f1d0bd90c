import fs from 'node:fs';
import path from 'node:path';
import { isAlive } from '../../server/process-alive.ts';

/** How often a waiting process looks at the lock again. */
const POLL_MS = 250;
/** A lock file without a pid is being written; older than this, its writer died. */
const UNWRITTEN_MS = 5_000;

/** Blocks the thread (npm start has nothing else to do while another process builds). */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function holderOf(file: string): { pid: number | undefined; at: number } | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return {
      pid: Number.isInteger(pid) && pid > 0 ? pid : undefined,
      at: fs.statSync(file).mtimeMs,
    };
  } catch {
    return undefined;
  }
}

/**
 * Runs `run` while holding `file`: one site build at a time per checkout, since Astro's caches
 * (`.astro/`, `node_modules/.astro`) are shared by every build. While another living process
 * holds it, waits (`onWait` is told once per holder); the lock of a process that died is taken
 * over.
 */
export function withBuildLock<T>(file: string, onWait: (pid: number) => void, run: () => T): T {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let told: number | undefined;
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf(file);
    if (!holder) continue; // released meanwhile
    const writing = holder.pid === undefined && Date.now() - holder.at < UNWRITTEN_MS;
    if (writing || (holder.pid !== undefined && isAlive(holder.pid))) {
      if (holder.pid !== undefined && told !== holder.pid) {
        told = holder.pid;
        onWait(holder.pid);
      }
      pause(POLL_MS);
      continue;
    }
    // Its holder died without releasing it.
    fs.rmSync(file, { force: true });
  }
  try {
    return run();
  } finally {
    if (holderOf(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  }
}
