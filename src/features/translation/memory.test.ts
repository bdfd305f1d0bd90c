import { describe, expect, it } from 'vitest';
import { createMemoryBlobStore, type BlobStore } from '../../server/blobs/store.ts';
import { documentKey, translationMemory, translationsPrefix } from './memory.ts';

/** A blob store that counts reads. */
function counting(store: BlobStore = createMemoryBlobStore()) {
  const counts = { reads: 0, writes: 0 };
  const wrapped: BlobStore = {
    ...store,
    getJson: (key) => {
      counts.reads += 1;
      return store.getJson(key);
    },
    setJson: (key, value) => {
      counts.writes += 1;
      return store.setJson(key, value);
    },
  };
  return { store: wrapped, counts };
}

describe('translation memory', () => {
  it('files one document per article, generation and language', async () => {
    const blobs = createMemoryBlobStore();
    const memory = translationMemory(blobs);
    await memory.write(7, 0, 'zh-Hans', { a: '你好' });
    await memory.write(7, 0, 'es', { a: 'hola' });
    await memory.write(7, 1, 'es', { a: 'buenas' });
    expect(documentKey(7, 0, 'zh-Hans')).toBe('translations/7/0-zh-Hans');
    expect(await blobs.getJson('translations/7/0-zh-Hans')).toEqual({ a: '你好' });
    expect((await blobs.list(translationsPrefix(7))).sort()).toEqual(['0-es', '0-zh-Hans', '1-es']);
    expect(await memory.read(7, 0, 'es')).toEqual({ a: 'hola' });
    expect(await memory.read(7, 1, 'es')).toEqual({ a: 'buenas' });
    expect(await memory.read(8, 0, 'es')).toEqual({});
  });

  it('merges writes with what is stored, and keeps only `keep` when asked', async () => {
    const memory = translationMemory(createMemoryBlobStore());
    await memory.write(1, 0, 'de', { a: 'A', b: 'B' });
    await memory.write(1, 0, 'de', { c: 'C' });
    expect(await memory.read(1, 0, 'de')).toEqual({ a: 'A', b: 'B', c: 'C' });
    await memory.write(1, 0, 'de', { d: 'D' }, { keep: new Set(['a', 'd']) });
    expect(await memory.read(1, 0, 'de')).toEqual({ a: 'A', d: 'D' });
  });

  it('keeps a flag with its translation and removes an entry written empty', async () => {
    const memory = translationMemory(createMemoryBlobStore());
    await memory.write(1, 0, 'de', { a: 'A', 'flag:a': '[1]', b: 'B', 'flag:b': '[2]' });
    await memory.write(1, 0, 'de', { c: 'C' }, { keep: new Set(['a', 'c']) });
    expect(await memory.read(1, 0, 'de', { fresh: true })).toEqual({
      a: 'A',
      'flag:a': '[1]',
      c: 'C',
    });
    await memory.write(1, 0, 'de', { 'flag:a': '', 'flag:z': '' });
    expect(await memory.read(1, 0, 'de', { fresh: true })).toEqual({ a: 'A', c: 'C' });
  });

  it('loses nothing when writers of one process overlap', async () => {
    const memory = translationMemory(createMemoryBlobStore());
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => memory.write(1, 0, 'it', { [`k${i}`]: `v${i}` })),
    );
    expect(Object.keys(await memory.read(1, 0, 'it', { fresh: true }))).toHaveLength(20);
  });

  it('loses nothing when two processes’ memories write one document at once', async () => {
    const blobs = createMemoryBlobStore();
    const [one, two] = [translationMemory(blobs), translationMemory(blobs)];
    await one.write(1, 0, 'it', { old: 'vecchio' });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? one : two).write(1, 0, 'it', { [`k${i}`]: `v${i}` }),
      ),
    );
    const stored = await two.read(1, 0, 'it', { fresh: true });
    expect(Object.keys(stored).sort()).toEqual(
      ['old', ...Array.from({ length: 20 }, (_, i) => `k${i}`)].sort(),
    );
  });

  it('answers from the LRU, and from the blob store when fresh', async () => {
    const { store, counts } = counting();
    const memory = translationMemory(store);
    await memory.read(1, 0, 'es');
    await memory.read(1, 0, 'es');
    await Promise.all([memory.read(2, 0, 'es'), memory.read(2, 0, 'es'), memory.read(2, 0, 'es')]);
    expect(counts.reads).toBe(2);
    // Another process writes: this one sees it only when it asks for a fresh copy.
    await translationMemory(store).write(1, 0, 'es', { x: 'equis' });
    expect(await memory.read(1, 0, 'es')).toEqual({});
    expect(await memory.read(1, 0, 'es', { fresh: true })).toEqual({ x: 'equis' });
    expect(await memory.read(1, 0, 'es')).toEqual({ x: 'equis' });
  });

  it('forgets an article in the LRU, and only that article', async () => {
    const { store, counts } = counting();
    const memory = translationMemory(store);
    await memory.write(3, 0, 'es', { a: 'x' });
    await memory.write(30, 0, 'es', { a: 'y' });
    await store.removeAll(translationsPrefix(3));
    const before = counts.reads;
    memory.forget(3);
    expect(await memory.read(3, 0, 'es')).toEqual({});
    expect(await memory.read(30, 0, 'es')).toEqual({ a: 'y' });
    expect(counts.reads).toBe(before + 1);
  });

  it('evicts documents past maxEntries', async () => {
    const { store, counts } = counting();
    const memory = translationMemory(store, { maxEntries: 2 });
    for (const lang of ['es', 'de', 'it']) await memory.read(1, 0, lang);
    const before = counts.reads;
    await memory.read(1, 0, 'it');
    await memory.read(1, 0, 'es');
    expect(counts.reads).toBe(before + 1);
  });

  it('treats a damaged document as empty, and never hands out a mutable one', async () => {
    const blobs = createMemoryBlobStore();
    await blobs.setJson(documentKey(5, 0, 'es'), { a: 1, b: ['x'] });
    const memory = translationMemory(blobs);
    expect(await memory.read(5, 0, 'es')).toEqual({});
    await memory.write(5, 0, 'es', { c: 'ce' });
    const doc = await memory.read(5, 0, 'es');
    expect(doc).toEqual({ c: 'ce' });
    expect(Object.isFrozen(doc)).toBe(true);
  });
});
