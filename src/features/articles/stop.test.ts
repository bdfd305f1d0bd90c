import { describe, expect, it } from 'vitest';
import { metadatasSchema } from './content.ts';
import { stopOf } from './stop.ts';

describe('stop numbers', () => {
  const meta = (stop: unknown) => metadatasSchema.safeParse({ type: 'metadatas', url: 'a', stop });

  it('takes whole numbers from 1 to 9999, and none', () => {
    expect(meta(23).data?.stop).toBe(23);
    expect(meta(9999).data?.stop).toBe(9999);
    expect(meta(undefined).data?.stop).toBeUndefined();
    expect(meta(null).data?.stop).toBeUndefined();
    expect(meta('').data?.stop).toBeUndefined();
  });

  it('refuses what no stop is, saying what is allowed', () => {
    for (const bad of [0, 10000, 2.5, -1, '23', true]) {
      const parsed = meta(bad);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('must be a whole number from 1 to 9999');
    }
  });

  it('reads the stop of stored content, ignoring what is not one', () => {
    expect(stopOf([{ type: 'metadatas', url: 'a', stop: 7 }])).toBe(7);
    expect(stopOf([{ type: 'metadatas', url: 'a', stop: 'x' }])).toBeUndefined();
    expect(stopOf([])).toBeUndefined();
  });
});
