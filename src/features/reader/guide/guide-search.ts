import { readContent } from '../../articles/content.ts';
import { sameLanguage } from '../../languages/catalogue.ts';
import { extractSegments } from '../../translation/segments.ts';
import { fold } from '../render/picker-search.ts';
import type { GuideArticle, GuideDeps, GuideSource, GuideTexts } from './guide-types.ts';

/**
 * The guide home's search: published articles whose public title and texts hold every word
 * asked, in the museum's language or the visitor's (what is stored of the article's
 * translation: a search never calls the engine), case and accents folded.
 */

/** Longest search taken (longer: said on the page). */
export const MAX_QUERY = 100;
/** Words of a search looked for at most. */
const MAX_WORDS = 12;
/** Articles whose stored translation is read at once. */
const READ_AT_ONCE = 16;

/** The words of a search, folded: 'Épée  du ROI' → ['epee', 'du', 'roi']. */
export function searchWords(q: string): string[] {
  return fold(q)
    .split(/[\s\p{P}\p{S}]+/u)
    .filter((w) => w !== '')
    .slice(0, MAX_WORDS);
}

/** An article's texts as one folded string: its public title and every text a visitor reads. */
function haystack(content: unknown, name: string): string {
  const segments = extractSegments(readContent(content, name));
  return fold(segments.map((s) => s.text).join('\n'));
}

/** What is stored of each article's translation into `lang`, as folded text, by article id. */
async function translatedTexts(
  deps: GuideDeps,
  guide: GuideSource,
  lang: string,
): Promise<Map<number, string>> {
  const texts = new Map<number, string>();
  if (sameLanguage(lang, guide.language) || !deps.translator.configured) return texts;
  const glossary = await deps.glossary?.(guide.id, lang);
  for (let i = 0; i < guide.articles.length; i += READ_AT_ONCE) {
    const chunk = guide.articles.slice(i, i + READ_AT_ONCE);
    await Promise.all(
      chunk.map(async (row) => {
        const run = await deps.translator.open({
          museumId: guide.id,
          articleId: row.id,
          generation: row.generation,
          content: readContent(row.content, row.name),
          instructions: row.instructions,
          sourceLang: guide.language,
          targetLang: lang,
          glossary,
        });
        const stored = run.stored();
        if (stored.untranslated < run.segments) {
          texts.set(row.id, haystack(stored.content, row.name));
        }
      }),
    );
  }
  return texts;
}

/** The guide's articles (as `texts` lists them) that hold every word of `q`. */
export async function searchArticles(
  deps: GuideDeps,
  guide: GuideSource,
  texts: GuideTexts,
  q: string,
  lang: string,
): Promise<GuideArticle[]> {
  const words = searchWords(q);
  if (words.length === 0) return [];
  const translated = await translatedTexts(deps, guide, lang);
  const rows = new Map(guide.articles.map((row) => [row.id, row]));
  return texts.articles.filter((article) => {
    const row = rows.get(article.id);
    if (!row) return false;
    const all = `${fold(article.title ?? '')}\n${haystack(row.content, row.name)}\n${translated.get(article.id) ?? ''}`;
    return words.every((word) => all.includes(word));
  });
}
