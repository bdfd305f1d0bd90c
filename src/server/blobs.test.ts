import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBlobStore } from './blobs.ts';
import { parseConfig } from './config.ts';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'legenda-blobs-'));

describe.each(['fs', 'memory'] as const)('the %s blob store', (driver) => {
  const make = () => createBlobStore(parseConfig({ BLOB_STORE: driver, DATA_DIR: tmp() }));

  it('keeps bytes exactly, and JSON', async () => {
    const store = await make();
    const bytes = new Uint8Array([0, 1, 2, 250, 255, 10, 13]);
    await store.setBytes('uploads/1/image-abc.png', bytes);
    expect(await store.getBytes('uploads/1/image-abc.png')).toEqual(bytes);
    await store.setJson('translations/7/es', { a: 'hola [!mundo!]' });
    expect(await store.getJson('translations/7/es')).toEqual({ a: 'hola [!mundo!]' });
    expect(await store.has('translations/7/es')).toBe(true);
  });

  it('answers undefined for a missing key', async () => {
    const store = await make();
    expect(await store.getBytes('nothing/here')).toBeUndefined();
    expect(await store.getJson('nothing/here')).toBeUndefined();
  });

  it('lists and removes everything under a prefix, and only that', async () => {
    const store = await make();
    await store.setJson('translations/7/es', {});
    await store.setJson('translations/7/ar', {});
    await store.setJson('translations/70/es', {});
    expect((await store.list('translations/7')).sort()).toEqual(['ar', 'es']);
    await store.removeAll('translations/7');
    expect(await store.list('translations/7')).toEqual([]);
    expect(await store.list('translations/70')).toEqual(['es']);
    await store.remove('translations/70/es');
    expect(await store.has('translations/70/es')).toBe(false);
  });

  it('refuses keys that could leave their place', async () => {
    const store = await make();
    for (const key of ['../etc/passwd', 'a/../../b', '', 'a//b', '/abs', 'a:b', 'a/.hidden']) {
      await expect(store.setJson(key, 1)).rejects.toThrow('Invalid blob key');
    }
  });
});

describe('the fs blob store', () => {
  it('writes under DATA_DIR/blobs and survives a new instance', async () => {
    const dir = tmp();
    const config = parseConfig({ BLOB_STORE: 'fs', DATA_DIR: dir });
    await (await createBlobStore(config)).setJson('translations/1/de', { x: 'Hallo' });
    expect(fs.existsSync(path.join(dir, 'blobs', 'translations', '1', 'de'))).toBe(true);
    expect(await (await createBlobStore(config)).getJson('translations/1/de')).toEqual({
      x: 'Hallo',
    });
  });
});

describe('the netlify blob store', () => {
  it('loads, and says clearly when it runs outside Netlify', async () => {
    const store = await createBlobStore(parseConfig({ BLOB_STORE: 'netlify' }));
    await expect(store.getJson('a/b')).rejects.toThrow(/Netlify Blobs/);
  });
});
