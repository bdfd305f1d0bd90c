import { readContent, type ArticleContent } from '../../articles/content.ts';
import { stopOf } from '../../articles/stop.ts';
import { publicTitle } from '../render/title.ts';
import type { Holes } from '../visit/within-wait.ts';
import type { GuideArticle, GuideCircuit, GuideSource, GuideTexts } from './guide-types.ts';

/**
 * A guide home's texts as one document for the translator, as a circuit's are
 * (circuit/circuit-document.ts): the museum's name, each circuit's title and introduction's
 * paragraphs and each published article's public title as text blocks, filed in the memory
 * under `guide-{museum}`, so a guide read in Japanese costs one small engine call, once, and
 * a new article only its title.
 */

const paragraphs = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');

/** The articles in the museum's language: public title and stop number. */
export function sourceArticles(guide: GuideSource): GuideArticle[] {
  return guide.articles.map((row) => {
    const content = readContent(row.content, row.name);
    return { id: row.id, name: row.name, title: publicTitle(content), stop: stopOf(content) };
  });
}

/** The guide's texts as an article the translator reads: one text block each. */
export function guideDocument(guide: GuideSource, articles: GuideArticle[]): ArticleContent {
  const blocks: unknown[] = [
    { type: 'metadatas', url: `guide-${guide.id}` },
    { type: 'text', id: 'museum', content: guide.name },
    ...guide.circuits.flatMap((c) => [
      { type: 'text', id: `c${c.id}-title`, content: c.title },
      ...paragraphs(c.intro).map((content, i) => ({ type: 'text', id: `c${c.id}-${i}`, content })),
    ]),
    ...articles.map((a) => ({ type: 'text', id: `a${a.id}`, content: a.title ?? '' })),
  ];
  return readContent(blocks, `guide-${guide.id}`);
}

/** By stop number (those without last), then title in the language shown. */
function byStopThenTitle(lang: string) {
  const collator = new Intl.Collator(lang, { sensitivity: 'base', numeric: true });
  return (a: GuideArticle, b: GuideArticle) =>
    (a.stop ?? Infinity) - (b.stop ?? Infinity) ||
    collator.compare(a.title ?? '', b.title ?? '') ||
    a.id - b.id;
}

/**
 * Reads the texts back from the document (translated or not), by block id; `holes`: the texts
 * of a translation left in the museum's language, marked so.
 */
export function guideTexts(
  guide: GuideSource,
  slug: string,
  content: ArticleContent,
  articles: GuideArticle[],
  lang: string,
  note: GuideTexts['note'],
  holes?: Holes,
): GuideTexts {
  const byId = new Map<string, string>();
  for (const block of content.slice(1)) {
    if (block.type === 'text' && block.id) byId.set(block.id, block.content);
  }
  const inSource = (id: string) => holes?.ids.has(id) === true;
  const circuits = guide.circuits.map((c) => {
    const intro: string[] = [];
    const introInSource: boolean[] = [];
    for (let i = 0; byId.has(`c${c.id}-${i}`); i++) {
      intro.push(byId.get(`c${c.id}-${i}`)!);
      introInSource.push(inSource(`c${c.id}-${i}`));
    }
    const title = byId.get(`c${c.id}-title`) ?? c.title;
    return { name: c.name, title, intro, stops: c.stops, ...marks(holes, c.id, introInSource) };
  });
  const shown = articles
    // An article without any text nor stop number has nothing to be listed by.
    .filter((a) => a.title !== undefined || a.stop !== undefined)
    .map((a) => ({
      ...a,
      title: a.title === undefined ? undefined : (byId.get(`a${a.id}`) ?? a.title),
      ...(inSource(`a${a.id}`) && a.title !== undefined ? { inSource: true } : {}),
    }))
    .sort(byStopThenTitle(lang));
  return {
    museumId: guide.id,
    timeZone: guide.timeZone,
    slug,
    name: byId.get('museum') ?? guide.name,
    circuits,
    articles: shown,
    lang,
    source: guide.language,
    note,
    ...(holes && holes.ids.size > 0 ? { holes: holes.why, nameInSource: inSource('museum') } : {}),
  };
}

/** A circuit's marks of texts left in the museum's language; none on a page without holes. */
function marks(
  holes: Holes | undefined,
  id: number,
  introInSource: boolean[],
): Pick<GuideCircuit, 'titleInSource' | 'introInSource'> {
  if (!holes?.ids.size) return {};
  return { titleInSource: holes.ids.has(`c${id}-title`), introInSource };
}
