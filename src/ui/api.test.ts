import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, getRoute, postRoute, readRoute } from './api.ts';

type Sent = { url: string; init: RequestInit };

/** fetch answering `status` with `text`, recording what was sent. */
function answering(status: number, text: string): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(text === '' ? null : text, { status });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('call', () => {
  const list = getRoute<number[]>('/api/list', Array.isArray);
  const add = postRoute<{ name: string }, { id: number }>('/api/manage/add');

  it('GETs without a body and hands over a checked answer', async () => {
    const sent = answering(200, '[1,2]');
    const result = await call(list);
    expect(result).toMatchObject({ status: 200, ok: true, body: [1, 2], answer: [1, 2] });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/list');
    expect(sent[0]!.init).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(sent[0]!.init.body).toBeUndefined();
  });

  it('POSTs the body as JSON', async () => {
    const sent = answering(201, '{"id":7}');
    const result = await call(add, { name: 'Salle 1' });
    expect(result.answer).toEqual({ id: 7 });
    expect(sent[0]!.init).toMatchObject({ method: 'POST', body: '{"name":"Salle 1"}' });
  });

  it('has no answer for a refusal, keeping its body for errorCode', async () => {
    answering(422, '{"error":{"code":"invalid_body","message":"Bad."}}');
    const result = await call(add, { name: '' });
    expect(result).toMatchObject({ ok: false, status: 422, answer: null });
    expect(result.body).toEqual({ error: { code: 'invalid_body', message: 'Bad.' } });
  });

  it('has no answer for a success that fails the check, is empty or is not JSON', async () => {
    answering(200, '{"not":"a list"}');
    expect(await call(list)).toMatchObject({ ok: true, answer: null, body: { not: 'a list' } });
    answering(200, '');
    expect((await call(add, { name: 'x' })).answer).toBeNull();
    answering(200, '<html>');
    expect((await call(list)).answer).toBeNull();
  });

  it('reads the answer through a read route; null from it is no answer', async () => {
    const sized = readRoute('/api/sized', (body) =>
      Array.isArray(body) ? { size: body.length } : null,
    );
    answering(200, '[1,2,3]');
    expect((await call(sized)).answer).toEqual({ size: 3 });
    answering(200, '{}');
    expect(await call(sized)).toMatchObject({ ok: true, answer: null, body: {} });
  });

  it('rejects when the request could not be made', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(call(list)).rejects.toThrow('Failed to fetch');
  });
});
