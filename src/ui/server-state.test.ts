import { afterEach, describe, expect, it, vi } from 'vitest';
import { getRoute, readRoute } from './api.ts';
import { fetchData, isSignedOut, serverStore } from './server-state.ts';

type Pending = {
  url: string;
  signal: AbortSignal | undefined;
  answer: (s: number, t: string) => void;
};

/** fetch that answers only when the test says so, recording each request. */
function held(): Pending[] {
  const pending: Pending[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const signal = init.signal ?? undefined;
    return new Promise<Response>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      pending.push({
        url,
        signal,
        answer: (status, text) => resolve(new Response(text === '' ? null : text, { status })),
      });
    });
  });
  return pending;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('serverStore', () => {
  it('asks once for every listener of one route, and shares the answer', async () => {
    const pending = held();
    const route = getRoute<number[]>('/api/shared', Array.isArray);
    const heard: string[] = [];
    const leaveA = serverStore.join(route, () => heard.push('a'));
    const leaveB = serverStore.join(route, () => heard.push('b'));
    expect(serverStore.get(route).status).toBe('loading');
    expect(pending).toHaveLength(1);
    pending[0]!.answer(200, '[1,2]');
    await settle();
    expect(serverStore.get(route)).toEqual({ status: 'ready', data: [1, 2], error: undefined });
    expect(heard.sort()).toEqual(['a', 'b']);
    leaveA();
    leaveB();
    await settle();
  });

  it('drops an older answer when a reload is asked meanwhile', async () => {
    const pending = held();
    const route = getRoute<{ n: number }>('/api/stale');
    const leave = serverStore.join(route, () => {});
    const reloaded = serverStore.reload(route);
    expect(pending).toHaveLength(2);
    expect(pending[0]!.signal?.aborted).toBe(true);
    pending[1]!.answer(200, '{"n":2}');
    await reloaded;
    expect(serverStore.get(route).data).toEqual({ n: 2 });
    leave();
    await settle();
  });

  it('keeps the last answer through a failed reload, with the failure beside it', async () => {
    const pending = held();
    const route = getRoute<{ n: number }>('/api/kept');
    const leave = serverStore.join(route, () => {});
    pending[0]!.answer(200, '{"n":1}');
    await settle();
    const reloaded = serverStore.reload(route);
    pending[1]!.answer(500, '{"error":{"code":"internal","message":"x"}}');
    await reloaded;
    expect(serverStore.get(route)).toEqual({
      status: 'failed',
      data: { n: 1 },
      error: { status: 500 },
    });
    leave();
    await settle();
  });

  it('says 0 when no answer came, and logs it; a refusal is not logged', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const route = getRoute<unknown>('/api/down');
    const leave = serverStore.join(route, () => {});
    await settle();
    expect(serverStore.get(route).error).toEqual({ status: 0 });
    expect(errors).toHaveBeenCalledTimes(1);
    leave();
    await settle();

    vi.stubGlobal('fetch', async () => new Response('{}', { status: 401 }));
    const refused = getRoute<unknown>('/api/refused');
    const leaveRefused = serverStore.join(refused, () => {});
    await settle();
    expect(isSignedOut(serverStore.get(refused))).toBe(true);
    expect(errors).toHaveBeenCalledTimes(1);
    leaveRefused();
    await settle();
  });

  it('forgets a route nobody listens to, aborting its request', async () => {
    const pending = held();
    const route = getRoute<unknown>('/api/left');
    const leave = serverStore.join(route, () => {});
    leave();
    await settle();
    expect(pending[0]!.signal?.aborted).toBe(true);
    expect(serverStore.get(route).status).toBe('loading');
    serverStore.join(route, () => {})();
    expect(pending).toHaveLength(2);
    await settle();
  });

  it('keeps an answer for a listener that comes back at once (a re-mount)', async () => {
    const pending = held();
    const route = getRoute<unknown>('/api/remount');
    serverStore.join(route, () => {})();
    const leave = serverStore.join(route, () => {});
    await settle();
    expect(pending).toHaveLength(1);
    expect(pending[0]!.signal?.aborted).toBe(false);
    leave();
    await settle();
  });

  it('shows what a write answered, without asking', async () => {
    const pending = held();
    const route = getRoute<{ n: number }>('/api/replaced');
    const leave = serverStore.join(route, () => {});
    serverStore.replace(route, { n: 9 });
    expect(pending[0]!.signal?.aborted).toBe(true);
    expect(serverStore.get(route)).toEqual({ status: 'ready', data: { n: 9 }, error: undefined });
    leave();
    await settle();
  });

  it('reads one path two ways as two entries', async () => {
    const pending = held();
    const whole = readRoute('/api/two', (body) => body as { a: number });
    const part = readRoute('/api/two', (body) => (body as { a: number }).a);
    const leaveWhole = serverStore.join(whole, () => {});
    const leavePart = serverStore.join(part, () => {});
    expect(pending).toHaveLength(2);
    for (const request of pending) request.answer(200, '{"a":3}');
    await settle();
    expect(serverStore.get(whole).data).toEqual({ a: 3 });
    expect(serverStore.get(part).data).toBe(3);
    leaveWhole();
    leavePart();
    await settle();
  });
});

describe('fetchData', () => {
  it('hands over the read answer, or the failure', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"a":1}', { status: 200 }));
    const route = readRoute('/api/once', (body) => ((body as { a?: unknown }).a === 1 ? 1 : null));
    expect(await fetchData(route)).toEqual({ data: 1 });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', async () => new Response('{"a":2}', { status: 200 }));
    expect(await fetchData(route)).toEqual({ error: { status: 200 } });
    expect(errors).toHaveBeenCalledTimes(1);
    vi.stubGlobal('fetch', async () => new Response('', { status: 404 }));
    expect(await fetchData(route)).toEqual({ error: { status: 404 } });
  });
});
