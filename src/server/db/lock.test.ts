import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './lock.ts';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'legenda-lock-'));

describe('the data directory lock', () => {
  it('refuses a second holder while the first one lives, then frees the directory', async () => {
    const dir = tmp();
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    fs.writeFileSync(path.join(dir, 'legenda.lock'), String(sleeper.pid));
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
      expect(() => lockDataDir(dir)).toThrow(`pid ${sleeper.pid}`);
    } finally {
      sleeper.kill();
      await new Promise((resolve) => sleeper.once('exit', resolve));
    }
    const lock = lockDataDir(dir); // the holder died: its lock is stale
    expect(fs.readFileSync(path.join(dir, 'legenda.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, 'legenda.lock'))).toBe(false);
  });

  it('creates the directory when it does not exist', () => {
    const dir = path.join(tmp(), 'nested', 'data');
    const lock = lockDataDir(dir);
    expect(fs.existsSync(dir)).toBe(true);
    lock.release();
  });
});
