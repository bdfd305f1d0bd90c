import fs from 'node:fs';
import path from 'node:path';
import { isAlive } from '../process-alive.ts';

/**
 * PGlite allows one process per data directory. A second process would corrupt it, so the
 * first one holds a lock file with its pid; a later one refuses to start while that pid lives.
 */
export class DataDirInUseError extends Error {
  readonly pid: number;
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is in use by another Legenda process (pid ${pid}). ` +
        'Stop that process first, or set DATA_DIR to another directory.',
    );
    this.name = 'DataDirInUseError';
    this.pid = pid;
  }
}

export interface DataDirLock {
  release(): void;
}

export function lockDataDir(dir: string): DataDirLock {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'legenda.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
      if (pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(dir, pid);
      }
      // A stale lock from a process that died without cleaning up.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dir}.`);
}
