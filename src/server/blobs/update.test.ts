import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { UPDATE_TRIES, versionedUpdate, type JsonVersions } from './update.ts';

/**
 * A store that checks versions itself, as Netlify Blobs and S3 do with ETags: one document and
 * its version, a conditional write made at once. Every call waits a turn, so that the writers
 * of a test interleave as requests to a real store do.
 */
function checkingStore() {
  let stored: { value: unknown; version: number } | undefined;
  let versions = 0;
  const store: JsonVersions = {
    async read() {
      await nextTurn();
      return { value: stored?.value, version: stored && String(stored.version) };
    },
    async version() {
      await nextTurn();
      return stored && String(stored.version);
    },
    async put(_key, value, version) {
      await nextTurn();
      if (version !== (stored && String(stored.version))) return false;
      stored = { value, version: ++versions };
      return true;
    },
  };
  return { store, stored: () => stored?.value };
}

const add = (entry: string) => (current: unknown) => ({
  ...(current as Record<string, string> | undefined),
  [entry]: entry,
});

describe('versionedUpdate', () => {
  it('loses no change of two processes writing one document at once', async () => {
    const { store, stored } = checkingStore();
    // Two processes: each its own turns, one store between them.
    const [one, two] = [versionedUpdate(store), versionedUpdate(store)];
    const entries = Array.from({ length: 12 }, (_, i) => `k${i}`);
    await Promise.all(entries.map((entry, i) => (i % 2 ? one : two)('doc', add(entry))));
    expect(Object.keys(stored() as object).sort()).toEqual([...entries].sort());
  });

  it('gives up, saying so, when the document changes at every try', async () => {
    const { store } = checkingStore();
    const update = versionedUpdate({ ...store, put: () => Promise.resolve(false) });
    let tries = 0;
    await expect(update('doc', () => ++tries)).rejects.toThrow(/changed 20 times/);
    expect(tries).toBe(UPDATE_TRIES);
  });
});
