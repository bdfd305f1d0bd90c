import { describe, expect, it } from 'vitest';
import { PNG_1PX, wav } from '../../../tests/helpers/media.ts';
import { staff } from '../../../tests/helpers/staff.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import type { RestoreAnswer } from './format.ts';
import { exportZip, restore, unzip, upload } from './test-fixtures.ts';

/** An export carries the files its articles name, and not the uploads no article kept. */

let t: TestApp;
let cookie: string;
let other: string;
useTestApp({}, (s) => ({ t, cookie, other } = s));

async function mediaUrl(res: Response): Promise<string> {
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { mediaUrl: string }).mediaUrl;
}

/** The stored key under media/{museum}/ of a media address, and the folder and stem of its file. */
const keyOf = (url: string) => url.replace(/^\/media\/\d+\//, '');
const stemOf = (url: string) => keyOf(url).replace(/\.[a-z0-9]+$/, '');

describe('an export', () => {
  it('holds every file its articles name, no upload left unsaved, and restores', async () => {
    const api = staff(t, cookie);
    const added = await api.manage('add_article', { pathArray: [] });
    const { id } = (await added.json()) as { id: number };
    const photo = await mediaUrl(await upload(t, cookie, 'image', PNG_1PX));
    const legend = await mediaUrl(await upload(t, cookie, 'image', PNG_1PX));
    const sound = await mediaUrl(await upload(t, cookie, 'audio', wav(), { articleId: id }));
    // Uploaded in an editor left without saving: no article names them.
    const unsavedPhoto = await mediaUrl(await upload(t, cookie, 'image', PNG_1PX));
    const unsavedSound = await mediaUrl(await upload(t, cookie, 'audio', wav(), { articleId: id }));
    const saved = await api.manage('update_article', {
      articleId: id,
      newContent: [
        { type: 'metadatas', url: 'la-salle' },
        { type: 'image', src: photo, alt: 'La salle' },
        { type: 'legendItem', src: legend, content: 'Légende' },
        { type: 'audio', src: sound, caption: 'Écouter' },
      ],
      unformatted_name: 'Salle',
      instructions: '',
    });
    expect(saved.status).toBe(200);

    const zip = await exportZip(t, cookie);
    const media = Object.keys(unzip(zip))
      .filter((name) => name.startsWith('media/'))
      .map((name) => name.slice('media/'.length))
      .sort();
    // Every file stored for a named one (an image's smaller sizes too), and nothing else.
    const museum = /^\/media\/(\d+)\//.exec(photo)![1]!;
    const stored = await t.blobs.list(`media/${museum}`);
    const unnamed = [stemOf(unsavedPhoto), stemOf(unsavedSound)];
    const expected = stored.filter((key) => !unnamed.some((stem) => key.startsWith(`${stem}.`)));
    expect(media).toEqual([...expected].sort());
    for (const url of [photo, legend, sound]) expect(media).toContain(keyOf(url));
    expect(media.some((key) => key.startsWith(stemOf(photo)) && key.endsWith('.webp'))).toBe(true);
    expect(media.filter((key) => unnamed.some((stem) => key.startsWith(stem)))).toEqual([]);
    expect(stored.length).toBeGreaterThan(media.length);

    // Restored into museum B: every file its article names is there.
    const res = await restore(t, other, zip);
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as RestoreAnswer;
    expect(answer.media).toBe(media.length);
    const name = answer.renamed.find((r) => r.from === 'la-salle')!.to;
    const page = await (await t.request(`/article?name=${name}&lang=fr`)).text();
    const sources = [...page.matchAll(/\ssrc="(\/media\/[^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const src of sources) expect((await t.request(src)).status, src).toBe(200);
  });
});
