import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { ORIGIN } from '../../../tests/helpers/app.ts';
import { PNG_1PX } from '../../../tests/helpers/media.ts';
import { articleRevisions } from '../../server/db/schema.ts';
import { newBlock } from '../articles/content.ts';
import { sizedOwners } from '../articles/image-sizes.ts';
import type { TestDatabase } from '../../../tests/helpers/db.ts';
import { purgeUnnamedUploads, UNNAMED_KEY, UNNAMED_UPLOAD_MS } from './purge.ts';

let database: TestDatabase;
let t: TestApp;
let cookie: string;
let other: string;

useTestApp({}, (s) => ({ database, t, cookie, other } = s));

async function addArticle(as: string): Promise<number> {
  const res = await t.postJson('/api/manage/add_article', { pathArray: [] }, { cookie: as });
  return ((await res.json()) as { id: number }).id;
}

async function uploaded(as: string, articleId: number): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(PNG_1PX)], { type: 'image/png' }), 'a.png');
  form.append('articleId', String(articleId));
  const res = await t.request('/api/upload/image', {
    method: 'POST',
    headers: { origin: ORIGIN, cookie: as },
    body: form,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { mediaUrl: string }).mediaUrl;
}

async function save(as: string, articleId: number, url: string, srcs: string[]) {
  const res = await t.postJson(
    '/api/manage/update_article',
    {
      articleId,
      newContent: [
        { type: 'metadatas', url },
        ...srcs.map((src) => ({ ...newBlock('image'), src })),
      ],
      unformatted_name: 'Panneau',
      instructions: '',
    },
    { cookie: as },
  );
  expect(res.status).toBe(200);
}

const purge = () => purgeUnnamedUploads({ db: database.db, blobs: t.blobs, now: t.clock.now });
/**
 * The images stored, by the URL an article names; each has its WebP beside it (a 1-pixel PNG
 * is stored at one width), which lives and goes with it.
 */
async function stored() {
  const files = await t.blobs.list('media');
  const images = files.filter((p) => !sizedOwners(p)).map((p) => `/media/${p}`);
  expect(files).toHaveLength(images.length * 2);
  return images.sort();
}

describe('the purge of unnamed uploads', () => {
  it('removes a file no article of any museum has named for a day, and only that', async () => {
    const mine = await addArticle(cookie);
    const theirs = await addArticle(other);
    const named = await uploaded(cookie, mine);
    const theirsNamed = await uploaded(other, theirs);
    const replaced = await uploaded(cookie, mine);
    const never = await uploaded(cookie, mine);
    await save(cookie, mine, 'salle-1', [named, replaced]);
    await save(other, theirs, 'salle-2', [theirsNamed]);
    // Just uploaded and not yet saved in its article: kept, and timed from now.
    expect(await purge()).toBe(0);
    t.clock.advance(UNNAMED_UPLOAD_MS / 2);
    // The curator replaces a picture: the history keeps the version that shows it.
    await save(cookie, mine, 'salle-1', [named]);
    expect(await purge()).toBe(0);
    t.clock.advance(UNNAMED_UPLOAD_MS / 2);
    // The file never saved goes, with its WebP: two files.
    expect(await purge()).toBe(2);
    expect(await stored()).toEqual([named, theirsNamed, replaced].sort());
    expect(never).not.toBe(replaced);
  });

  it('keeps what only a draft or a kept version names; goes a day after its last version', async () => {
    const id = await addArticle(cookie);
    // Published without it, then drafted with it: visitors' version does not name it.
    await save(cookie, id, 'salle-9', []);
    const inDraft = await uploaded(cookie, id);
    const drafted = await t.postJson(
      '/api/manage/save_draft',
      {
        articleId: id,
        newContent: [
          { type: 'metadatas', url: 'salle-9' },
          { ...newBlock('image'), src: inDraft },
        ],
        unformatted_name: 'Brouillon',
        instructions: '',
      },
      { cookie },
    );
    expect(drafted.status).toBe(200);
    // A purge a day: a file unnamed at the first would be gone at the second.
    expect(await purge()).toBe(0);
    t.clock.advance(UNNAMED_UPLOAD_MS * 2);
    expect(await purge()).toBe(0);
    expect(await stored()).toEqual([inDraft]);
    // Draft discarded: its version in the history still names the picture, until it is gone.
    const discard = await t.postJson('/api/manage/discard_draft', { articleId: id }, { cookie });
    expect(discard.status).toBe(200);
    expect(await purge()).toBe(0);
    t.clock.advance(UNNAMED_UPLOAD_MS * 2);
    expect(await purge()).toBe(0);
    await database.db.delete(articleRevisions).where(eq(articleRevisions.articleId, id));
    expect(await purge()).toBe(0);
    t.clock.advance(UNNAMED_UPLOAD_MS);
    expect(await purge()).toBe(2);
    expect(await stored()).toEqual([]);
  });

  it('gives a file named again a fresh day, and forgets files that are gone', async () => {
    const id = await addArticle(cookie);
    const src = await uploaded(cookie, id);
    expect(await purge()).toBe(0);
    t.clock.advance(UNNAMED_UPLOAD_MS - 1);
    await save(cookie, id, 'salle-3', [src]);
    expect(await purge()).toBe(0);
    await save(cookie, id, 'salle-3', []);
    t.clock.advance(UNNAMED_UPLOAD_MS - 1);
    expect(await purge()).toBe(0);
    expect(await stored()).toEqual([src]);
    // A file removed by other means, and a hostile entry, leave the record.
    await t.blobs.setJson(UNNAMED_KEY, { '../../etc/passwd': '2000-01-01T00:00:00Z' });
    await t.blobs.remove(src.slice(1));
    await t.blobs.remove(src.slice(1).replace(/\.png$/, '.1.webp'));
    expect(await purge()).toBe(0);
    expect(await t.blobs.getJson(UNNAMED_KEY)).toEqual({});
  });

  it('keeps every file name a restore may write while an article names it', async () => {
    const id = await addArticle(cookie);
    const src = await uploaded(cookie, id);
    const museumFolder = src.slice('/media/'.length, src.lastIndexOf('/'));
    // What a museum's restore takes: `_` and names up to 96 characters (transfer/format.ts).
    const restored = [`restored_photo-01.png`, `${'a'.repeat(90)}.png`].map(
      (file) => `/media/${museumFolder}/${file}`,
    );
    for (const path of restored) await t.blobs.setBytes(path.slice(1), new Uint8Array(PNG_1PX));
    await save(cookie, id, 'salle-4', restored);
    expect(await purge()).toBe(0);
    t.clock.advance(UNNAMED_UPLOAD_MS * 2);
    // The upload no article names goes (with its WebP); the restored files stay.
    expect(await purge()).toBe(2);
    const left = (await t.blobs.list('media')).map((p) => `/media/${p}`);
    expect(left.sort()).toEqual([...restored].sort());
  });
});
