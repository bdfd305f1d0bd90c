import { describe, expect, it } from 'vitest';
import { segmentKey } from './keys.ts';
import { PROMPT_VERSION } from './prompt.ts';

const base = {
  source: 'Le port en 1850',
  target: 'en',
  instructions: 'Garder les noms de navires.',
  model: 'gpt-4o-mini',
};

describe('segmentKey', () => {
  it('is a stable url-safe hash', () => {
    const key = segmentKey(base);
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(segmentKey({ ...base })).toBe(key);
    expect(segmentKey({ ...base, promptVersion: PROMPT_VERSION })).toBe(key);
  });

  it('changes with each input that decides the translation', () => {
    const key = segmentKey(base);
    for (const change of [
      { source: 'Le port en 1851' },
      { target: 'es' },
      { instructions: '' },
      { model: 'mistral-small' },
      { promptVersion: `${PROMPT_VERSION}-next` },
    ]) {
      expect(segmentKey({ ...base, ...change })).not.toBe(key);
    }
  });

  it('keeps the fields apart', () => {
    expect(segmentKey({ ...base, source: 'a', instructions: 'b' })).not.toBe(
      segmentKey({ ...base, source: '', instructions: 'ab' }),
    );
  });
});
