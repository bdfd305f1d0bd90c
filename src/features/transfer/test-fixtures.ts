import { constants, crc32, deflateRawSync } from 'node:zlib';
import { expect } from 'vitest';
import { unzipSync } from 'fflate';
import type { TestApp } from '../../../tests/helpers/use-test-app.ts';
import { ORIGIN } from '../../../tests/helpers/app.ts';
import { PNG_1PX, VTT, mp4 } from '../../../tests/helpers/media.ts';
import { staff } from '../../../tests/helpers/staff.ts';

/** What the transfer tests seed, export and restore through the API, as a curator does. */

/** The answer of a call that must succeed (200, or 201 for what it made). */
async function json<T>(res: Response): Promise<T> {
  const body = await res.text();
  expect([200, 201], body).toContain(res.status);
  return JSON.parse(body) as T;
}

export function upload(t: TestApp, as: string, kind: string, bytes: Uint8Array, fields = {}) {
  const form = new FormData();
  form.append(kind, new Blob([new Uint8Array(bytes)]), `file.${kind}`);
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  return t.request(`/api/upload/${kind}`, {
    method: 'POST',
    headers: { cookie: as, origin: ORIGIN },
    body: form,
  });
}

/** POST /api/upload/museum with these bytes as the archive. */
export function restore(t: TestApp, as: string, bytes: Uint8Array, name = 'export.zip') {
  const form = new FormData();
  form.append('archive', new Blob([new Uint8Array(bytes)]), name);
  return t.request('/api/upload/museum', {
    method: 'POST',
    headers: { cookie: as, origin: ORIGIN },
    body: form,
  });
}

export async function exportZip(t: TestApp, as: string): Promise<Uint8Array> {
  const res = await t.request('/api/export/museum', { headers: { cookie: as } });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

export const unzip = (bytes: Uint8Array) => unzipSync(bytes);

/** A folder in a folder; in them and at the root, three articles with an image, a video, subtitles. */
async function seedArticles(t: TestApp, as: string) {
  const api = staff(t, as);
  const { manage } = api;
  await json(await manage('add_folder', { pathArray: [], id: 'Salle 1' }));
  const tree = await json<{ id: number; name: string }[]>(await api.get('/api/tree'));
  const room = tree.find((item) => item.name === 'Salle 1')!.id;
  await json(await manage('add_folder', { pathArray: [room], id: 'Vitrine A' }));
  const inner = (
    await json<{ id: number; name: string; children: { id: number }[] }[]>(
      await api.get('/api/tree'),
    )
  )[0]!.children[0]!.id;
  const add = async (pathArray: number[]) =>
    (await json<{ id: number }>(await manage('add_article', { pathArray }))).id;
  const first = await add([room, inner]);
  const second = await add([room]);
  const third = await add([]);
  const image = (await json<{ mediaUrl: string }>(await upload(t, as, 'image', PNG_1PX))).mediaUrl;
  const video = await json<{ mediaUrl: string; videoId: string }>(
    await upload(t, as, 'video', mp4(), { articleId: first }),
  );
  const subtitles = await json<{ mediaUrl: string }>(
    await upload(t, as, 'subtitles', new TextEncoder().encode(VTT), {
      articleId: first,
      videoId: video.videoId,
    }),
  );
  const save = async (id: number, url: string, title: string, blocks: unknown[]) =>
    json(
      await manage('update_article', {
        articleId: id,
        newContent: [{ type: 'metadatas', url, backgroundColor: '#102030' }, ...blocks],
        unformatted_name: title,
        instructions: `Consignes de ${title}`,
      }),
    );
  await save(first, 'la-joconde', 'Joconde', [
    { type: 'text', content: 'Portrait de Lisa Gherardini.' },
    { type: 'image', src: image, alt: 'Le portrait' },
    { type: 'video', src: video.mediaUrl, subtitles: subtitles.mediaUrl, videoId: video.videoId },
  ]);
  await save(second, 'le-radeau', 'Radeau', [
    { type: 'text', content: 'Le Radeau de la Méduse, Géricault.' },
    {
      type: 'accordion',
      header: { content: 'En savoir plus' },
      details: [{ type: 'text', content: 'Peint en 1818.' }],
    },
  ]);
  await save(third, 'accueil', 'Accueil', [{ type: 'text', content: 'Bienvenue au musée.' }]);
  return {
    ids: { first, second, third, room, inner },
    media: [image, video.mediaUrl, subtitles.mediaUrl],
  };
}

/** Those articles, a glossary entry, a circuit, three QR codes (one free) and the settings. */
export async function seedMuseum(t: TestApp, as: string) {
  const api = staff(t, as);
  const { manage } = api;
  const { ids, media } = await seedArticles(t, as);
  const { first, second } = ids;
  await json(
    await manage('save_glossary_term', {
      term: 'Joconde',
      note: 'Le tableau',
      doNotTranslate: false,
      translations: { es: 'Gioconda' },
    }),
  );
  await json(
    await manage('save_circuit', {
      name: 'visite-courte',
      title: 'Visite courte',
      intro: 'Deux œuvres.',
      articleIds: [second, first],
    }),
  );
  const circuitId = (await json<{ id: number }[]>(await api.get('/api/read/circuits')))[0]!.id;
  const codeOfFirst = await api.codeFor(first);
  const codeOfCircuit = await api.addCode();
  await json(await manage('update_qrcode', { circuitId, qrcodeId: codeOfCircuit.id }));
  const free = await api.addCode();
  await json(
    await manage('update_settings', {
      sourceLanguage: 'fr',
      timeZone: 'America/Montreal',
      priorityLanguages: ['es'],
      visitorLanguages: ['fr', 'es', 'en'],
    }),
  );
  return {
    ids: { ...ids, circuitId },
    names: ['la-joconde', 'le-radeau', 'accueil'],
    links: [codeOfFirst.link, codeOfCircuit.link, free.link],
    media,
  };
}

/**
 * A checked translation: the article's text starting with `source`, in Spanish, written by the
 * museum. An article checked whole is read in Spanish without any engine.
 */
export async function checkText(
  t: TestApp,
  as: string,
  articleId: number,
  source: string,
  text: string,
) {
  const api = staff(t, as);
  const doc = await json<{ segments: { id: string; source: string }[] }>(
    await api.get(`/api/read/translations?articleId=${articleId}&lang=es`),
  );
  const segment = doc.segments.find((s) => s.source.startsWith(source))!;
  await json(
    await api.manage('update_translation', { articleId, lang: 'es', segmentId: segment.id, text }),
  );
}

/** One file of a zip as rawZip writes it: stored as it is, or already deflated. */
export interface RawEntry {
  name: string;
  method: 0 | 8;
  data: Uint8Array;
  size: number;
  crc: number;
}

export const storedEntry = (name: string, data: Uint8Array): RawEntry => ({
  name,
  method: 0,
  data,
  size: data.length,
  crc: crc32(data),
});

/** A zip of these entries, as written: what they declare is what the test chose. */
export function rawZip(entries: RawEntry[]): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(entry.method, 10);
    record.writeUInt32LE(entry.crc >>> 0, 16);
    record.writeUInt32LE(entry.data.length, 20);
    record.writeUInt32LE(entry.size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    parts.push(local, name, entry.data);
    central.push(record, name);
    offset += 30 + name.length + entry.data.length;
  }
  const size = central.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...central, end]);
}

/**
 * `[{},{},…]` unpacking to about `megabytes` MB from a few KB: one deflated megabyte of `{},`
 * repeated (each deflated alone, so the copies follow each other as one stream).
 */
export function emptyObjects(name: string, megabytes: number): RawEntry {
  const open = { finishFlush: constants.Z_FULL_FLUSH };
  const unit = Buffer.from('{},'.repeat(349_525));
  const block = deflateRawSync(unit, open);
  const parts = [deflateRawSync('[', open)];
  let crc = crc32('[');
  for (let i = 0; i < megabytes; i++) {
    parts.push(block);
    crc = crc32(unit, crc);
  }
  parts.push(deflateRawSync('{}]'));
  crc = crc32('{}]', crc);
  return { name, method: 8, data: Buffer.concat(parts), size: 4 + megabytes * unit.length, crc };
}
