import { describe, expect, it } from 'vitest';
import { slidingWindows } from './sliding-window.ts';

function windows(windowMs = 60_000) {
  let at = 1_000_000;
  const limiter = slidingWindows({ now: () => at, windowMs, max: 10 });
  return { limiter, pass: (ms: number) => (at += ms) };
}

describe('slidingWindows', () => {
  it('admits up to the limit, then says the seconds until the oldest leaves the window', () => {
    const { limiter, pass } = windows();
    expect(limiter.admit([['a', 2]])).toBeUndefined();
    pass(10_000);
    expect(limiter.admit([['a', 2]])).toBeUndefined();
    expect(limiter.admit([['a', 2]])).toBe(50);
    pass(50_000);
    expect(limiter.admit([['a', 2]])).toBeUndefined();
  });

  it('admits under every key or under none', () => {
    const { limiter } = windows();
    expect(limiter.admit([['museum', 1]])).toBeUndefined();
    expect(
      limiter.admit([
        ['visitor', 5],
        ['museum', 1],
      ]),
    ).toBe(60);
    // The visitor was not counted by the refused admission.
    for (let i = 0; i < 5; i++) expect(limiter.admit([['visitor', 5]])).toBeUndefined();
    expect(limiter.admit([['visitor', 5]])).toBe(60);
  });

  it('counts amounts, waits until enough has left, and takes one back', () => {
    const { limiter, pass } = windows();
    expect(limiter.take('chars', 600, 1_000)).toBeUndefined();
    pass(20_000);
    expect(limiter.take('chars', 300, 1_000)).toBeUndefined();
    expect(limiter.take('chars', 200, 1_000)).toBe(40);
    expect(limiter.take('chars', 2_000, 1_000)).toBe(60);
    limiter.giveBack('chars', 300);
    expect(limiter.take('chars', 400, 1_000)).toBeUndefined();
    expect(limiter.full('chars', 1_000)).toBe(40);
    expect(limiter.full('other', 1_000)).toBeUndefined();
  });
});
