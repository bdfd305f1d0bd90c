import type { Readable, Writable } from 'node:stream';
import type { LogSink } from '../../server/log.ts';

/**
 * What a command reads and writes: the process's own streams when run from a shell, others when
 * a test runs the same command inside its own process (starting Node and the app again for each
 * command cost a test a second or more of processor time each).
 */
export interface CliIo {
  /** Settings laid over the environment's (a test's DATA_DIR, DATABASE_URL…). */
  env: Record<string, string | undefined>;
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable;
  stderr: Writable;
}

export function processIo(): CliIo {
  return { env: {}, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
}

/** One line on standard output, as console.log writes it. */
export function say(io: CliIo, text: string): void {
  io.stdout.write(`${text}\n`);
}

/** One line on standard error, as console.error writes it. */
export function complain(io: CliIo, text: string): void {
  io.stderr.write(`${text}\n`);
}

/** The logger's lines on the command's own streams. */
export function sinkOf(io: CliIo): LogSink {
  return (stream, line) => (stream === 'stderr' ? complain(io, line) : say(io, line));
}
