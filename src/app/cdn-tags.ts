import { articleTag, circuitTag, guideTag, museumTag } from '../features/reader/cdn.ts';
import type { AppEvents } from './subscribers.ts';

/**
 * For each event, the tags of the visitor pages it shows differently (reader/cdn.ts): an
 * article's pages (and the circuit pages listing it, which carry its tag), a circuit's (and its
 * stops' pages opened from it), the guide home listing either, every page of a museum for its
 * settings or its glossary (which any of its translations may follow).
 */
export const CDN_TAGS: { [K in keyof AppEvents]: (change: AppEvents[K]) => string[] } = {
  articleChanged(change) {
    const { museumId } = change;
    if (change.how === 'deleted') {
      return [...change.articleIds.map((id) => articleTag(museumId, id)), guideTag(museumId)];
    }
    const article = articleTag(museumId, change.articleId);
    // Reviewed texts are the article's own: the guide home lists it by its title as the guide's
    // own translated text says it.
    return change.how === 'reviewed' ? [article] : [article, guideTag(museumId)];
  },
  circuitChanged: ({ museumId, circuitId }) => [
    circuitTag(museumId, circuitId),
    guideTag(museumId),
  ],
  glossaryChanged: ({ museumId }) => [museumTag(museumId)],
  museumChanged: ({ museumId }) => [museumTag(museumId)],
  // A translation stored: the page of its article, circuit (`circuit-7`) or guide home
  // (`guide-{museum}`) shows more of it. A page still translating was kept by no shared cache;
  // one whose refused texts were tried again was.
  translationStored({ museumId, articleId }) {
    if (museumId === undefined) return [];
    if (typeof articleId === 'number') return [articleTag(museumId, articleId)];
    const circuit = /^circuit-(\d+)$/.exec(articleId);
    if (circuit) return [circuitTag(museumId, Number(circuit[1]))];
    return articleId.startsWith('guide-') ? [guideTag(museumId)] : [];
  },
};
