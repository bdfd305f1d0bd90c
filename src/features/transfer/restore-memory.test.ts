import fs from 'node:fs';
import path from 'node:path';
import { strToU8 } from 'fflate';
import { createStorage } from 'unstorage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN } from '../../../tests/helpers/app.ts';
import { mp4 } from '../../../tests/helpers/media.ts';
import { tempDir } from '../../../tests/helpers/server.ts';
import { staff } from '../../../tests/helpers/staff.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { fileReads, fsBlobDriver } from '../../server/blobs/fs.ts';
import { wrapStorage, type BlobStore } from '../../server/blobs.ts';
import type { RestoreAnswer } from './format.ts';
import { RESTORE_UPLOADS_DIR } from './routes.ts';
import { emptyObjects, exportZip, rawZip, storedEntry, unzip } from './test-fixtures.ts';

/**
 * What a restore costs the server's memory (docs/adr/0036): the archive is written to disk as it
 * arrives and read an entry at a time, so memory grows by about its largest entry, not by the
 * archive; a list is parsed an entry at a time, so `[{},{},…]` costs nothing. Media go to a store
 * on disk, as in production (the memory store would hold them). Its own process (vitest.config):
 * the peak is the file's alone.
 */

let t: TestApp;
let cookie: string;
let other: string;
let dir: string;
let blobs: BlobStore;
beforeAll(() => {
  dir = tempDir('legenda-restore-memory-');
  const root = path.join(dir, 'blobs');
  blobs = wrapStorage(createStorage({ driver: fsBlobDriver(root) }), fileReads(root));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
useTestApp(
  () => ({ blobs }),
  (s) => ({ t, cookie, other } = s),
);

const MB = 1024 * 1024;

/** Peak resident memory over `work`, less what it was before (Linux's own peak when it can). */
async function growth<T>(work: () => Promise<T>): Promise<{ result: T; grew: number }> {
  const peakKb = () =>
    Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1]);
  let exact = true;
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    exact = false;
  }
  const before = process.memoryUsage.rss();
  let peak = before;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 1);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss(), exact ? peakKb() * 1024 : 0);
    return { result, grew: peak - before };
  } finally {
    clearInterval(sample);
  }
}

/**
 * The archive sent as a browser's form arrives from the network: in pieces of 64 KB (an
 * in-process Request would hand the server the whole body as one chunk, copied).
 */
function restoreForm(bytes: Uint8Array) {
  const boundary = 'legenda-test-boundary';
  const head = strToU8(
    `--${boundary}\r\nContent-Disposition: form-data; name="archive"; filename="export.zip"\r\n` +
      'Content-Type: application/zip\r\n\r\n',
  );
  const parts = [head, bytes, strToU8(`\r\n--${boundary}--\r\n`)];
  return () => {
    let part = 0;
    let at = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const current = parts[part]!;
        controller.enqueue(current.subarray(at, at + 64 * 1024));
        at += 64 * 1024;
        if (at >= current.length) [part, at] = [part + 1, 0];
        if (part === parts.length) controller.close();
      },
    });
    return t.request('/api/upload/museum', {
      method: 'POST',
      headers: {
        cookie: other,
        origin: ORIGIN,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: 'half',
    } as RequestInit);
  };
}

async function exportedFiles() {
  await staff(t, cookie).publish('salle-1', 'Salle 1', 'Bienvenue');
  return unzip(await exportZip(t, cookie));
}

describe('a restore holds one entry at a time', () => {
  it('restores an archive of 48 MB of videos growing memory by far less than its size, /healthz answering meanwhile', async () => {
    const files = await exportedFiles();
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as {
      counts: Record<string, number>;
    };
    const videos = Array.from({ length: Number(process.env.NV ?? 6) }, (_, i) =>
      storedEntry(`media/videos/clip${i}.mp4`, mp4(8 * MB)),
    );
    manifest.counts.media = videos.length;
    files['manifest.json'] = strToU8(JSON.stringify(manifest));
    const zip = rawZip([
      ...Object.entries(files).map(([name, data]) => storedEntry(name, data)),
      ...videos,
    ]);
    const send = restoreForm(zip);

    const { result, grew } = await growth(async () => {
      let restored = false;
      const restore = send().finally(() => (restored = true));
      const health = await t.request('/healthz');
      const answeredDuring = !restored;
      return { res: await restore, health: health.status, answeredDuring };
    });
    const { res } = result;
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as RestoreAnswer).media).toBe(videos.length);
    expect(result).toMatchObject({ health: 200, answeredDuring: true });
    expect(await blobs.size('media/2/videos/clip0.mp4')).toBe(8 * MB);
    console.log(`restore of ${zip.length >> 20} MB: memory grew by ${grew >> 20} MB at most`);
    // The largest entry is 8 MB; the archive 48 MB (it grew by 110 MB when read whole).
    expect(grew).toBeLessThan(24 * MB);
    // The uploaded file is gone.
    expect(fs.readdirSync(RESTORE_UPLOADS_DIR).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('refuses `[{},{},…]` under a manifest that lies about its count at its first entry, without unpacking it', async () => {
    const files = await exportedFiles();
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as {
      counts: Record<string, number>;
    };
    // 30 articles may take 240 MB: the file passes the first bound; its first entry is wrong.
    manifest.counts.articles = 30;
    files['manifest.json'] = strToU8(JSON.stringify(manifest));
    delete files['data/articles.json'];
    const zip = rawZip([
      ...Object.entries(files).map(([name, data]) => storedEntry(name, data)),
      emptyObjects('data/articles.json', 48),
    ]);
    expect(zip.length).toBeLessThan(256 * 1024);
    const send = restoreForm(zip);

    const { result: res, grew } = await growth(send);
    const body = (await res.json()) as { error: { details: { reason: string; path: string } } };
    expect(res.status).toBe(422);
    expect(body.error.details).toMatchObject({ reason: 'invalid_data', path: '0.id' });
    expect((await t.request('/healthz')).status).toBe(200);
    console.log(`[{},{},…] of 48 MB refused: memory grew by ${grew >> 20} MB at most`);
    // Read whole, the 48 MB of text and its 16 million objects took about 1 GB.
    expect(grew).toBeLessThan(16 * MB);
  });
});
