import {
  isBlockType,
  isDetailType,
  newBlock,
  newDetail,
  type AccordionElement,
  type AccordionHeader,
  type ArticleContent,
  type Block,
  type Detail,
  type Metadatas,
} from '../articles/content.ts';
import { MAX_DETAILS, MAX_ELEMENTS } from '../articles/content-fields.ts';
import { inheritKey } from './keys.ts';

/**
 * The editor's local state (editing is local until saved) and its pure reducer. Updates
 * are immutable and keep every untouched element object as it was, so memoised cards and preview
 * blocks skip them: a keystroke costs one array copy and one element copy.
 */

export type Draft = {
  /** The article's private name (unformatted_name). */
  title: string;
  instructions: string;
  /** Element 0 is the metadatas entry; elements 1… are the blocks. */
  content: ArticleContent;
};

type Patch<T> = Partial<Omit<T, 'type'>>;
type PatchOf<U> = U extends unknown ? Patch<U> : never;
export type BlockPatch = PatchOf<Block>;
export type DetailPatch = PatchOf<Detail>;
export type MetaPatch = Patch<Metadatas>;
export type HeaderPatch = Partial<AccordionHeader>;

export type Action =
  | { type: 'setField'; field: 'title' | 'instructions'; value: string }
  | { type: 'setMeta'; patch: MetaPatch }
  | { type: 'update'; index: number; patch: BlockPatch }
  /** Inserts a new element of `blockType` at `after + 1`; `after` 0 is the top. */
  | { type: 'add'; after: number; blockType: string }
  | { type: 'delete'; index: number }
  | { type: 'moveUp'; index: number }
  | { type: 'updateHeader'; index: number; patch: HeaderPatch }
  | { type: 'updateDetail'; index: number; detail: number; patch: DetailPatch }
  /** Inserts a new detail at `after + 1`; `after` -1 is the top of the list. */
  | { type: 'addDetail'; index: number; after: number; detailType: string }
  | { type: 'deleteDetail'; index: number; detail: number }
  | { type: 'moveDetailUp'; index: number; detail: number }
  /**
   * The article as loaded or reloaded. With `base`, applied only when the state is still that
   * object (nothing was edited meanwhile). Elements equal to the current ones keep their objects.
   */
  | { type: 'load'; draft: Draft; base?: Draft };

/** The metadatas entry (0) and the first movable element (1) cannot move up. */
export const canMoveUp = (index: number): boolean => index >= 2;
/** Detail 0 cannot move up. */
export const canMoveDetailUp = (detail: number): boolean => detail >= 1;

export const EMPTY_DRAFT: Draft = {
  title: '',
  instructions: '',
  content: [{ type: 'metadatas', url: '', backgroundColor: '#341539' }],
};

export function editorReducer(state: Draft, action: Action): Draft {
  switch (action.type) {
    case 'setField':
      return state[action.field] === action.value
        ? state
        : { ...state, [action.field]: action.value };
    case 'setMeta': {
      const meta = state.content[0];
      if (unchanged(meta, action.patch)) return state;
      return withContent(state, [
        inheritKey({ ...meta, ...action.patch }, meta),
        ...blocksOf(state),
      ]);
    }
    case 'update':
      return replaceBlock(state, action.index, (block) =>
        unchanged(block, action.patch) ? block : ({ ...block, ...action.patch } as Block),
      );
    case 'add': {
      const { after, blockType } = action;
      if (!isBlockType(blockType) || !isIndex(state.content, after)) return state;
      if (state.content.length - 1 >= MAX_ELEMENTS) return state;
      const content = [...state.content] as ArticleContent;
      content.splice(after + 1, 0, newBlock(blockType));
      return withContent(state, content);
    }
    case 'delete': {
      if (action.index < 1 || !isIndex(state.content, action.index)) return state;
      const content = [...state.content] as ArticleContent;
      content.splice(action.index, 1);
      return withContent(state, content);
    }
    case 'moveUp': {
      const { index } = action;
      if (!canMoveUp(index) || !isIndex(state.content, index)) return state;
      const content = [...state.content] as ArticleContent;
      [content[index - 1], content[index]] = [content[index]!, content[index - 1]!];
      return withContent(state, content);
    }
    case 'updateHeader':
      return replaceAccordion(state, action.index, (accordion) =>
        unchanged(accordion.header, action.patch)
          ? accordion
          : { ...accordion, header: { ...accordion.header, ...action.patch } },
      );
    case 'updateDetail':
    case 'addDetail':
    case 'deleteDetail':
    case 'moveDetailUp':
      return replaceDetails(state, action.index, (details) => changeDetails(details, action));
    case 'load':
      if (action.base !== undefined && state !== action.base) return state;
      return reconcile(state, action.draft);
  }
}

type DetailAction = Extract<
  Action,
  { type: 'updateDetail' | 'addDetail' | 'deleteDetail' | 'moveDetailUp' }
>;

/** One accordion's details after a detail action; the same array when nothing changes. */
function changeDetails(details: Detail[], action: DetailAction): Detail[] {
  switch (action.type) {
    case 'updateDetail': {
      const detail = details[action.detail];
      if (detail === undefined || unchanged(detail, action.patch)) return details;
      const next = [...details];
      next[action.detail] = inheritKey({ ...detail, ...action.patch } as Detail, detail);
      return next;
    }
    case 'addDetail': {
      const { after, detailType } = action;
      if (!isDetailType(detailType) || after < -1 || after >= details.length) return details;
      if (details.length >= MAX_DETAILS) return details;
      const next = [...details];
      next.splice(after + 1, 0, newDetail(detailType));
      return next;
    }
    case 'deleteDetail': {
      if (!isIndex(details, action.detail)) return details;
      const next = [...details];
      next.splice(action.detail, 1);
      return next;
    }
    case 'moveDetailUp': {
      const { detail } = action;
      if (!canMoveDetailUp(detail) || !isIndex(details, detail)) return details;
      const next = [...details];
      [next[detail - 1], next[detail]] = [next[detail]!, next[detail - 1]!];
      return next;
    }
  }
}

const isIndex = (list: readonly unknown[], index: number) =>
  Number.isInteger(index) && index >= 0 && index < list.length;

const blocksOf = (state: Draft): Block[] => state.content.slice(1) as Block[];

function withContent(state: Draft, content: ArticleContent): Draft {
  return { ...state, content };
}

/** True when applying `patch` to `target` would change nothing. */
function unchanged(target: object, patch: object): boolean {
  const record = target as Record<string, unknown>;
  return Object.entries(patch).every(([key, value]) => Object.is(record[key], value));
}

function replaceBlock(state: Draft, index: number, change: (block: Block) => Block): Draft {
  if (index < 1 || !isIndex(state.content, index)) return state;
  const block = state.content[index] as Block;
  const next = change(block);
  if (next === block) return state;
  const content = [...state.content] as ArticleContent;
  content[index] = inheritKey(next, block);
  return withContent(state, content);
}

function replaceAccordion(
  state: Draft,
  index: number,
  change: (accordion: AccordionElement) => AccordionElement,
): Draft {
  return replaceBlock(state, index, (block) =>
    block.type === 'accordion' ? change(block) : block,
  );
}

function replaceDetails(
  state: Draft,
  index: number,
  change: (details: Detail[]) => Detail[],
): Draft {
  return replaceAccordion(state, index, (accordion) => {
    const details = change(accordion.details);
    return details === accordion.details ? accordion : { ...accordion, details };
  });
}

/** Structural equality of JSON values; object key order does not matter (jsonb reorders keys). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  const rightKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  return keys.length === rightKeys.length && keys.every((key) => sameJson(left[key], right[key]));
}

/** True when two drafts hold the same article (cheap when they share element objects). */
export function sameDraft(a: Draft, b: Draft): boolean {
  if (a === b) return true;
  if (a.title !== b.title || a.instructions !== b.instructions) return false;
  if (a.content === b.content) return true;
  return (
    a.content.length === b.content.length &&
    a.content.every((item, i) => sameJson(item, b.content[i]))
  );
}

/** `loaded`, reusing the current objects wherever they are equal (keys and memoised views kept). */
function reconcile(current: Draft, loaded: Draft): Draft {
  let changed = current.content.length !== loaded.content.length;
  const content = loaded.content.map((item, i) => {
    const mine = current.content[i];
    if (mine !== undefined && sameJson(mine, item)) return mine;
    changed = true;
    // An element changed in place keeps its card (and the focus in it).
    return mine !== undefined && mine.type === item.type ? inheritKey(item, mine) : item;
  }) as ArticleContent;
  const next: Draft = {
    title: loaded.title,
    instructions: loaded.instructions,
    content: changed ? content : current.content,
  };
  return sameDraft(next, current) && next.content === current.content ? current : next;
}
