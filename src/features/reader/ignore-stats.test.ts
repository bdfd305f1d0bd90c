import { describe, expect, it } from 'vitest';
import { ignoresStats } from './ignore-stats.ts';

describe('ignoresStats', () => {
  it('takes true, 1 and yes in any case as a preview; anything else, or nothing, counts', () => {
    for (const value of ['true', 'TRUE', 'True', '1', 'yes', 'Yes', 'YES']) {
      expect(ignoresStats(value), value).toBe(true);
    }
    for (const value of [undefined, null, '', 'false', '0', 'no', 'on', 'truee', ' true', '2']) {
      expect(ignoresStats(value), String(value)).toBe(false);
    }
  });
});
