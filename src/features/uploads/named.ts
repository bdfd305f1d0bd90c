import { sizedOwners } from '../articles/image-sizes.ts';
import { MEDIA_FILE_NAME } from './kinds.ts';

/**
 * Which uploaded files an article names: what the uploads' purge keeps and a museum's export
 * carries. A file is named by its address in an article's content (any field: src, subtitles,
 * audio), and a processed image's smaller files go with the file its article names (ADR 0027).
 */

/** A media address in content: its museum, kind folder and file name. */
const NAMED = new RegExp(
  `/media/(\\d{1,10}/(?:images|videos|subtitles|audio)/${MEDIA_FILE_NAME})`,
  'g',
);

/** The media paths (`{museum}/{folder}/{file}`) a content's JSON text names, added to `into`. */
export function namedIn(content: string, into = new Set<string>()): Set<string> {
  for (const match of content.matchAll(NAMED)) into.add(match[1]!);
  return into;
}

/** Whether a stored path (`{museum}/{folder}/{file}`) is named, itself or as an image's size. */
export function isNamed(path: string, named: ReadonlySet<string>): boolean {
  return named.has(path) || (sizedOwners(path)?.some((owner) => named.has(owner)) ?? false);
}
