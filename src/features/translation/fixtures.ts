import { contentSchema, type ArticleContent } from '../articles/content.ts';

/** Test articles (not shipped code: only *.test.ts files import this). */

/** An article through the real schema, from partial blocks. */
export function article(blocks: unknown[], url = 'test-article'): ArticleContent {
  return contentSchema.parse([{ type: 'metadatas', url }, ...blocks]);
}

const WORDS = (
  'le la les un une des du de musée salle vitrine objet bronze marbre peinture toile siècle ' +
  'roi reine port navire marin commerce ville histoire mémoire collection archive carte ' +
  'gravure sculpture atelier artiste maître élève voyage côte phare tempête pêche sel ' +
  'grain épice tissu soie laine verre argile terre feu eau vent nuit jour matin soir'
).split(' ');

/** Deterministic French-looking prose of `count` words, one sentence every 12 words. */
export function words(count: number, seed = 1): string {
  let state = seed;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    let word = WORDS[state % WORDS.length] ?? 'mot';
    if (i % 12 === 0) word = word[0]?.toUpperCase() + word.slice(1);
    out.push(i % 12 === 11 || i === count - 1 ? `${word}.` : word);
  }
  return out.join(' ');
}

/**
 * An article of about `total` words: paragraphs of 40 to 120 words, some in accordions, legend
 * items and images with descriptions, italics markers here and there.
 */
export function longArticle(total = 3_000): ArticleContent {
  const blocks: unknown[] = [];
  let written = 0;
  let n = 0;
  while (written < total) {
    n += 1;
    const size = Math.min(40 + ((n * 37) % 81), total - written);
    const text = n % 5 === 0 ? `${words(size, n)} [!${words(3, n + 1000)}!]` : words(size, n);
    written += size;
    if (n % 7 === 0) {
      blocks.push({
        type: 'accordion',
        header: { content: words(4, n + 500) },
        details: [
          { type: 'text', content: text },
          { type: 'image', alt: words(6, n + 700) },
        ],
      });
    } else if (n % 11 === 0) {
      blocks.push({ type: 'legendItem', content: text, alt: words(5, n + 900) });
    } else {
      blocks.push({ type: 'text', content: text });
    }
    if (n % 4 === 0) blocks.push({ type: 'space' });
  }
  return article(blocks, 'long-article');
}
