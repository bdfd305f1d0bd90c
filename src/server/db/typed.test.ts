import { describe, expect, it } from 'vitest';
import { rowsOf } from './typed.ts';

describe('rowsOf', () => {
  it("gives a raw statement's rows, and refuses an answer without them", () => {
    expect(rowsOf<{ n: number }>({ rows: [{ n: 1 }], fields: [] })).toEqual([{ n: 1 }]);
    for (const answer of [undefined, null, {}, { rows: 'x' }]) {
      expect(() => rowsOf(answer)).toThrow(/without rows/);
    }
  });
});
