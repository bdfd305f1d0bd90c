import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from './errors.ts';

/**
 * One file of a multipart form written to disk as it arrives, never held in memory (a museum's
 * archive may be 1 GB: docs/adr/0036). The form's other parts are read past and dropped. The
 * caller removes the file when done (`remove`); a file left by a process stopped meanwhile is
 * removed by the next call after a day.
 */

export interface ReceivedFile {
  path: string;
  size: number;
  remove(): Promise<void>;
}

export interface ReceiveOptions {
  /** The form field holding the file. */
  field: string;
  /** The largest file taken; `tooLarge` is thrown past it, or past it and the envelope's room. */
  maxBytes: number;
  envelopeBytes: number;
  tooLarge: () => Error;
  /** Where the file is written while it is read. */
  dir: string;
}

/** Bytes of the body looked at once. */
const SLICE = 64 * 1024;
/** A part's headers: far under this in any browser's form. */
const MAX_HEADER_BYTES = 16 * 1024;
/** Files older than this in `dir` were left by a process stopped while it read them. */
export const LEFTOVER_MS = 24 * 3600 * 1000;

const badForm = () =>
  new ApiError(400, 'invalid_form', 'The upload is not a readable multipart form.');

function boundaryOf(contentType: string): string {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw badForm();
  return boundary;
}

/** The field name and whether the part is a file, from its headers. */
function partOf(headers: string): { name: string | undefined; isFile: boolean } {
  const disposition = headers.split('\r\n').find((line) => /^content-disposition\s*:/i.test(line));
  if (!disposition) return { name: undefined, isFile: false };
  const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
  return { name, isFile: /;\s*filename\*?=/i.test(disposition) };
}

/** Removes what a stopped process left in `dir`: files older than LEFTOVER_MS. */
async function removeLeftovers(dir: string, now: number) {
  for (const name of await readdir(dir).catch(() => [])) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && now - info.mtimeMs > LEFTOVER_MS) await rm(file, { force: true });
  }
}

type State = 'preamble' | 'after' | 'headers' | 'body' | 'done';

/**
 * The multipart body read a chunk at a time: each part's bytes go to `sink` (the file's part) or
 * nowhere. Only the bytes that may start a boundary are kept between chunks.
 */
class MultipartReader {
  private state: State = 'preamble';
  /** Where each slice is looked at, after what was left of the last one: one buffer, reused. */
  private readonly work = Buffer.allocUnsafe(MAX_HEADER_BYTES + 2 * SLICE);
  // The body is read as if it started with CRLF: its first boundary is then found as the others.
  private pending = this.work.subarray(0, this.work.write('\r\n'));
  private readonly delimiter: Buffer;
  private readonly field: string;
  private readonly sink: (bytes: Buffer) => Promise<void>;
  private writing = false;

  constructor(boundary: string, field: string, sink: (bytes: Buffer) => Promise<void>) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
    this.field = field;
    this.sink = sink;
  }

  /** What was left, moved to the start of the work buffer, and `slice` after it. */
  private load(slice: Uint8Array) {
    const kept = this.pending.length;
    this.pending.copy(this.work, 0);
    this.work.set(slice, kept);
    this.pending = this.work.subarray(0, kept + slice.length);
  }

  get done() {
    return this.state === 'done';
  }

  /** Whether the file's part was found. */
  found = false;

  /**
   * A chunk, a slice at a time, each looked at in the reused buffer: the body's bytes are never
   * copied anywhere else, and nothing is allocated for them (a sink's write is awaited before the
   * buffer is used again).
   */
  async push(chunk: Uint8Array): Promise<void> {
    for (let at = 0; at < chunk.byteLength && !this.done; at += SLICE) {
      this.load(chunk.subarray(at, at + SLICE));
      while (!this.done && (await this.step()));
    }
  }

  /** One move of the reader; false when it needs more bytes. */
  private async step(): Promise<boolean> {
    const { pending, delimiter } = this;
    if (this.state === 'after') {
      if (pending.length < 2) return false;
      const next = pending.subarray(0, 2).toString('latin1');
      if (next === '--') this.state = 'done';
      else if (next === '\r\n') this.state = 'headers';
      else throw badForm();
      this.pending = pending.subarray(2);
      return true;
    }
    if (this.state === 'headers') {
      const end = pending.indexOf('\r\n\r\n');
      if (end < 0) {
        if (pending.length > MAX_HEADER_BYTES) throw badForm();
        return false;
      }
      const part = partOf(pending.subarray(0, end).toString('utf8'));
      this.writing = part.name === this.field && part.isFile && !this.found;
      if (this.writing) this.found = true;
      this.pending = pending.subarray(end + 4);
      this.state = 'body';
      return true;
    }
    const at = pending.indexOf(delimiter);
    const keep = at >= 0 ? at : Math.max(0, pending.length - delimiter.length + 1);
    if (this.state === 'body' && this.writing && keep > 0)
      await this.sink(pending.subarray(0, keep));
    if (at < 0) {
      this.pending = pending.subarray(keep);
      return false;
    }
    this.pending = pending.subarray(at + delimiter.length);
    this.state = 'after';
    this.writing = false;
    return true;
  }
}

/**
 * The body read to its end, each chunk to `reader`. A body that cannot be read (the client gone
 * mid-upload) is a 400, as readForm answers; a failed write of the file is the server's own.
 */
async function writeBody(
  body: ReadableStream<Uint8Array>,
  reader: MultipartReader,
  options: ReceiveOptions,
) {
  const chunks = body.getReader();
  let total = 0;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await chunks.read();
      } catch {
        throw badForm();
      }
      if (next.done) break;
      total += next.value.byteLength;
      if (total > options.maxBytes + options.envelopeBytes) throw options.tooLarge();
      if (!reader.done) await reader.push(next.value);
    }
  } catch (error) {
    await chunks.cancel().catch(() => {});
    throw error;
  }
  if (!reader.done) throw badForm();
}

/**
 * The file of `field` in the request's multipart body, written to a new file of `dir`;
 * undefined when the form has no such file. Throws 400 for a body that is not a multipart form
 * and `tooLarge` past the bounds, the file removed.
 */
export async function receiveFile(
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
  options: ReceiveOptions,
): Promise<ReceivedFile | undefined> {
  if (!body) throw badForm();
  const boundary = boundaryOf(contentType);
  await mkdir(options.dir, { recursive: true, mode: 0o700 });
  await removeLeftovers(options.dir, Date.now());
  const file = path.join(options.dir, `${randomUUID()}.part`);
  const remove = () => rm(file, { force: true });
  let handle: FileHandle | undefined;
  let size = 0;
  try {
    handle = await open(file, 'wx', 0o600);
    const out = handle;
    const reader = new MultipartReader(boundary, options.field, async (bytes) => {
      size += bytes.byteLength;
      if (size > options.maxBytes) throw options.tooLarge();
      await out.write(bytes);
    });
    await writeBody(body, reader, options);
    await handle.close();
    handle = undefined;
    if (!reader.found) {
      await remove();
      return undefined;
    }
    return { path: file, size, remove };
  } catch (error) {
    await handle?.close().catch(() => {});
    await remove();
    throw error;
  }
}
