import * as z from 'zod';

/**
 * Every element of an article (block, accordion detail) has a name of its own, `id`, kept while
 * it exists: moved, edited or with elements added and removed around it, it is the same element.
 * What a museum writes about an element (its checked translations) is filed under this name
 * (docs/adr/0013). The editor names new elements (newBlock, newDetail); content stored before
 * names existed is named by position (`p3`, `p5-2`), the same way by every reader, and keeps those
 * names once saved.
 */

/**
 * The name that stands for the article's public title where an element's name is needed (its
 * translation's lasting name, a visitor's report): the metadatas entry, which has no id.
 */
export const TITLE_ELEMENT = 'metadatas';

/** Letters, digits, '-' and '_': safe in a segment id, a URL and an XLIFF unit id. */
export const BLOCK_ID_PATTERN = /^[A-Za-z0-9_-]{1,24}$/;

export const blockId = z
  .string()
  .regex(BLOCK_ID_PATTERN, 'must be 1 to 24 letters, digits, dashes or underscores');

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new name: 10 random characters (about 59 bits). `crypto.getRandomValues`, not
 * `randomUUID`: a museum's editor may be served over plain http on its own network.
 */
export function newBlockId(): string {
  let id = '';
  for (const byte of crypto.getRandomValues(new Uint8Array(10))) id += ALPHABET[byte % 62];
  return id;
}

type Named = { id?: unknown };

const isElement = (value: unknown): value is Record<string, unknown> & Named =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const validId = (value: unknown): value is string =>
  typeof value === 'string' && BLOCK_ID_PATTERN.test(value);

/**
 * The content with every element named: a valid id is kept where it first appears; a missing,
 * malformed or repeated one is replaced by the element's position (`p3`, the second detail of
 * element 5 `p5-2`, with `x` added while taken). Deterministic: the same stored content gets the
 * same names in every process, before and after it is saved. Elements already named are the same
 * objects; the first entry (metadatas) is left alone.
 */
export function withBlockIds<T extends readonly unknown[]>(content: T): T {
  const used = new Set<string>();
  const keep = new Set<object>();
  const claim = (element: unknown) => {
    if (isElement(element) && validId(element.id) && !used.has(element.id)) {
      used.add(element.id);
      keep.add(element);
    }
  };
  content.forEach((element, index) => {
    if (index === 0 || !isElement(element)) return;
    claim(element);
    if (Array.isArray(element.details)) element.details.forEach(claim);
  });

  const named = <E>(element: E, position: string): E => {
    if (!isElement(element) || keep.has(element)) return element;
    let id = `p${position}`;
    while (used.has(id)) id += 'x';
    used.add(id);
    return { ...element, id };
  };

  let changed = false;
  const out = content.map((element, index) => {
    if (index === 0 || !isElement(element)) return element;
    let result = named(element, String(index));
    const details: unknown = result.details;
    if (Array.isArray(details)) {
      const renamed = details.map((detail, d) => named(detail, `${index}-${d + 1}`));
      if (renamed.some((detail, d) => detail !== details[d])) {
        result = { ...result, details: renamed };
      }
    }
    if (result !== element) changed = true;
    return result;
  });
  return (changed ? out : content) as T;
}
