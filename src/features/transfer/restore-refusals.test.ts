import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { PNG_1PX, SVG } from '../../../tests/helpers/media.ts';
import { ORIGIN } from '../../../tests/helpers/app.ts';
import { staff } from '../../../tests/helpers/staff.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { loadTestSettings } from '../../server/config.ts';
import { transferRepo } from './repo.ts';
import { transferService } from './service.ts';
import { mediaLimits } from './archive.ts';
import { MAX_RESTORES_AT_ONCE } from './routes.ts';
import { purgeUnnamedUploads, UNNAMED_UPLOAD_MS } from '../uploads/purge.ts';
import {
  emptyObjects,
  exportZip,
  rawZip,
  restore,
  seedMuseum,
  storedEntry,
} from './test-fixtures.ts';

let t: TestApp;
let cookie: string;
let other: string;
const app = useTestApp({}, (s) => ({ t, cookie, other } = s));

/**
 * A valid export of museum A, as its files: made once, by the first test that asks (each test
 * starts from an empty database, and every refusal below is of museum B's restore).
 */
let exported: Record<string, Uint8Array> | undefined;
async function exportedFiles(): Promise<Record<string, Uint8Array>> {
  if (!exported) {
    await seedMuseum(t, cookie);
    exported = unzipSync(await exportZip(t, cookie));
  }
  return exported;
}

const json = (value: unknown) => strToU8(JSON.stringify(value));

async function refused(bytes: Uint8Array, status: number, reason?: string) {
  const res = await restore(t, other, bytes);
  const body = (await res.json()) as {
    error: { code: string; message: string; details?: { reason?: string } };
  };
  expect(res.status, body.error.message).toBe(status);
  if (reason) expect(body.error.details?.reason).toBe(reason);
  // Nothing of it stayed: no article, no media file in museum B.
  expect(await t.blobs.list('media/2')).toEqual([]);
  const tree = (await (await staff(t, other).get('/api/tree')).json()) as unknown[];
  expect(tree).toEqual([]);
  return body.error;
}

/** Sets a 32-bit field of every central directory entry named `name`. */
function patchCentral(zip: Uint8Array, name: string, offset: number, value: number) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const wanted = strToU8(name);
  for (let at = 0; at + 46 < zip.length; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const length = view.getUint16(at + 28, true);
    const found = zip.subarray(at + 46, at + 46 + length);
    if (found.length === wanted.length && found.every((b, i) => b === wanted[i])) {
      view.setUint32(at + offset, value, true);
    }
  }
  return zip;
}

describe('a restore refuses', () => {
  it('a file that is not a zip, and a zip that is not an export', async () => {
    await refused(strToU8('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 422, 'not_zip');
    await refused(zipSync({ 'notes.txt': strToU8('bonjour') }), 422, 'unexpected_file');
    await refused(zipSync({ 'data/articles.json': json([]) }), 422, 'missing');
  });

  it('another format version, or a manifest that is not one', async () => {
    const files = await exportedFiles();
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as object;
    const error = await refused(
      zipSync({ ...files, 'manifest.json': json({ ...manifest, version: 2 }) }),
      422,
      'version',
    );
    expect(error.message).toContain('version 2');
    await refused(
      zipSync({ ...files, 'manifest.json': json({ format: 'other' }) }),
      422,
      'not_export',
    );
  });

  it('names that would lead out of the archive', async () => {
    const files = await exportedFiles();
    for (const name of [
      '../../etc/passwd',
      'media/images/../../../x.png',
      '/abs/x.png',
      'media\\images\\x.png',
    ]) {
      await refused(zipSync({ ...files, [name]: PNG_1PX } as Zippable), 422, 'unexpected_file');
    }
  });

  it('a zip bomb, whether it says how large it is or lies about it', async () => {
    const files = await exportedFiles();
    const zeros = new Uint8Array(1024 * 1024);
    const bomb = () => zipSync({ ...files, 'data/articles.json': zeros }, { level: 9 });
    // Saying it unpacks to 300 MB: more than a data file may be, refused before it is unpacked.
    await refused(
      patchCentral(bomb(), 'data/articles.json', 24, 300 * 1024 * 1024),
      422,
      'too_large',
    );
    // Saying 100 bytes: unpacking stops there.
    const lying = patchCentral(bomb(), 'data/articles.json', 24, 100);
    await refused(lying, 422, 'bomb');
  });

  it('media whose bytes are not what their name says', async () => {
    const files = await exportedFiles();
    const image = Object.keys(files).find((name) => name.startsWith('media/images/'))!;
    await refused(zipSync({ ...files, [image]: strToU8(SVG) }), 422, 'media_type');
  });

  it('data that breaks the rules of its part, naming the file', async () => {
    const files = await exportedFiles();
    const articles = JSON.parse(new TextDecoder().decode(files['data/articles.json'])) as {
      content: unknown[];
    }[];
    articles[0]!.content.push({ type: 'text', content: 'x', color: 'red' });
    const error = await refused(
      zipSync({ ...files, 'data/articles.json': json(articles) }),
      422,
      'invalid_data',
    );
    expect(error.message).toContain('data/articles.json');
    await refused(
      zipSync({
        ...files,
        'data/qrcodes.json': json([{ link: 'AAAAAAAAAA', articleId: 999999, circuitId: null }]),
      }),
      422,
      'invalid_data',
    );
    // Nested deeper than Legenda writes: refused as it is read, not built a million levels deep.
    const deep = await refused(
      zipSync({ ...files, 'data/folders.json': strToU8(`${'['.repeat(1000)}${']'.repeat(1000)}`) }),
      422,
      'invalid_data',
    );
    expect(deep.message).toContain('nested deeper');
    // A list wider than Legenda writes: refused before its schema notes 100,000 issues.
    articles[0]!.content = Array.from({ length: 100_000 }, () => []);
    const wide = await refused(
      zipSync({ ...files, 'data/articles.json': json(articles) }),
      422,
      'invalid_data',
    );
    expect(wide.message).toContain('longer than Legenda writes');
  });

  it('a museum that has articles already (409)', async () => {
    const files = await exportedFiles();
    await staff(t, other).publish('deja-la');
    const res = await restore(t, other, zipSync(files));
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('museum_not_empty');
    expect(await t.blobs.list('media/2')).toEqual([]);
  });

  it('and removes the media files it wrote when the database part fails', async () => {
    const files = await exportedFiles();
    const repo = transferRepo(app.database.db);
    const failing = transferService({
      repo: {
        ...repo,
        restore: () => Promise.reject(new Error('the database went away')),
      },
      blobs: t.blobs,
      limits: mediaLimits({ image: 1 << 20, video: 1 << 20, audio: 1 << 20 }),
      now: () => new Date(),
    });
    await expect(failing.restore(2, zipSync(files))).rejects.toThrow('the database went away');
    expect(await t.blobs.list('media/2')).toEqual([]);
  });

  it('a list larger than its manifest counts, before unpacking it or at the entry past the count', async () => {
    const files = await exportedFiles();
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as {
      counts: Record<string, number>;
    };
    const stored = (changed: Record<string, Uint8Array>) =>
      Object.entries({ ...files, ...changed }).map(([name, data]) => storedEntry(name, data));
    const { 'data/articles.json': _, ...others } = files;
    const withArticles = (counts: object, articles: ReturnType<typeof emptyObjects>) =>
      rawZip([
        ...Object.entries({ ...others, 'manifest.json': json({ ...manifest, counts }) }).map(
          ([name, data]) => storedEntry(name, data),
        ),
        articles,
      ]);
    // 64 MB of `[{},{},…]` in 70 KB, under the per-file bound: 3 articles are never that large.
    const bomb = emptyObjects('data/articles.json', 64);
    const tooLarge = withArticles(manifest.counts, bomb);
    expect(tooLarge.length).toBeLessThan(256 * 1024);
    const error = await refused(tooLarge, 422, 'over_manifest');
    expect(error.message).toContain('data/articles.json');
    // Counting 30 (which may be 240 MB), it is read to its first entry, which is wrong.
    const lying = await refused(
      withArticles({ ...manifest.counts, articles: 30 }, bomb),
      422,
      'invalid_data',
    );
    expect(lying.message).toContain('(at 0.id)');
    // The three articles under a manifest counting two; a media file more than it counts.
    const two = json({ ...manifest, counts: { ...manifest.counts, articles: 2 } });
    await refused(rawZip(stored({ 'manifest.json': two })), 422, 'over_manifest');
    await refused(rawZip(stored({ 'media/images/extra.png': PNG_1PX })), 422, 'over_manifest');
  });

  it('and leaves nothing the uploads purge does not take when its process stops midway', async () => {
    const files = await exportedFiles();
    const repo = transferRepo(app.database.db);
    // The process stops while the data is written: nothing after that runs, nothing is removed.
    const stopping = transferService({
      repo: { ...repo, restore: () => new Promise<never>(() => {}) },
      blobs: t.blobs,
      limits: mediaLimits({ image: 1 << 20, video: 1 << 20, audio: 1 << 20 }),
      now: () => new Date(),
    });
    void stopping.restore(2, zipSync(files));
    await expect.poll(async () => (await t.blobs.list('media/2')).length).toBe(4);
    const purge = (at: number) =>
      purgeUnnamedUploads({ db: app.database.db, blobs: t.blobs, now: () => new Date(at) });
    const first = t.clock.now().getTime();
    expect(await purge(first)).toBe(0);
    expect(await purge(first + UNNAMED_UPLOAD_MS)).toBe(4);
    expect(await t.blobs.list('media/2')).toEqual([]);
  });

  // The bound is a count in the process, the same whatever the database: checked on the embedded
  // one. On PostgreSQL, beside other files in one worker, the held uploads were seen (once in
  // three runs) never to reach the restore within 20 s; not understood yet.
  it.skipIf(Boolean(loadTestSettings().databaseUrl))(
    'more restores at once than the process takes: 429 at once, with when to try again',
    async () => {
      const releases: (() => void)[] = [];
      /** An upload whose archive stops arriving until released (a slow connection). */
      const held = () => {
        const arrived = Promise.withResolvers<void>();
        releases.push(arrived.resolve);
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(
              strToU8(
                '--held\r\nContent-Disposition: form-data; name="archive"; filename="x.zip"\r\n\r\n',
              ),
            );
            await arrived.promise;
            controller.enqueue(strToU8('not a zip\r\n--held--\r\n'));
            controller.close();
          },
        });
        return t.request('/api/upload/museum', {
          method: 'POST',
          headers: {
            cookie: other,
            origin: ORIGIN,
            'content-type': 'multipart/form-data; boundary=held',
          },
          body,
          duplex: 'half',
        } as RequestInit);
      };
      const running = Array.from({ length: MAX_RESTORES_AT_ONCE }, held);
      let refused: Response | undefined;
      // Once the held uploads have reached the restore (on PostgreSQL, past a second's default).
      await expect
        .poll(async () => (refused = await restore(t, other, strToU8('x'))).status, {
          timeout: 20_000,
        })
        .toBe(429);
      expect(refused!.headers.get('retry-after')).toBe('30');
      for (const release of releases) release();
      for (const res of await Promise.all(running)) expect(res.status).toBe(422);
      expect((await restore(t, other, strToU8('x'))).status).toBe(422);
    },
  );

  it('without a session, or without the archive field', async () => {
    const form = new FormData();
    form.append('archive', new Blob([zipSync({})]), 'x.zip');
    const anonymous = await t.request('/api/upload/museum', {
      method: 'POST',
      headers: { origin: t.config.publicSiteUrl },
      body: form,
    });
    expect(anonymous.status).toBe(401);
    const wrongField = new FormData();
    wrongField.append('file', new Blob([zipSync({})]), 'x.zip');
    const res = await t.request('/api/upload/museum', {
      method: 'POST',
      headers: { cookie: other, origin: t.config.publicSiteUrl },
      body: wrongField,
    });
    expect(res.status).toBe(422);
  });
});
