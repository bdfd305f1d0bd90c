import fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestDatabase } from '../../../tests/helpers/db.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { ORIGIN, testApp } from '../../../tests/helpers/app.ts';
import { tempDir } from '../../../tests/helpers/blob-servers.ts';
import { createBlobStore } from '../../server/blobs.ts';
import type { BlobStore } from '../../server/blobs/store.ts';
import { parseConfig } from '../../server/config.ts';
import {
  m4a,
  MOV,
  mp3,
  mp4,
  oggSpeex,
  oggVorbis,
  opus,
  PNG_1PX,
  pngOfSize,
  SRT,
  SVG,
  VTT,
  wav,
  webm,
} from '../../../tests/helpers/media.ts';
import sharp from 'sharp';
import { noisyPhoto } from '../../../tests/helpers/photos.ts';
import { parseRange } from '../../server/http/range.ts';

let database: TestDatabase;
let t: TestApp;
let cookie: string;
let other: string;
let articleId: number;
let foreignArticleId: number;

useTestApp(
  { env: { MAX_VIDEO_MB: '1', MAX_AUDIO_MB: '1', MAX_IMAGE_UPLOAD_MB: '1' } },
  async (s) => {
    ({ database, t, cookie, other } = s);
    articleId = await addArticle(cookie);
    foreignArticleId = await addArticle(other);
  },
);

async function addArticle(as: string): Promise<number> {
  const res = await t.postJson('/api/manage/add_article', { pathArray: [] }, { cookie: as });
  return ((await res.json()) as { id: number }).id;
}

function upload(
  kind: string,
  fields: Record<string, string | Blob>,
  options: { as?: string; origin?: string; fileName?: string } = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(name, value, options.fileName ?? `file.${name}`);
    else form.append(name, value);
  }
  const headers: Record<string, string> = { origin: options.origin ?? ORIGIN };
  if (options.as !== '') headers.cookie = options.as ?? cookie;
  return t.request(`/api/upload/${kind}`, { method: 'POST', headers, body: form });
}

const file = (bytes: Buffer | string, type = 'application/octet-stream') =>
  new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type });

async function stored(): Promise<string[]> {
  return t.blobs.list('media');
}

// Photos are processed for real (sharp): seconds each while the rest of the suite runs.
describe('POST /api/upload/image', { timeout: 120_000 }, () => {
  it('stores a PNG and serves it back with its type, nosniff and long caching', async () => {
    const res = await upload('image', { image: file(PNG_1PX, 'image/png') });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { mediaUrl: string; videoId: null; visitorBytes: number };
    expect(body.videoId).toBeNull();
    // Processed: the name carries its size (articles/image-sizes.ts), a WebP beside it.
    expect(body.mediaUrl).toMatch(/^\/media\/\d+\/images\/[A-Za-z0-9]{16}-w1h1\.png$/);
    expect(body.visitorBytes).toBeGreaterThan(0);

    const served = await t.request(body.mediaUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1, 1]);
    const webp = await t.request(body.mediaUrl.replace(/\.png$/, '.1.webp'));
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(await stored()).toHaveLength(2);
  });

  it('takes JPEG, WebP, AVIF and GIF; a camera photo loses its GPS and comes in three widths', async () => {
    const photo = await noisyPhoto({ width: 2000, height: 1500, sigma: 6 });
    const res = await upload('image', { image: file(photo) });
    expect(res.status).toBe(200);
    const { mediaUrl, visitorBytes } = (await res.json()) as Record<string, string>;
    expect(mediaUrl).toMatch(/-w1600h1200\.jpg$/);
    expect(Number(visitorBytes)).toBeLessThanOrEqual(200 * 1024);
    const files = await stored();
    expect(files).toHaveLength(6);
    for (const path of files) {
      const bytes = Buffer.from(await (await t.request(`/media/${path}`)).arrayBuffer());
      expect(bytes.byteLength, path).toBeLessThanOrEqual(200 * 1024);
      expect((await sharp(bytes).metadata()).exif, path).toBeUndefined();
    }

    const square = sharp({ create: { width: 64, height: 64, channels: 3, background: '#264' } });
    for (const [format, ext] of [
      ['webp', 'jpg'],
      ['avif', 'jpg'],
      ['gif', 'gif'],
    ] as const) {
      const bytes = await square.clone().toFormat(format).toBuffer();
      const answer = await upload('image', { image: file(bytes) });
      expect(answer.status, format).toBe(200);
      expect((await answer.json()).mediaUrl, format).toMatch(new RegExp(`\\.${ext}$`));
    }
  });

  it('keeps a light GIF as it came (its animation plays) and makes a still of a heavy one', async () => {
    const frames = await sharp({
      create: { width: 32, height: 96, channels: 3, background: '#a22' },
    })
      .gif()
      .toBuffer();
    const light = await upload('image', { image: file(frames) });
    const lightUrl = ((await light.json()) as { mediaUrl: string }).mediaUrl;
    expect(lightUrl).toMatch(/\/[A-Za-z0-9]{16}\.gif$/);
    expect(Buffer.from(await (await t.request(lightUrl)).arrayBuffer())).toEqual(frames);

    const heavy = await sharp(await noisyPhoto({ width: 700, height: 500 }))
      .gif()
      .toBuffer();
    expect(heavy.byteLength).toBeGreaterThan(200 * 1024);
    const still = await upload('image', { image: file(heavy) });
    expect(((await still.json()) as { mediaUrl: string }).mediaUrl).toMatch(/-w700h500\.jpg$/);
  });

  it('refuses HEIC with the formats that work, and a decompression bomb with a 422', async () => {
    const box = Buffer.alloc(24);
    box.writeUInt32BE(24, 0);
    box.write('ftypheic', 4, 'latin1');
    box.write('mif1heic', 16, 'latin1');
    const heic = await upload('image', { image: file(Buffer.concat([box, Buffer.alloc(512)])) });
    expect(heic.status).toBe(415);
    const error = (await heic.json()).error;
    expect(error.details).toEqual({ reason: 'heic' });
    expect(error.message).toMatch(/JPEG, PNG, WebP, AVIF or GIF/);

    const bomb = Buffer.from(PNG_1PX);
    bomb.writeUInt32BE(30_000, 16);
    bomb.writeUInt32BE(30_000, 20);
    const { crc32 } = await import('node:zlib');
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const refused = await upload('image', { image: file(bomb) });
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.details).toMatchObject({ reason: 'pixels' });
    expect(await stored()).toEqual([]);
  });

  it('GET /api/upload/limits: the largest file of each kind, for the editor', async () => {
    const res = await t.request('/api/upload/limits', { headers: { cookie } });
    expect(await res.json()).toEqual({
      image: 1024 * 1024,
      video: 1024 * 1024,
      subtitles: 512 * 1024,
      audio: 1024 * 1024,
    });
    expect((await t.request('/api/upload/limits')).status).toBe(401);
  });

  it('judges the type by the bytes, not the name or the declared type', async () => {
    const res = await upload(
      'image',
      { image: file(PNG_1PX, 'text/plain') },
      { fileName: 'a.txt' },
    );
    expect(res.status).toBe(200);
    expect((await res.json()).mediaUrl).toMatch(/\.png$/);

    const fake = await upload(
      'image',
      { image: file('<html><script>alert(1)</script></html>', 'image/png') },
      { fileName: 'photo.png' },
    );
    expect(fake.status).toBe(415);
    // The code and its reason, which the interface translates (src/ui/apiErrors.ts).
    expect((await fake.json()).error).toMatchObject({
      code: 'unsupported_type',
      details: { reason: 'image' },
    });
  });

  it('refuses SVG, saying why', async () => {
    const res = await upload('image', { image: file(SVG, 'image/svg+xml') }, { fileName: 'a.svg' });
    expect(res.status).toBe(415);
    expect((await res.json()).error.message).toMatch(/SVG/);
    expect(await stored()).toEqual([]);
  });

  it('takes MAX_IMAGE_UPLOAD_MB (1 MB here) and refuses one byte more with 413, storing nothing', async () => {
    const max = 1024 * 1024;
    expect((await upload('image', { image: file(pngOfSize(max)) })).status).toBe(200);
    const res = await upload('image', { image: file(pngOfSize(max + 1)) });
    expect(res.status).toBe(413);
    const error = (await res.json()).error;
    expect(error.message).toBe('Image files may be at most 1 MB.');
    expect(error.details).toEqual({ maxBytes: max });
    expect(await stored()).toHaveLength(2);
    const huge = await upload('image', { image: file(pngOfSize(3 * 1024 * 1024)) });
    expect(huge.status).toBe(413);
  });

  it('refuses an empty file, a missing or misnamed field, and text in the file field', async () => {
    expect((await upload('image', { image: file(Buffer.alloc(0)) })).status).toBe(422);
    expect((await upload('image', { photo: file(PNG_1PX) })).status).toBe(422);
    expect((await upload('image', { image: 'not a file' })).status).toBe(422);
    expect((await upload('image', {})).status).toBe(422);
    expect(await stored()).toEqual([]);
  });

  it("checks an articleId when one is sent: another museum's is 404", async () => {
    expect(
      (await upload('image', { image: file(PNG_1PX), articleId: String(articleId) })).status,
    ).toBe(200);
    const foreign = await upload('image', {
      image: file(PNG_1PX),
      articleId: String(foreignArticleId),
    });
    expect(foreign.status).toBe(404);
    expect((await upload('image', { image: file(PNG_1PX), articleId: 'x' })).status).toBe(422);
  });

  it('refuses the signed-out, cross-site posts, JSON bodies and unknown kinds', async () => {
    expect((await upload('image', { image: file(PNG_1PX) }, { as: '' })).status).toBe(401);
    const cross = await upload(
      'image',
      { image: file(PNG_1PX) },
      { origin: 'https://evil.example' },
    );
    expect(cross.status).toBe(403);
    const json = await t.postJson('/api/upload/image', { image: 'x' }, { cookie });
    expect(json.status).toBe(415);
    expect((await upload('font', { font: file(PNG_1PX) })).status).toBe(404);
    expect(await stored()).toEqual([]);
  });
});

describe('POST /api/upload/video and subtitles', () => {
  it('stores a WebM or an MP4, answering a 6-character videoId', async () => {
    const res = await upload('video', { video: file(webm()), articleId: String(articleId) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { mediaUrl: string; videoId: string };
    expect(body.videoId).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(body.mediaUrl).toMatch(new RegExp(`^/media/\\d+/videos/${body.videoId}-\\w+\\.webm$`));
    expect((await t.request(body.mediaUrl)).headers.get('content-type')).toBe('video/webm');

    const again = await upload('video', {
      video: file(mp4()),
      articleId: String(articleId),
      videoId: body.videoId,
    });
    expect(again.status).toBe(200);
    const second = (await again.json()) as { mediaUrl: string; videoId: string };
    expect(second.videoId).toBe(body.videoId);
    expect(second.mediaUrl).toMatch(/\.mp4$/);
    expect(second.mediaUrl).not.toBe(body.mediaUrl);
  });

  it('refuses QuickTime, images and a video over the configured limit (1 MB here)', async () => {
    const mov = await upload('video', { video: file(MOV), articleId: String(articleId) });
    expect(mov.status).toBe(415);
    expect((await mov.json()).error.message).toMatch(/MP4/);
    const png = await upload('video', { video: file(PNG_1PX), articleId: String(articleId) });
    expect(png.status).toBe(415);
    const big = await upload('video', {
      video: file(webm(1024 * 1024 + 1)),
      articleId: String(articleId),
    });
    expect(big.status).toBe(413);
    expect((await big.json()).error.message).toMatch(/1 MB/);
    expect(await stored()).toEqual([]);
  });

  it('needs an articleId of this museum and a well-formed videoId', async () => {
    expect((await upload('video', { video: file(webm()) })).status).toBe(422);
    const foreign = await upload('video', {
      video: file(webm()),
      articleId: String(foreignArticleId),
    });
    expect(foreign.status).toBe(404);
    for (const videoId of ['abc', 'abcdefg', 'ab/cd1', '../../']) {
      const res = await upload('video', {
        video: file(webm()),
        articleId: String(articleId),
        videoId,
      });
      expect(res.status, videoId).toBe(422);
    }
    expect(await stored()).toEqual([]);
  });

  it('stores WebVTT subtitles for a video and serves them as text/vtt', async () => {
    const res = await upload('subtitles', {
      subtitles: file(VTT, 'text/vtt'),
      articleId: String(articleId),
      videoId: 'Ab12Cd',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { mediaUrl: string; videoId: string };
    expect(body.videoId).toBe('Ab12Cd');
    expect(body.mediaUrl).toMatch(/^\/media\/\d+\/subtitles\/Ab12Cd-\w+\.vtt$/);
    const served = await t.request(body.mediaUrl);
    expect(served.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await served.text()).toBe(VTT);
  });

  it('refuses subtitles that are not WebVTT: SRT, broken timings, other encodings', async () => {
    const send = (text: string | Buffer) =>
      upload('subtitles', { subtitles: file(text), articleId: String(articleId) });
    const srt = await send(SRT);
    expect(srt.status).toBe(422);
    const srtError = (await srt.json()).error;
    expect(srtError.message).toMatch(/WEBVTT/);
    expect(srtError.details).toEqual({ reason: 'header' });
    const broken = await send('WEBVTT\n\n00:00.000 --> later\nBonjour\n');
    expect(broken.status).toBe(422);
    const brokenError = (await broken.json()).error;
    expect(brokenError.message).toMatch(/line 3/);
    expect(brokenError.details).toEqual({ reason: 'line', line: 3 });
    const empty = await send('WEBVTT\n');
    expect(empty.status).toBe(422);
    expect((await empty.json()).error.details).toEqual({ reason: 'empty' });
    // Tags nested deep enough to exhaust the parser's stack, or more than a film's: 422, not 500.
    const cue = 'WEBVTT\n\n00:00.000 --> 00:01.000\n';
    for (const tags of [cue + '<b>'.repeat(20_000), cue + '<i>x</i> '.repeat(5_001)]) {
      const flood = await send(tags);
      expect(flood.status).toBe(422);
      expect((await flood.json()).error.details).toEqual({ reason: 'too_complex', max: 10_000 });
    }
    expect((await send(Buffer.from([0x57, 0x45, 0x42, 0xff, 0xfe]))).status).toBe(415);
    expect((await send(PNG_1PX)).status).toBe(415);
    expect(await stored()).toEqual([]);
  });
});

describe('POST /api/upload/audio', () => {
  const send = (bytes: Buffer | string, fields: Record<string, string> = {}, name = 'a.mp3') =>
    upload(
      'audio',
      { audio: file(bytes, 'audio/mpeg'), articleId: String(articleId), ...fields },
      { fileName: name },
    );

  it('stores MP3 (with or without ID3), M4A, Ogg Opus, Ogg Vorbis and WAV, by their bytes', async () => {
    const cases: [Buffer, string, string][] = [
      [mp3(), 'mp3', 'audio/mpeg'],
      [mp3(4096, true), 'mp3', 'audio/mpeg'],
      [m4a(), 'm4a', 'audio/mp4'],
      [mp4(), 'm4a', 'audio/mp4'],
      [opus(), 'opus', 'audio/ogg'],
      [oggVorbis(), 'ogg', 'audio/ogg'],
      [wav(0.1), 'wav', 'audio/wav'],
    ];
    for (const [bytes, ext, type] of cases) {
      // The name and the declared type say nothing: a WAV called .txt is a WAV.
      const res = await send(bytes, {}, 'recording.txt');
      expect(res.status, ext).toBe(200);
      const body = (await res.json()) as { mediaUrl: string; videoId: string | null };
      // Answered like the other uploads; a sound has no video id, even when one is sent.
      expect(body.videoId).toBeNull();
      expect(body.mediaUrl).toMatch(new RegExp(`^/media/\\d+/audio/[A-Za-z0-9]{16}\\.${ext}$`));
      const served = await t.request(body.mediaUrl);
      expect(served.headers.get('content-type'), ext).toBe(type);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
    }
    const withVideoId = await send(mp3(), { videoId: 'Ab12Cd' });
    expect(((await withVideoId.json()) as { videoId: unknown }).videoId).toBeNull();
  });

  it('refuses a renamed text file, an image, a video and Speex with 415 and the reason', async () => {
    for (const bytes of [
      'Bonjour, ceci est la transcription, renommée en .mp3\n',
      PNG_1PX,
      webm(),
      oggSpeex(),
      VTT,
    ]) {
      const res = await send(bytes, {}, 'visite.mp3');
      expect(res.status).toBe(415);
      const error = (await res.json()).error;
      expect(error).toMatchObject({ code: 'unsupported_type', details: { reason: 'audio' } });
      expect(error.message).toMatch(/MP3, M4A \(AAC\), Ogg \(Opus\) or WAV/);
    }
    expect((await send(Buffer.alloc(0))).status).toBe(422);
    expect(await stored()).toEqual([]);
  });

  it('takes MAX_AUDIO_MB (1 MB here) and refuses one byte more with 413 naming it', async () => {
    expect((await send(mp3(1024 * 1024))).status).toBe(200);
    const res = await send(mp3(1024 * 1024 + 1));
    expect(res.status).toBe(413);
    const error = (await res.json()).error;
    expect(error.message).toBe('Sound files may be at most 1 MB.');
    expect(error.details).toEqual({ maxBytes: 1024 * 1024 });
    // Far over: refused while it streams in.
    expect((await send(mp3(3 * 1024 * 1024))).status).toBe(413);
    expect(await stored()).toHaveLength(1);
  });

  it("needs an articleId of this museum: another museum's is 404 with its reason", async () => {
    const none = await upload('audio', { audio: file(mp3()) });
    expect(none.status).toBe(422);
    expect((await none.json()).error.message).toMatch(/articleId/);
    const foreign = await upload('audio', {
      audio: file(mp3()),
      articleId: String(foreignArticleId),
    });
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error).toMatchObject({
      code: 'not_found',
      details: { reason: 'article' },
    });
    const wrongField = await upload('audio', {
      sound: file(mp3()),
      articleId: String(articleId),
    });
    expect(wrongField.status).toBe(422);
    // Our article, sent by the other museum's curator: 404 the same.
    const theirs = await upload(
      'audio',
      { audio: file(mp3()), articleId: String(articleId) },
      { as: other },
    );
    expect(theirs.status).toBe(404);
    expect(await stored()).toEqual([]);
  });

  it('serves byte ranges of a sound, as players ask for them', async () => {
    const bytes = wav(0.5);
    const { mediaUrl } = (await (await send(bytes)).json()) as { mediaUrl: string };
    const head = await t.request(mediaUrl, { headers: { range: 'bytes=0-43' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-43/${bytes.length}`);
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await head.arrayBuffer())).toEqual(bytes.subarray(0, 44));
    const rest = await t.request(mediaUrl, { headers: { range: 'bytes=44-' } });
    expect(rest.status).toBe(206);
    expect(Buffer.from(await rest.arrayBuffer())).toEqual(bytes.subarray(44));
  });
});

describe('GET /media/…', () => {
  async function stored1k(): Promise<string> {
    const res = await upload('video', { video: file(webm(1000)), articleId: String(articleId) });
    return ((await res.json()) as { mediaUrl: string }).mediaUrl;
  }

  it('answers byte ranges, which phones need to play video', async () => {
    const url = await stored1k();
    const whole = Buffer.from(await (await t.request(url)).arrayBuffer());
    const part = await t.request(url, { headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 0-9/1000');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(whole.subarray(0, 10));
    const tail = await t.request(url, { headers: { range: 'bytes=-100' } });
    expect(tail.headers.get('content-range')).toBe('bytes 900-999/1000');
    const outside = await t.request(url, { headers: { range: 'bytes=5000-' } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe('bytes */1000');
    const head = await t.request(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('1000');
  });

  it('is public (visitors read media) and 404s for anything not stored', async () => {
    const url = await stored1k();
    expect((await t.request(url, { headers: {} })).status).toBe(200);
    for (const path of [
      '/media/1/images/nope.png',
      '/media/../../etc/passwd',
      '/media/1/images/x.svg',
      '/media/1/secrets/x.png',
      '/media/',
      `${url}.html`,
    ]) {
      expect((await t.request(path)).status, path).toBe(404);
    }
  });

  it('parses ranges as RFC 9110 says, ignoring what it cannot serve', () => {
    expect(parseRange(undefined, 10)).toBeUndefined();
    expect(parseRange('bytes=2-4', 10)).toEqual([2, 4]);
    expect(parseRange('bytes=2-', 10)).toEqual([2, 9]);
    expect(parseRange('bytes=8-20', 10)).toEqual([8, 9]);
    expect(parseRange('bytes=-3', 10)).toEqual([7, 9]);
    expect(parseRange('bytes=-30', 10)).toEqual([0, 9]);
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,4-5', 10)).toBeUndefined();
    expect(parseRange('items=0-1', 10)).toBeUndefined();
  });
});

/**
 * A store that counts the bytes it gives (whole values and streamed chunks) and fails past a
 * budget: a route that reads more than it sends fails at once instead of slowly.
 */
function metered(store: BlobStore, budget: number) {
  const meter = { bytes: 0 };
  const take = (n: number) => {
    meter.bytes += n;
    if (meter.bytes > budget) throw new Error(`${meter.bytes} bytes read, over ${budget}`);
  };
  const wrapped: BlobStore = {
    ...store,
    async getBytes(key) {
      const bytes = await store.getBytes(key);
      if (bytes) take(bytes.byteLength);
      return bytes;
    },
    async getStream(key, range) {
      const stream = await store.getStream(key, range);
      return stream?.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            take(chunk.byteLength);
            controller.enqueue(chunk);
          },
        }),
      );
    },
  };
  return { meter, store: wrapped };
}

describe('GET /media/… of a 45 MB video on the fs store', () => {
  const SIZE = 45 * 1024 * 1024;
  const BUDGET = 1024 * 1024;
  const url = '/media/1/videos/Ab12Cd-LargeVideo.webm';
  let dir: string;
  let meter: { bytes: number };
  let big: ReturnType<typeof testApp>;
  const video = webm(SIZE);
  const SOUND_SIZE = 20 * 1024 * 1024;
  const soundUrl = '/media/1/audio/LongRecording.mp3';
  const sound = mp3(SOUND_SIZE);

  beforeAll(async () => {
    dir = tempDir('media');
    const store = await createBlobStore(parseConfig({ BLOB_STORE: 'fs', DATA_DIR: dir }));
    video.fill(0xab, SIZE - 10); // the last bytes tell the end from the start
    await store.setBytes('media/1/videos/Ab12Cd-LargeVideo.webm', video);
    sound.fill(0xcd, SOUND_SIZE - 4);
    await store.setBytes('media/1/audio/LongRecording.mp3', sound);
    const counted = metered(store, BUDGET);
    meter = counted.meter;
    big = testApp(database.db, { blobs: counted.store });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  beforeEach(() => {
    meter.bytes = 0;
  });

  it('answers 200 one-byte ranges reading 200 bytes from the store', async () => {
    for (let i = 0; i < 200; i++) {
      const start = Math.floor((i * (SIZE - 1)) / 199);
      const res = await big.request(url, { headers: { range: `bytes=${start}-${start}` } });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${start}/${SIZE}`);
      expect(res.headers.get('content-length')).toBe('1');
      expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([video[start]]);
    }
    expect(meter.bytes).toBe(200);
  });

  it('answers a 20 MB sound by ranges, reading only the bytes asked for', async () => {
    const first = await big.request(soundUrl, { headers: { range: 'bytes=0-' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-type')).toBe('audio/mpeg');
    expect(first.headers.get('content-range')).toBe(`bytes 0-${SOUND_SIZE - 1}/${SOUND_SIZE}`);
    // A player reads the start, then seeks: it drops the first answer.
    await first.body!.cancel();
    const seek = 15 * 1024 * 1024;
    const res = await big.request(soundUrl, { headers: { range: `bytes=${seek}-${seek + 999}` } });
    expect(res.status).toBe(206);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(sound.subarray(seek, seek + 1000));
    const tail = await big.request(soundUrl, { headers: { range: 'bytes=-4' } });
    expect([...new Uint8Array(await tail.arrayBuffer())]).toEqual([0xcd, 0xcd, 0xcd, 0xcd]);
    expect(meter.bytes).toBeLessThan(BUDGET);
  });

  it('streams a whole answer: a reader that stops early stops the reads', async () => {
    const res = await big.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(SIZE));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const reader = res.body!.getReader();
    expect((await reader.read()).value!.byteLength).toBeGreaterThan(0);
    await reader.cancel();
    expect(meter.bytes).toBeGreaterThan(0);
    expect(meter.bytes).toBeLessThan(BUDGET);
  });

  it('keeps its answers to HEAD, several ranges, malformed and unsatisfiable ones', async () => {
    const head = await big.request(url, { method: 'HEAD', headers: { range: 'bytes=-10' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes ${SIZE - 10}-${SIZE - 1}/${SIZE}`);
    expect(head.headers.get('content-length')).toBe('10');
    const tail = await big.request(url, { headers: { range: 'bytes=-10' } });
    expect([...new Uint8Array(await tail.arrayBuffer())]).toEqual(Array(10).fill(0xab));

    // Several ranges or a malformed header: the whole file (its first bytes are enough here).
    for (const range of ['bytes=0-1,4-5', 'bytes=abc', 'items=0-1', 'bytes=-']) {
      const res = await big.request(url, { headers: { range } });
      expect(res.status, range).toBe(200);
      expect(res.headers.get('content-length'), range).toBe(String(SIZE));
      expect(res.headers.get('content-range'), range).toBeNull();
      await res.body!.cancel();
    }
    for (const range of [
      `bytes=${SIZE}-`,
      `bytes=${SIZE + 5}-${SIZE + 9}`,
      'bytes=-0',
      'bytes=9-3',
    ]) {
      const res = await big.request(url, { headers: { range } });
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range'), range).toBe(`bytes */${SIZE}`);
    }
    expect(meter.bytes).toBeLessThan(BUDGET);
  });

  it('closes the file when a client goes away mid-answer (the Node server)', async () => {
    const openFiles = () => fs.readdirSync('/proc/self/fd').length;
    const server = createServer(getRequestListener(big.app.fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const before = openFiles();
      const { port } = server.address() as AddressInfo;
      const client = new AbortController();
      const res = await fetch(`http://127.0.0.1:${port}${url}`, { signal: client.signal });
      expect(res.status).toBe(200);
      await res.body!.getReader().read();
      client.abort();
      await vi.waitFor(() => expect(openFiles()).toBe(before), { timeout: 2000 });
      expect(meter.bytes).toBeLessThan(BUDGET);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
