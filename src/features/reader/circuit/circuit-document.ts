import { readContent, type ArticleContent } from '../../articles/content.ts';
import { stopOf } from '../../articles/stop.ts';
import { publicTitle } from '../render/title.ts';
import type { Holes } from '../visit/within-wait.ts';
import type { CircuitSource, CircuitStop, CircuitTexts } from './circuit-types.ts';

/**
 * A circuit's texts as one document for the translator (ADR 0017): the title, the
 * introduction's paragraphs and each stop's public title (render/title.ts) as text blocks,
 * read back by block id once translated.
 */

const paragraphs = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');

/** The circuit's texts as an article the translator reads: one text block each. */
export function documentOf(circuit: CircuitSource): {
  content: ArticleContent;
  stops: CircuitStop[];
} {
  const stops = circuit.stops.map((stop) => {
    const number = Array.isArray(stop.content) ? stopOf(stop.content) : undefined;
    return {
      articleId: stop.articleId,
      name: stop.name,
      title: publicTitle(readContent(stop.content, stop.name)),
      ...(number !== undefined && { number }),
    };
  });
  const blocks: unknown[] = [
    { type: 'metadatas', url: circuit.name },
    { type: 'text', id: 'title', content: circuit.title },
    ...paragraphs(circuit.intro).map((content, i) => ({ type: 'text', id: `intro-${i}`, content })),
    ...stops.map((stop) => ({
      type: 'text',
      id: `stop-${stop.articleId}`,
      content: stop.title ?? '',
    })),
  ];
  return { content: readContent(blocks, circuit.name), stops };
}

/**
 * Reads the texts back from the document (translated or not), by block id; `holes`: the texts
 * of a translation left in the museum's language, marked so (ADR 0043).
 */
export function textsOf(
  circuit: CircuitSource,
  content: ArticleContent,
  stops: CircuitStop[],
  lang: string,
  note: CircuitTexts['note'],
  holes?: Holes,
): CircuitTexts {
  const byId = new Map<string, string>();
  for (const block of content.slice(1)) {
    if (block.type === 'text' && block.id) byId.set(block.id, block.content);
  }
  const intro: string[] = [];
  for (let i = 0; byId.has(`intro-${i}`); i++) intro.push(byId.get(`intro-${i}`)!);
  return {
    id: circuit.id,
    museumId: circuit.museumId,
    name: circuit.name,
    title: byId.get('title') ?? circuit.title,
    intro,
    stops: stops.map((stop) => ({
      ...stop,
      title:
        stop.title === undefined ? undefined : (byId.get(`stop-${stop.articleId}`) ?? stop.title),
    })),
    codes: (circuit.codes ?? []).flatMap(({ link, articleId }) => {
      if (articleId === undefined) return [{ link }];
      const stop = stops.find((s) => s.articleId === articleId);
      return stop ? [{ link, stop: stop.name }] : [];
    }),
    lang,
    source: circuit.language,
    note,
    ...(holes && holes.ids.size > 0 ? { holes: holes.why, inSource: holes.ids } : {}),
  };
}
