import { describe, expect, it, vi } from 'vitest';
import { staff } from '../../../../tests/helpers/staff.ts';
import { useTestApp } from '../../../../tests/helpers/use-test-app.ts';
import type { Counter } from '../../stats/counts.ts';
import { visitorLang } from '../checked.ts';
import { seenService, type SeenRepo } from './seen.ts';

/** The count requests (/seen): what they count, and what they keep to count it. */
const state = useTestApp(() => ({ env: { COUNTS_FLUSH_MS: '0' } }));

const fr = visitorLang('fr')!;
const visitor = (n: number) => ({ address: `198.51.100.${n}`, userAgent: 'phone' });

describe('an id no museum has', () => {
  it('is answered 204 and kept nowhere: no lookup remembered, no cookie set', async () => {
    const read = { article: 0, museum: 0 };
    const repo: SeenRepo = {
      article: () => Promise.resolve(void read.article++),
      museum: () => Promise.resolve(void read.museum++),
    };
    const counter = { add: vi.fn() } as unknown as Counter;
    const seen = seenService({ repo, counter, now: () => new Date() });
    const named: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      named.push(await seen.count({ article: 424242 }, fr, visitor(1)));
      named.push(await seen.count({ guide: 4242 }, fr, visitor(1)));
    }
    // Read each time (a primary key's look-up), never remembered as missing.
    expect(read).toEqual({ article: 3, museum: 3 });
    expect(counter.add).not.toHaveBeenCalled();
    expect(named).toEqual(Array(6).fill(false));
    expect(seen.kept).toBe(0);

    const { t } = state;
    const res = await t.request('/seen?a=2147483000&l=fr&s=2');
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(t.services.seen.kept).toBe(0);
  });
});

describe('an article taken back', () => {
  it('is counted no more from the moment it is unpublished', async () => {
    const { t, cookie } = state;
    const id = await staff(t, cookie).publish('salle-1');
    const add = vi.spyOn(t.services.counter, 'add');
    const ask = (n: number) =>
      t.request(`/seen?a=${id}&l=fr`, {
        headers: { 'x-test-address': `198.51.100.${n}`, 'user-agent': 'phone' },
      });
    expect((await ask(1)).status).toBe(204);
    expect(add).toHaveBeenCalledTimes(1);
    const res = await staff(t, cookie).manage('unpublish', { articleId: id });
    expect(res.status).toBe(200);
    // Within the lookup's minute, a new visitor's showing is not counted.
    expect((await ask(2)).status).toBe(204);
    expect(add).toHaveBeenCalledTimes(1);
  });
});
