import { describe, expect, it } from 'vitest';
import {
  newBlock,
  newDetail,
  type AccordionElement,
  type ArticleContent,
  type Block,
} from '../articles/content.ts';
import { MAX_DETAILS, MAX_ELEMENTS } from '../articles/content-fields.ts';
import { keyOf } from './keys.ts';
import {
  canMoveDetailUp,
  canMoveUp,
  editorReducer as reduce,
  sameDraft,
  sameJson,
  type Draft,
} from './state.ts';

function draft(...blocks: Block[]): Draft {
  return {
    title: 'Amphore',
    instructions: '',
    content: [{ type: 'metadatas', url: 'amphore', backgroundColor: '#341539' }, ...blocks],
  };
}

const text = (content: string) => ({ ...newBlock('text'), content });
const contents = (state: Draft) =>
  state.content.slice(1).map((block) => ('content' in block ? block.content : block.type));

function accordion(...details: AccordionElement['details']): AccordionElement {
  return { ...newBlock('accordion'), details };
}
const detailsOf = (state: Draft, index: number) =>
  (state.content[index] as AccordionElement).details;

describe('fields and metadatas', () => {
  it('sets the title and the instructions', () => {
    const start = draft();
    const titled = reduce(start, { type: 'setField', field: 'title', value: 'Vase' });
    expect(titled.title).toBe('Vase');
    expect(titled.content).toBe(start.content);
    const told = reduce(titled, { type: 'setField', field: 'instructions', value: 'Lexique' });
    expect(told.instructions).toBe('Lexique');
    expect(reduce(told, { type: 'setField', field: 'title', value: 'Vase' })).toBe(told);
  });

  it('patches the metadatas, keeping the blocks', () => {
    const start = draft(text('a'), text('b'));
    const next = reduce(start, { type: 'setMeta', patch: { url: 'salle-3' } });
    expect(next.content[0]).toEqual({
      type: 'metadatas',
      url: 'salle-3',
      backgroundColor: '#341539',
    });
    expect(next.content[1]).toBe(start.content[1]);
    expect(next.content[2]).toBe(start.content[2]);
    expect(keyOf(next.content[0])).toBe(keyOf(start.content[0]));
    expect(reduce(next, { type: 'setMeta', patch: { url: 'salle-3' } })).toBe(next);
  });
});

describe('elements', () => {
  it('updates one element and keeps every other object identical', () => {
    const start = draft(text('a'), text('b'), text('c'));
    const key = keyOf(start.content[2]!);
    const next = reduce(start, { type: 'update', index: 2, patch: { content: 'B', bold: true } });
    expect(next.content[2]).toMatchObject({ type: 'text', content: 'B', bold: true });
    expect(next.content[0]).toBe(start.content[0]);
    expect(next.content[1]).toBe(start.content[1]);
    expect(next.content[3]).toBe(start.content[3]);
    expect(keyOf(next.content[2]!)).toBe(key);
    // The original is untouched.
    expect(start.content[2]).toMatchObject({ content: 'b', bold: false });
  });

  it('ignores an update that changes nothing or names no element', () => {
    const start = draft(text('a'));
    expect(reduce(start, { type: 'update', index: 1, patch: { content: 'a' } })).toBe(start);
    expect(reduce(start, { type: 'update', index: 0, patch: { content: 'x' } })).toBe(start);
    expect(reduce(start, { type: 'update', index: 5, patch: { content: 'x' } })).toBe(start);
  });

  it('adds a new element with the defaults after an index, or at the top', () => {
    const start = draft(text('a'), text('b'));
    const afterFirst = reduce(start, { type: 'add', after: 1, blockType: 'space' });
    expect(contents(afterFirst)).toEqual(['a', 'space', 'b']);
    expect(afterFirst.content[2]).toEqual({ ...newBlock('space'), id: expect.any(String) });
    // A name of its own, none of the others' (block-ids.ts).
    expect(afterFirst.content[2]!.id).not.toBe(newBlock('space').id);
    expect(afterFirst.content[1]).toBe(start.content[1]);
    const atTop = reduce(afterFirst, { type: 'add', after: 0, blockType: 'image' });
    expect(contents(atTop)).toEqual(['image', 'a', 'space', 'b']);
    const atEnd = reduce(atTop, { type: 'add', after: 4, blockType: 'video' });
    expect(contents(atEnd)).toEqual(['image', 'a', 'space', 'b', 'video']);
    expect(atEnd.content[5]).toMatchObject({ type: 'video', src: '', subtitles: '', videoId: '' });
  });

  it('adds nothing for an empty or unknown type, a bad index or a full article', () => {
    const start = draft(text('a'));
    expect(reduce(start, { type: 'add', after: 1, blockType: '' })).toBe(start);
    expect(reduce(start, { type: 'add', after: 1, blockType: 'script' })).toBe(start);
    expect(reduce(start, { type: 'add', after: 1, blockType: 'metadatas' })).toBe(start);
    expect(reduce(start, { type: 'add', after: 2, blockType: 'text' })).toBe(start);
    expect(reduce(start, { type: 'add', after: -1, blockType: 'text' })).toBe(start);
    const full = draft(...Array.from({ length: MAX_ELEMENTS }, () => text('x')));
    expect(reduce(full, { type: 'add', after: 0, blockType: 'text' })).toBe(full);
  });

  it('deletes an element, never the metadatas', () => {
    const start = draft(text('a'), text('b'), text('c'));
    const next = reduce(start, { type: 'delete', index: 2 });
    expect(contents(next)).toEqual(['a', 'c']);
    expect(next.content[2]).toBe(start.content[3]);
    expect(reduce(start, { type: 'delete', index: 0 })).toBe(start);
    expect(reduce(start, { type: 'delete', index: 4 })).toBe(start);
  });

  it('moves an element up one place; blocked for the metadatas and the first element', () => {
    const start = draft(text('a'), text('b'), text('c'));
    const next = reduce(start, { type: 'moveUp', index: 3 });
    expect(contents(next)).toEqual(['a', 'c', 'b']);
    expect(next.content[2]).toBe(start.content[3]);
    expect(next.content[3]).toBe(start.content[2]);
    expect(next.content[1]).toBe(start.content[1]);
    expect(contents(reduce(next, { type: 'moveUp', index: 2 }))).toEqual(['c', 'a', 'b']);
    expect(reduce(start, { type: 'moveUp', index: 1 })).toBe(start);
    expect(reduce(start, { type: 'moveUp', index: 0 })).toBe(start);
    expect(reduce(start, { type: 'moveUp', index: 4 })).toBe(start);
    expect([0, 1, 2, 3].map(canMoveUp)).toEqual([false, false, true, true]);
  });
});

describe('accordion', () => {
  it('updates the header', () => {
    const start = draft(text('a'), accordion());
    const next = reduce(start, { type: 'updateHeader', index: 2, patch: { content: 'Plus' } });
    expect((next.content[2] as AccordionElement).header).toMatchObject({
      content: 'Plus',
      fontSize: 16,
    });
    expect(next.content[1]).toBe(start.content[1]);
    expect(keyOf(next.content[2]!)).toBe(keyOf(start.content[2]!));
    // Not an accordion: nothing happens.
    expect(reduce(start, { type: 'updateHeader', index: 1, patch: { content: 'x' } })).toBe(start);
  });

  it('adds details at the top and after an index, only of the detail types', () => {
    const start = draft(accordion());
    const one = reduce(start, { type: 'addDetail', index: 1, after: -1, detailType: 'text' });
    const two = reduce(one, { type: 'addDetail', index: 1, after: 0, detailType: 'legendItem' });
    const three = reduce(two, { type: 'addDetail', index: 1, after: -1, detailType: 'image' });
    expect(detailsOf(three, 1).map((d) => d.type)).toEqual(['image', 'text', 'legendItem']);
    expect(detailsOf(three, 1)[2]).toEqual({ ...newDetail('legendItem'), id: expect.any(String) });
    expect(new Set(detailsOf(three, 1).map((d) => d.id)).size).toBe(3);
    expect(detailsOf(three, 1)[1]).toBe(detailsOf(two, 1)[0]);
    for (const detailType of ['video', 'accordion', '', 'nope']) {
      expect(reduce(three, { type: 'addDetail', index: 1, after: 0, detailType })).toBe(three);
    }
    expect(reduce(three, { type: 'addDetail', index: 1, after: 3, detailType: 'text' })).toBe(
      three,
    );
    const full = draft(accordion(...Array.from({ length: MAX_DETAILS }, () => newDetail('space'))));
    expect(reduce(full, { type: 'addDetail', index: 1, after: 0, detailType: 'text' })).toBe(full);
  });

  it('updates, moves up and deletes details, keeping the others identical', () => {
    const a = { ...newDetail('text'), content: 'a' };
    const b = newDetail('link');
    const c = newDetail('space');
    const start = draft(text('x'), accordion(a, b, c));
    const updated = reduce(start, {
      type: 'updateDetail',
      index: 2,
      detail: 1,
      patch: { link: 'https://example.org' },
    });
    expect(detailsOf(updated, 2)[1]).toMatchObject({ type: 'link', link: 'https://example.org' });
    expect(detailsOf(updated, 2)[0]).toBe(a);
    expect(detailsOf(updated, 2)[2]).toBe(c);
    expect(keyOf(detailsOf(updated, 2)[1]!)).toBe(keyOf(b));
    expect(updated.content[1]).toBe(start.content[1]);

    const moved = reduce(updated, { type: 'moveDetailUp', index: 2, detail: 2 });
    expect(detailsOf(moved, 2).map((d) => d.type)).toEqual(['text', 'space', 'link']);
    expect(reduce(moved, { type: 'moveDetailUp', index: 2, detail: 0 })).toBe(moved);
    expect(reduce(moved, { type: 'moveDetailUp', index: 2, detail: 3 })).toBe(moved);
    expect([0, 1, 2].map(canMoveDetailUp)).toEqual([false, true, true]);

    const deleted = reduce(moved, { type: 'deleteDetail', index: 2, detail: 0 });
    expect(detailsOf(deleted, 2).map((d) => d.type)).toEqual(['space', 'link']);
    expect(reduce(deleted, { type: 'deleteDetail', index: 2, detail: 2 })).toBe(deleted);
    // Details of an element that is not an accordion: nothing.
    expect(reduce(deleted, { type: 'deleteDetail', index: 1, detail: 0 })).toBe(deleted);
  });
});

describe('load', () => {
  it('keeps the current objects of elements that did not change', () => {
    const start = draft(text('a'), accordion(newDetail('text')), text('c'));
    // As the server sends it back: same values, other key order, other objects.
    const loaded: Draft = JSON.parse(JSON.stringify(start));
    loaded.content[3] = { ...(loaded.content[3] as Block), color: '#000000' } as Block;
    const next = reduce(start, { type: 'load', draft: loaded });
    expect(next.content[1]).toBe(start.content[1]);
    expect(next.content[2]).toBe(start.content[2]);
    expect(next.content[3]).toMatchObject({ color: '#000000' });
    expect(keyOf(next.content[3]!)).toBe(keyOf(start.content[3]!));
    // Nothing different at all: the very same state.
    expect(reduce(start, { type: 'load', draft: JSON.parse(JSON.stringify(start)) })).toBe(start);
  });

  it('is skipped when the state changed since `base`', () => {
    const start = draft(text('a'));
    const edited = reduce(start, { type: 'update', index: 1, patch: { content: 'ab' } });
    const loaded = draft(text('a'));
    expect(reduce(edited, { type: 'load', draft: loaded, base: start })).toBe(edited);
    expect(contents(reduce(start, { type: 'load', draft: loaded, base: start }))).toEqual(['a']);
  });
});

describe('sameDraft', () => {
  it('compares values, not objects or key order', () => {
    const a = draft(text('a'));
    const b: Draft = JSON.parse(JSON.stringify(a));
    expect(sameDraft(a, b)).toBe(true);
    expect(sameDraft(a, { ...b, title: 'Other' })).toBe(false);
    const content = [...b.content] as ArticleContent;
    content[1] = text('z');
    expect(sameDraft(a, { ...b, content })).toBe(false);
    expect(sameJson({ x: 1, y: [1, 2] }, { y: [1, 2], x: 1 })).toBe(true);
    expect(sameJson({ x: 1 }, { x: 1, y: 2 })).toBe(false);
    expect(sameJson([1], { 0: 1 })).toBe(false);
  });
});

describe('a new text', () => {
  it('reads comfortably: its line height is one and a half times its font size', () => {
    const added = reduce(draft(), { type: 'add', after: 0, blockType: 'text' });
    const block = added.content[1] as Extract<Block, { type: 'text' }>;
    expect([block.fontSize, block.lineHeight]).toEqual([16, 24]);
    const detail = newDetail('text');
    expect(detail.lineHeight).toBe(detail.fontSize * 1.5);
  });
});
