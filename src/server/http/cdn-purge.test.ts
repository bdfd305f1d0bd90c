import { describe, expect, it } from 'vitest';
import { recordingLogger } from '../../../tests/helpers/logger.ts';
import { cdnPurger, purgeHook } from './cdn-purge.ts';

describe('the purge hook (CDN_PURGE_URL)', () => {
  it('posts the tags as Surrogate-Key and as JSON, with the token as a bearer', async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const fetchImpl = (url: string | URL | Request, init?: RequestInit) => {
      sent.push({ url: String(url), init: init! });
      return Promise.resolve(new Response(null, { status: 204 }));
    };
    const tags = ['legenda-m1-a7', 'legenda-m1-guide'];
    await purgeHook('https://cache.example/purge', 'k3y', fetchImpl as typeof fetch)(tags);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('https://cache.example/purge');
    expect(sent[0]!.init.method).toBe('POST');
    expect(sent[0]!.init.headers).toEqual({
      'Content-Type': 'application/json',
      'Surrogate-Key': 'legenda-m1-a7 legenda-m1-guide',
      Authorization: 'Bearer k3y',
    });
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({ tags });

    // No token, no Authorization; anything but a 2xx is a failure.
    const refused = (_url: string | URL | Request, init?: RequestInit) => {
      sent.push({ url: '', init: init! });
      return Promise.resolve(new Response('no', { status: 403 }));
    };
    const hook = purgeHook('http://varnish:6081/', undefined, refused as typeof fetch);
    await expect(hook(tags)).rejects.toThrow('the purge hook answered 403');
    expect(sent[1]!.init.headers).not.toHaveProperty('Authorization');
  });
});

describe('cdnPurger', () => {
  it('answers at once, tries a failed purge again with longer waits, and logs each failure', async () => {
    const { log, lines } = recordingLogger();
    const waits: number[] = [];
    let calls = 0;
    const purger = cdnPurger({
      log,
      send: () => {
        calls += 1;
        return calls < 3 ? Promise.reject(new Error('cache unreachable')) : Promise.resolve();
      },
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    // The caller (a curator's save) does not wait: nothing was sent when purge returns but the
    // first try, started synchronously.
    purger.purge(['legenda-m1-a7', 'legenda-m1-a7', 'legenda-m1-guide']);
    expect(calls).toBe(1);
    await purger.idle();
    expect(calls).toBe(3);
    expect(waits).toEqual([1000, 2000]);
    expect(lines).toEqual([
      'warn: CDN purge failed, trying again',
      'warn: CDN purge failed, trying again',
    ]);
  });

  it('gives up after its last try with an error in the log, and never throws', async () => {
    const { log, lines } = recordingLogger();
    const tried: string[][] = [];
    const purger = cdnPurger({
      log,
      tries: 3,
      send: (tags) => {
        tried.push([...tags]);
        return Promise.reject(new Error('503'));
      },
      sleep: () => Promise.resolve(),
    });
    purger.purge(['legenda-m2']);
    await purger.idle();
    expect(tried).toEqual([['legenda-m2'], ['legenda-m2'], ['legenda-m2']]);
    expect(lines.at(-1)).toBe(
      'error: CDN purge failed: shared caches may show these pages as they were',
    );
  });

  it('purges nothing without a cache to purge, or without tags', async () => {
    const { log, lines } = recordingLogger();
    const none = cdnPurger({ log, send: undefined });
    none.purge(['legenda-m1']);
    await none.idle();
    let calls = 0;
    const some = cdnPurger({ log, send: () => Promise.resolve(void calls++) });
    some.purge([]);
    await some.idle();
    expect(calls).toBe(0);
    expect(lines).toEqual([]);
  });
});
