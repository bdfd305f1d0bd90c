import fs from 'node:fs';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../tests/helpers/server.ts';
import { ApiError, sendError } from './errors.ts';
import { ENVELOPE_BYTES, readUpload, type UploadOptions } from './upload.ts';

const dir = tempDir('legenda-upload-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const MAX = 1000;
const options: UploadOptions = {
  sendAs: 'Send a form.',
  tooLarge: () => new ApiError(413, 'payload_too_large', 'too large'),
  missing: () => new ApiError(422, 'invalid_body', 'no file'),
  empty: () => new ApiError(422, 'empty_file', 'empty'),
};
const steps: string[] = [];

const app = new Hono();
app.onError((error, c) => (error instanceof ApiError ? sendError(c, error) : c.text('bug', 500)));
app.post('/one', async (c) => {
  const { file, form } = await readUpload(c, 'file', MAX, options);
  return c.json({ size: file.size, note: form.get('note') });
});
app.post('/many', async (c) => {
  const tooMany = () => new ApiError(422, 'too_many', 'too many');
  const { files } = await readUpload(c, 'file', MAX, { ...options, many: { max: 2, tooMany } });
  return c.json({ sizes: files.map((file) => file.size) });
});
app.post('/disk', async (c) => {
  const beforeReading = async () => {
    steps.push('checked');
  };
  const received = await readUpload(c, 'file', MAX, { ...options, toDisk: dir, beforeReading });
  const bytes = fs.readFileSync(received.path).length;
  await received.remove();
  return c.json({ size: received.size, bytes });
});

const form = (...sizes: number[]) => {
  const body = new FormData();
  body.append('note', 'a note');
  for (const size of sizes) body.append('file', new Blob([new Uint8Array(size)]), 'f.bin');
  return body;
};
const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  app.request(path, { method: 'POST', body, headers });
const code = async (res: Response) =>
  [res.status, ((await res.json()) as { error: { code: string } }).error.code] as const;

describe('readUpload', () => {
  it('gives one file and the form, held in memory or written to disk', async () => {
    expect(await (await post('/one', form(MAX))).json()).toEqual({ size: MAX, note: 'a note' });
    expect(await (await post('/many', form(1, 2))).json()).toEqual({ sizes: [1, 2] });
    expect(await (await post('/disk', form(MAX))).json()).toEqual({ size: MAX, bytes: MAX });
  });

  it('refuses the same way on every route: no form, too large, no file, an empty file', async () => {
    for (const path of ['/one', '/many', '/disk']) {
      expect(await code(await post(path, 'x', { 'content-type': 'text/plain' }))).toEqual([
        415,
        'unsupported_media_type',
      ]);
      const declared = { 'content-length': String(3 * (MAX + ENVELOPE_BYTES) + 1) };
      expect(await code(await post(path, form(1), declared))).toEqual([413, 'payload_too_large']);
      expect(await code(await post(path, form()))).toEqual([422, 'invalid_body']);
    }
    for (const path of ['/one', '/disk']) {
      expect(await code(await post(path, form(MAX + 1)))).toEqual([413, 'payload_too_large']);
      expect(await code(await post(path, form(0)))).toEqual([422, 'empty_file']);
    }
    // Several files: each one's size is the caller's to judge, their count is bounded here.
    expect(await (await post('/many', form(0, MAX + 1))).json()).toEqual({ sizes: [0, MAX + 1] });
    expect(await code(await post('/many', form(1, 1, 1)))).toEqual([422, 'too_many']);
  });

  it('runs the checks before reading only for a form, and before a byte is written', async () => {
    steps.length = 0;
    await post('/disk', 'x', { 'content-type': 'text/plain' });
    expect(steps).toEqual([]);
    await post('/disk', form(1));
    expect(steps).toEqual(['checked']);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
