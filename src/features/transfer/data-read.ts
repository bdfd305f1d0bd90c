import { ApiError } from '../../server/http/errors.ts';
import { eachChunk, readEntry, type ZipEntry } from '../../server/zip/read.ts';
import type { ZipSource } from '../../server/zip/source.ts';

/**
 * A data file of a restore read within what its manifest says it holds (docs/adr/0036): a list
 * is parsed as it is unpacked, one entry at a time, each entry checked as it ends and refused
 * past the manifest's count, so that a small archive unpacking to millions of `{}` is refused at
 * its first entry, without ever being held whole (as text or as values).
 */

const invalid = (reason: string, message: string, file: string) =>
  new ApiError(422, 'invalid_archive', message, { details: { reason, file } });

/** The deepest a list's values nest when Legenda writes them (an accordion's detail: 6). */
const MAX_DEPTH = 16;

const notJson = (file: string) => invalid('invalid_json', `${file} is not readable JSON.`, file);

/** A small file (the manifest, the settings) whole: its size was bounded before. */
export async function readSmallJson(source: ZipSource, entry: ZipEntry): Promise<unknown> {
  const bytes = await readEntry(source, entry);
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw notJson(entry.name);
  }
}

export interface ListRules<T> {
  /** The manifest's count: one entry more is refused. */
  maxItems: number;
  /** The largest entry Legenda writes in this list, in bytes. */
  maxItemBytes: number;
  /** An entry checked as it ends: what is kept of it, or an ApiError. */
  check: (item: unknown, index: number) => T;
}

/** A JSON list, read and checked an entry at a time as it is unpacked. */
export async function readList<T>(
  source: ZipSource,
  entry: ZipEntry,
  rules: ListRules<T>,
): Promise<T[]> {
  // Loaded at the first restore, not at start (docs/adr/0032).
  const { JSONParser, TokenType } = await import('@streamparser/json');
  const file = entry.name;
  const parser = new JSONParser({ paths: ['$.*'], keepStack: false });
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const items: T[] = [];
  let failure: unknown;
  let started = false;
  let fed = 0;
  /** Bytes fed when the last entry ended (or the list began): an entry spans from there. */
  let lastEnd = 0;
  parser.onValue = ({ value }) => {
    if (items.length >= rules.maxItems) {
      throw invalid(
        'over_manifest',
        `${file} holds more entries than its manifest says (${rules.maxItems}).`,
        file,
      );
    }
    items.push(rules.check(value, items.length));
    lastEnd = fed;
  };
  // Nested deeper than any list Legenda writes: refused before a million `[` are built.
  let depth = 0;
  parser.onToken = ({ token }) => {
    if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) depth++;
    else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) depth--;
    if (depth > MAX_DEPTH) {
      throw invalid('invalid_data', `${file} is nested deeper than Legenda writes.`, file);
    }
  };
  parser.onError = (error) => {
    failure ??= error instanceof ApiError ? error : notJson(file);
  };
  const feed = (text: string) => {
    if (!started) {
      const rest = text.trimStart();
      if (rest === '') return;
      if (!rest.startsWith('[')) throw invalid('invalid_data', `${file} is not a list.`, file);
      started = true;
    }
    // The list closed: only spaces may follow it.
    if (!parser.isEnded) parser.write(text);
    else if (text.trim() !== '') throw notJson(file);
  };
  await eachChunk(source, entry, (chunk) => {
    if (fed - lastEnd > rules.maxItemBytes) {
      throw invalid('too_large', `An entry of ${file} is larger than Legenda writes.`, file);
    }
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw notJson(file);
    }
    feed(text);
    fed += chunk.byteLength;
    if (failure) throw failure;
  });
  try {
    feed(decoder.decode());
  } catch (error) {
    throw error instanceof ApiError ? error : notJson(file);
  }
  if (!started) throw notJson(file);
  if (!parser.isEnded) parser.end();
  if (failure) throw failure;
  return items;
}
