import { describe, expect, it } from 'vitest';
import { BLOCK_ID_PATTERN, newBlockId, withBlockIds } from './block-ids.ts';

const meta = { type: 'metadatas', url: 'port' };

describe('withBlockIds', () => {
  it('names unnamed elements and details by their position in what is stored', () => {
    const named = withBlockIds([
      meta,
      { type: 'text', content: 'Un' },
      { type: 'accordion', details: [{ type: 'text' }, { type: 'image' }] },
    ]);
    expect(named).toEqual([
      meta,
      { type: 'text', content: 'Un', id: 'p1' },
      {
        type: 'accordion',
        id: 'p2',
        details: [
          { type: 'text', id: 'p2-1' },
          { type: 'image', id: 'p2-2' },
        ],
      },
    ]);
    // The metadatas entry is never named; a second pass changes nothing.
    expect(named[0]).toBe(meta);
    expect(withBlockIds(named)).toBe(named);
  });

  it('keeps names wherever the elements move, and the same objects', () => {
    const a = { type: 'text', id: 'Abc123xyz0' };
    const b = { type: 'space', id: 'p1' };
    const content = [meta, a, b];
    expect(withBlockIds(content)).toBe(content);
    const moved = withBlockIds([meta, b, a]);
    expect(moved[1]).toBe(b);
    expect(moved[2]).toBe(a);
  });

  it('renames a repeated or malformed name, never taking one already used', () => {
    const named = withBlockIds([
      meta,
      { type: 'text', id: 'p2' },
      { type: 'text', id: 'p2' }, // repeated: its position, p2, is taken
      { type: 'text', id: '<img src=x>' },
      { type: 'text', id: 42 },
      { type: 'accordion', id: 'same', details: [{ type: 'text', id: 'same' }] },
    ]) as { id: string }[];
    expect(named.slice(1).map((e) => e.id)).toEqual(['p2', 'p2x', 'p3', 'p4', 'same']);
    expect((named[5] as unknown as { details: { id: string }[] }).details[0]!.id).toBe('p5-1');
    expect(new Set(named.slice(1).map((e) => e.id)).size).toBe(5);
  });

  it('is the same in every process: stored content gets the same names each time', () => {
    const stored = [meta, { type: 'text' }, 'not an element', { type: 'space' }];
    expect(withBlockIds(stored)).toEqual(withBlockIds(structuredClone(stored)));
    expect(withBlockIds(stored)[2]).toBe('not an element');
    expect(withBlockIds(stored)[3]).toMatchObject({ id: 'p3' });
  });
});

describe('newBlockId', () => {
  it('gives names that pass the pattern and do not repeat', () => {
    const ids = Array.from({ length: 1000 }, newBlockId);
    for (const id of ids) expect(id).toMatch(BLOCK_ID_PATTERN);
    expect(new Set(ids).size).toBe(1000);
    // Never a position's name: those start with p and a digit.
    expect(ids.every((id) => id.length === 10)).toBe(true);
  });
});
