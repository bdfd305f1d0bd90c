import type { z } from 'zod';
import { contentSchema, type ArticleContent } from '../articles/content.ts';
import { MAX_ELEMENTS } from '../articles/content-fields.ts';
import { saveTermSchema } from '../glossary/schema.ts';
import { invalidArchive } from './errors.ts';
import {
  DATA_FILES,
  articlesSchema,
  circuitsSchema,
  foldersSchema,
  qrcodesSchema,
  translationsSchema,
  type GlossaryEntryOut,
  type ListPart,
} from './format.ts';

/**
 * Each entry of a list, checked as soon as it is read (data-read.ts): what is kept of a restore
 * in memory is only ever entries that passed, whose size their rules bound.
 */

const wrong = (file: string, message: string) =>
  invalidArchive('invalid_data', `${file}: ${message}`, { file });

/**
 * A value against its schema (an entry of a list: `index` its place), the error naming the file
 * and where in it.
 */
export function checkedEntry<S extends z.ZodType>(
  schema: S,
  file: string,
  value: unknown,
  index?: number,
): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = [...(index === undefined ? [] : [index]), ...(issue?.path ?? [])].join('.');
  throw invalidArchive(
    'invalid_data',
    `${file} is not what a Legenda export holds${where ? ` (at ${where})` : ''}: ${issue?.message ?? ''}`,
    { file, path: where },
  );
}

/** Every string of the content naming the old museum's media names the new museum's. */
export function moveMedia(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string')
    return value.startsWith(from) ? to + value.slice(from.length) : value;
  if (Array.isArray(value)) return value.map((item) => moveMedia(item, from, to));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, moveMedia(item, from, to)]),
    );
  }
  return value;
}

export type ArticleItem = Omit<z.infer<typeof articlesSchema>[number], 'content'> & {
  /** Checked by the content schema, its media addresses those of the museum restored into. */
  content: ArticleContent;
};

/** Where the restore goes: an article's media move from the export's prefix to this one's. */
export interface MediaMove {
  from: string;
  to: string;
}

/** The most entries of any list or object in an entry Legenda writes (an article's elements). */
const MAX_WIDTH = MAX_ELEMENTS + 1;

/**
 * Refuses an entry holding a list or an object wider than Legenda writes, before its schema is
 * applied: the schema would note an issue for each of a million wrong values, and copy them.
 */
function checkWidth(value: unknown, file: string, index: number): void {
  const stack = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === null || typeof current !== 'object') continue;
    const items = Array.isArray(current) ? current : Object.values(current);
    if (items.length > MAX_WIDTH) {
      throw wrong(file, `entry ${index + 1} holds a list longer than Legenda writes.`);
    }
    stack.push(...(items as unknown[]));
  }
}

function checkArticle(value: unknown, index: number, move: MediaMove): ArticleItem {
  const file = DATA_FILES.articles;
  checkWidth(value, file, index);
  const article = checkedEntry(articlesSchema.element, file, value, index);
  const content = contentSchema.safeParse(moveMedia(article.content, move.from, move.to));
  if (!content.success) {
    const issue = content.error.issues[0];
    throw wrong(
      file,
      `the content of article ${article.name} is not valid (at ${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}).`,
    );
  }
  return { ...article, content: content.data };
}

function checkTerm(value: unknown, index: number): GlossaryEntryOut {
  const file = DATA_FILES.glossary;
  checkWidth(value, file, index);
  const record = value !== null && typeof value === 'object' && !Array.isArray(value);
  const parsed = saveTermSchema.safeParse(record ? { ...value, id: undefined } : value);
  if (!parsed.success)
    throw wrong(file, `entry ${index + 1}: ${parsed.error.issues[0]?.message ?? ''}`);
  const { term, note, doNotTranslate, translations } = parsed.data;
  return { term, note, doNotTranslate, translations };
}

/** The check of each list's entries, for a restore whose media move as `move` says. */
export function entryChecks(move: MediaMove) {
  const plain =
    <S extends z.ZodType>(schema: S, part: ListPart) =>
    (value: unknown, index: number) =>
      checkedEntry(schema, DATA_FILES[part], value, index);
  return {
    folders: plain(foldersSchema.element, 'folders'),
    articles: (value: unknown, index: number) => checkArticle(value, index, move),
    translations: plain(translationsSchema.element, 'translations'),
    glossary: checkTerm,
    circuits: plain(circuitsSchema.element, 'circuits'),
    qrcodes: plain(qrcodesSchema.element, 'qrcodes'),
  };
}
