import { readContent, type ArticleContent, type Block, type Detail } from './content.ts';

/**
 * Whether an article has anything for a visitor to read, see or hear: a text with words, a
 * picture, a video or a recording. An article with no blocks, or only empty ones (blank texts,
 * spaces, pictures without a file), has nothing yet: a circuit leaves it out for visitors and
 * the circuits screen says so.
 */

const filled = (text: string) => text.trim() !== '';

function detailHasContent(detail: Detail): boolean {
  switch (detail.type) {
    case 'text':
      return filled(detail.content);
    case 'link':
    case 'legendItem':
      return filled(detail.content) || detail.src !== '';
    case 'image':
      return detail.src !== '';
    case 'space':
      return false;
  }
}

function blockHasContent(block: Block): boolean {
  switch (block.type) {
    case 'video':
      return block.src !== '' || block.videoId !== '';
    case 'audio':
      return block.src !== '' || filled(block.caption) || filled(block.transcript);
    case 'accordion':
      return filled(block.header.content) || block.details.some(detailHasContent);
    default:
      return detailHasContent(block);
  }
}

export function hasContent(content: ArticleContent): boolean {
  const [, ...blocks] = content;
  return blocks.some(blockHasContent);
}

/** The same of content as stored (what visitors are shown of it: readContent). */
export const storedHasContent = (stored: unknown, name: string): boolean =>
  hasContent(readContent(stored, name));
