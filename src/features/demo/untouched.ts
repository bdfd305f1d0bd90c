import { isDeepStrictEqual } from 'node:util';
import { withBlockIds } from '../articles/block-ids.ts';
import { contentSchema } from '../articles/content.ts';
import { DEMO_CONTENT, DEMO_INSTRUCTIONS, DEMO_TITLE } from './content.ts';

/**
 * Whether an article is the demo exactly as the first start saved it (service.ts: the editor's
 * save of DEMO_CONTENT, its url the demo's or the one it was made with). A demo seeded by
 * another version of Legenda, whose content differed, does not count as untouched: then nothing
 * is replaced that the curator might have written.
 */
export function isSeededDemo(article: {
  name: string;
  unformattedName: string;
  instructions: string;
  content: unknown;
}): boolean {
  if (article.unformattedName !== DEMO_TITLE || article.instructions !== DEMO_INSTRUCTIONS) {
    return false;
  }
  const [meta, ...blocks] = contentSchema.parse(DEMO_CONTENT);
  const seeded = withBlockIds([{ ...meta, url: article.name }, ...blocks]);
  // As stored: a field left undefined by the schema is not in the database's JSON.
  return isDeepStrictEqual(article.content, JSON.parse(JSON.stringify(seeded)));
}
