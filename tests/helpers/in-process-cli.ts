import { Readable, Writable } from 'node:stream';
import type { CliIo } from '../../src/app/cli/io.ts';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command of src/app/cli in this process, as runScript (server.ts) runs it in a process
 * of its own: the settings laid over the environment, the input on a pipe (not a terminal), and
 * what it prints collected. Each spawned command started Node and loaded its modules again: a
 * second or more of processor time each; the real process is kept for the cases about it.
 */
export async function runInProcess(
  command: (argv: string[], io: CliIo) => Promise<number>,
  args: string[],
  env: Record<string, string>,
  input?: string,
): Promise<CommandResult> {
  const stdout = collect();
  const stderr = collect();
  const stdin = Readable.from(input === undefined || input === '' ? [] : [Buffer.from(input)]);
  const code = await command(args, {
    env: { LOG_LEVEL: 'info', ...env },
    stdin,
    stdout: stdout.stream,
    stderr: stderr.stream,
  });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** A stream that keeps what is written, as it is written (no event to wait for). */
function collect() {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}
