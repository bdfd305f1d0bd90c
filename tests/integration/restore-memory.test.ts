import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emptyObjects, rawZip, storedEntry } from '../../src/features/transfer/test-fixtures.ts';
import { migratedDataDir } from '../helpers/data-dir.ts';
import { mp4 } from '../helpers/media.ts';
import { cookieOf, staffHttp } from '../helpers/staff-http.ts';
import { useServers } from '../helpers/use-servers.ts';

/**
 * What a museum's restore costs a real server process's memory (docs/adr/0036): the archive is
 * written to disk as it arrives and read an entry at a time, so the process grows by about its
 * largest entry, not by the archive, and a list is parsed an entry at a time, so `[{},{},…]`
 * costs nothing; /healthz answers meanwhile. Measured by Linux (the process's peak, reset before
 * each restore): another process's memory, without the test's own.
 */

const start = useServers();
const MB = 1024 * 1024;
const EMAIL = 'curator@restore.example';
const PASSWORD = 'restore-memory-password';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/** A whole export of an empty museum holding only `media` (and, when given, `articles`). */
function archive(media: ReturnType<typeof storedEntry>[], counts: { articles?: number } = {}) {
  const manifest = {
    format: 'legenda-museum',
    version: 1,
    exportedAt: '2026-12-07T10:00:00.000Z',
    museum: { name: 'Musée' },
    mediaPrefix: '/media/9/',
    counts: {
      articles: 0,
      folders: 0,
      media: media.length,
      translations: 0,
      glossary: 0,
      circuits: 0,
      qrcodes: 0,
      ...counts,
    },
  };
  const settings = {
    sourceLanguage: 'fr',
    timeZone: 'Europe/Paris',
    priorityLanguages: [],
    speech: { voice: 'browser', otherLanguages: [] },
    visitorLanguages: null,
  };
  const lists = ['folders', 'translations', 'glossary', 'circuits', 'qrcodes'];
  return [
    storedEntry('manifest.json', json(manifest)),
    storedEntry('data/settings.json', json(settings)),
    ...lists.map((list) => storedEntry(`data/${list}.json`, json([]))),
    ...media,
  ];
}

/** The process's resident memory now, and its peak since the last reset, in bytes. */
function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** How much the process grew at most while `work` ran, /healthz asked all along. */
async function measured(pid: number, base: string, work: () => Promise<Response>) {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const before = memoryOf(pid).rss;
  let done = false;
  const answer = work().finally(() => (done = true));
  const health: number[] = [];
  while (!done) health.push((await fetch(`${base}/healthz`)).status);
  const res = await answer;
  return { res, body: await res.text(), health, grew: memoryOf(pid).peak - before };
}

describe.runIf(fs.existsSync('/proc/self/clear_refs'))('a restore in a server process', () => {
  it('holds one entry at a time: 96 MB of videos restored growing by less, hardly more than 16 MB do; `[{},{},…]` refused at once; /healthz answers', async () => {
    const server = await start({
      DATA_DIR: migratedDataDir(),
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
    });
    const pid = server.child.pid!;
    const http = staffHttp(server.url, server.url);
    const cookie = cookieOf(await http.login(EMAIL, PASSWORD));
    // The first start's demo article out: a restore goes into an empty museum.
    const tree = (await (await http.get('/api/tree', cookie)).json()) as { id: number }[];
    for (const item of tree) {
      const res = await http.post(
        '/api/manage/delete_item',
        { id: item.id, type: 'article', pathArray: [] },
        cookie,
      );
      expect(res.status).toBe(200);
    }
    const restore = (zip: Uint8Array<ArrayBuffer>) => () => {
      const form = new FormData();
      form.append('archive', new Blob([zip]), 'export.zip');
      return fetch(`${server.url}/api/upload/museum`, {
        method: 'POST',
        headers: { cookie, origin: server.url },
        body: form,
      });
    };

    // 48 MB of `{},` from 50 KB, under a manifest counting 30 articles (which may be 240 MB):
    // refused at its first entry. Read whole, it took about 1 GB.
    const lie = rawZip([...archive([], { articles: 30 }), emptyObjects('data/articles.json', 48)]);
    const refused = await measured(pid, server.url, restore(lie));
    expect(refused.res.status, refused.body).toBe(422);
    expect(JSON.parse(refused.body)).toMatchObject({
      error: { code: 'invalid_archive', details: { reason: 'invalid_data', path: '0.id' } },
    });

    // Videos of 8 MB: 2, then 12 (new names: each is written). Read whole, 48 MB of them grew
    // the process by 110 MB, and each MB more by two or three.
    const videos = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) =>
        storedEntry(`media/videos/clip${from + i}.mp4`, mp4(8 * MB)),
      );
    const valid = (media: ReturnType<typeof videos>) =>
      rawZip([...archive(media), storedEntry('data/articles.json', json([]))]);
    const small = await measured(pid, server.url, restore(valid(videos(0, 2))));
    const large = await measured(pid, server.url, restore(valid(videos(2, 12))));
    for (const restored of [small, large]) {
      expect(restored.res.status, restored.body).toBe(200);
      expect(restored.health.every((status) => status === 200)).toBe(true);
    }
    expect(JSON.parse(large.body)).toMatchObject({ media: 12, articles: 0 });
    const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
    console.log(
      `A restore in a server process: [{},{},…] of 48 MB refused growing by ${mb(refused.grew)}; ` +
        `16 MB of videos restored growing by ${mb(small.grew)}, 96 MB by ${mb(large.grew)} ` +
        `(/healthz answered ${large.health.length} times meanwhile)`,
    );
    expect(refused.grew).toBeLessThan(48 * MB);
    // What it holds is one entry and what the collector has not taken yet, whatever the size:
    // 80 MB more of archive, far less more of memory, and less than the archive.
    expect(large.grew - small.grew).toBeLessThan(40 * MB);
    expect(large.grew).toBeLessThan(96 * MB);
  });
});
