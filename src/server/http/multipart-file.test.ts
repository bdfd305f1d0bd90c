import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../tests/helpers/server.ts';
import { ApiError } from './errors.ts';
import { LEFTOVER_MS, receiveFile, type ReceiveOptions } from './multipart-file.ts';

const dir = tempDir('legenda-multipart-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const options = (changes: Partial<ReceiveOptions> = {}): ReceiveOptions => ({
  field: 'archive',
  maxBytes: 1024 * 1024,
  envelopeBytes: 16 * 1024,
  tooLarge: () => new ApiError(413, 'payload_too_large', 'too large'),
  dir,
  ...changes,
});

/** A form as a browser sends it, its body in pieces of `piece` bytes (a network's chunks). */
async function sent(form: FormData, piece: number) {
  const request = new Request('http://x/', { method: 'POST', body: form });
  const whole = new Uint8Array(await request.arrayBuffer());
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < whole.length; at += piece) {
        controller.enqueue(whole.slice(at, at + piece));
      }
      controller.close();
    },
  });
  return { body, type: request.headers.get('content-type')! };
}

/** Bytes that look like a form's own: line breaks, dashes, the start of a boundary. */
const tricky = Buffer.concat([
  Buffer.from('\r\n--\r\n\r\n------WebKitFormBoundary'),
  Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256)),
  Buffer.from('\r\n-'),
]);

describe('receiveFile', () => {
  it('writes the field’s file to disk byte for byte, whatever the chunks, past the other fields', async () => {
    for (const piece of [13, 4096, 1 << 20]) {
      const form = new FormData();
      form.append('note', 'before');
      form.append('other', new Blob([Buffer.from('not this one')]), 'other.bin');
      form.append('archive', new Blob([tricky]), 'export.zip');
      form.append('after', 'after');
      const { body, type } = await sent(form, piece);
      const file = await receiveFile(body, type, options());
      expect(file?.size).toBe(tricky.length);
      expect(Buffer.from(fs.readFileSync(file!.path)).equals(tricky)).toBe(true);
      await file!.remove();
      expect(fs.existsSync(file!.path)).toBe(false);
    }
  });

  it('answers undefined without the field’s file, and leaves no file', async () => {
    const form = new FormData();
    form.append('archive', 'a text, not a file');
    const { body, type } = await sent(form, 100);
    expect(await receiveFile(body, type, options())).toBeUndefined();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses a file past the bound, or a body that is not a whole form, and removes what it wrote', async () => {
    const form = new FormData();
    form.append('archive', new Blob([tricky]), 'export.zip');
    const big = await sent(form, 1000);
    await expect(receiveFile(big.body, big.type, options({ maxBytes: 50_000 }))).rejects.toThrow(
      'too large',
    );
    const cut = new Uint8Array(
      await new Request('http://x/', { method: 'POST', body: form }).arrayBuffer(),
    );
    const half = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(cut.subarray(0, 5000));
        controller.close();
      },
    });
    await expect(receiveFile(half, big.type, options())).rejects.toMatchObject({ status: 400 });
    // The client gone mid-upload.
    const gone = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(cut.subarray(0, 5000));
        controller.error(new Error('socket hang up'));
      },
    });
    await expect(receiveFile(gone, big.type, options())).rejects.toMatchObject({ status: 400 });
    await expect(receiveFile(half, 'multipart/form-data', options())).rejects.toMatchObject({
      status: 400,
    });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('removes the files a stopped process left a day ago, not those being written', async () => {
    const old = path.join(dir, 'left.part');
    const recent = path.join(dir, 'writing.part');
    fs.writeFileSync(old, 'left by a process stopped mid-restore');
    fs.writeFileSync(recent, 'another restore, still running');
    const dayAgo = new Date(Date.now() - LEFTOVER_MS - 60_000);
    fs.utimesSync(old, dayAgo, dayAgo);
    const form = new FormData();
    form.append('archive', new Blob([Buffer.from('zip')]), 'export.zip');
    const { body, type } = await sent(form, 100);
    const file = await receiveFile(body, type, options());
    await file!.remove();
    expect(fs.readdirSync(dir)).toEqual(['writing.part']);
    fs.rmSync(recent);
  });
});
