import type { ArticleChanged } from '../features/articles/events.ts';
import type { CircuitChanged } from '../features/circuits/service.ts';
import type { GlossaryChanged } from '../features/glossary/service.ts';
import type { PrepareService } from '../features/review/prepare.ts';
import type { StatusService } from '../features/review/status.ts';
import type { MuseumChanged } from '../features/settings/service.ts';
import type { EventBus } from '../server/events.ts';
import { articleTag, circuitTag, guideTag, museumTag } from '../features/reader/cdn.ts';

/** A translation job stored what it made: the translator's `onStored`, told as an event. */
export interface TranslationStored {
  /** The museum whose request it was, when the job was asked for one. */
  museumId?: number | undefined;
  /** An article's id; a circuit's texts are stored under a name (`circuit-7`). */
  articleId: number | string;
  targetLang: string;
}

/**
 * What changed, told in this process (docs/adr/0026-in-process-events.md). Each feature names
 * the event it publishes and its shape; only the composition names them all.
 */
export interface AppEvents {
  articleChanged: ArticleChanged;
  circuitChanged: CircuitChanged;
  glossaryChanged: GlossaryChanged;
  museumChanged: MuseumChanged;
  translationStored: TranslationStored;
}

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

/** What the subscribers act on: what this process keeps, and the work it does in the background. */
export interface Subscribed {
  /** The rendered visitor pages (reader/visit/page-cache.ts). */
  pages: { clear(): void };
  /** Where each QR code leads (qrcodes/service.ts). */
  qrcodes: { forgetTargets(): void };
  /** The circuits as visitors read them (reader/circuit/circuit.ts). */
  circuitPages: { forget(): void };
  /** The museums' guide homes as visitors read them (reader/guide/guide.ts). */
  guidePages: { forget(): void };
  /** What the count requests read of articles and museums (reader/visit/seen.ts). */
  seen: { forget(): void };
  /** The overview's counts, made again in the background. */
  status: Pick<StatusService, 'later' | 'laterMuseum'>;
  /** The museum's priority languages translated after a save. */
  prepare: Pick<PrepareService, 'afterSave'>;
  /** The visitor pages shared caches keep, purged by their tags (server/http/cdn-purge.ts). */
  cdn: { purge(tags: readonly string[]): void };
}

/** The events that may change what a visitor reads. */
const READ_BY_VISITORS = [
  'articleChanged',
  'circuitChanged',
  'glossaryChanged',
  'museumChanged',
] as const;

/**
 * Every subscriber of the app, in the order each event runs them. What is kept in this process
 * goes first, so that nothing started from here on is answered from it; then the background
 * work, started and not waited for (`void`): the publisher answers without it, and the work
 * logs its own failures. What a change does in the database (the back-off of failed
 * translations cleared by a save, a reset or a glossary change) the publisher does itself: every
 * process sees it, and its failure fails the request.
 */
export function subscribe(events: EventBus<AppEvents>, to: Subscribed): void {
  const { pages, qrcodes, circuitPages, guidePages, seen, status, prepare, cdn } = to;

  // 1–3. Kept in this process with the old texts. Other processes keep each of them for a
  // second at most (a page, where a code leads, a circuit), then read the database again; what
  // the count requests read, a minute at most.
  for (const name of READ_BY_VISITORS) {
    events.on(name, 'visitor pages forgotten', () => pages.clear());
    events.on(name, 'scan targets forgotten', () => qrcodes.forgetTargets());
    // A circuit's stops are articles (their titles, whether they exist) read in a language.
    events.on(name, 'circuit pages forgotten', () => circuitPages.forget());
    // A guide home lists the museum's circuits and published articles by name and title.
    events.on(name, 'guide homes forgotten', () => guidePages.forget());
    // Whether an article is published, the languages a museum offers: a count asks both.
    events.on(name, 'count lookups forgotten', () => seen.forget());
  }

  // 1–4 in shared caches (a CDN): the pages showing what changed, by their tags, in the
  // background (docs/adr/0031-visitor-pages-behind-a-cdn.md). A translation stored changes the
  // page of its article, circuit or guide home in its language.
  const purgeOn = <K extends keyof AppEvents>(name: K) =>
    events.on(name, 'shared caches purged', (change) => cdn.purge(CDN_TAGS[name](change)));
  for (const name of READ_BY_VISITORS) purgeOn(name);
  purgeOn('translationStored');

  // 5. The overview's counts of what changed, made again. A review counts its own languages
  // before it answers (review/service.ts); a deleted article has nothing left to count.
  events.on('articleChanged', 'overview counts recomputed', (change) => {
    if (change.how === 'saved' || change.how === 'reset') void status.later(change.articleId);
  });
  // The glossary or the museum's language changed the keys of any of its texts.
  events.on('glossaryChanged', 'overview counts recomputed', ({ museumId }) => {
    void status.laterMuseum(museumId);
  });
  events.on('museumChanged', 'overview counts recomputed', ({ museumId }) => {
    void status.laterMuseum(museumId);
  });
  // A visitor's or Translate now's translation stored: its language counted again. A circuit's
  // texts are not in the overview.
  events.on('translationStored', 'overview counts recomputed', ({ articleId, targetLang }) => {
    if (typeof articleId === 'number') void status.later(articleId, targetLang);
  });

  // 6. A saved article translated into the museum's priority languages.
  events.on('articleChanged', 'priority languages prepared', (change) => {
    if (change.how === 'saved') void prepare.afterSave(change.museumId, change.articleId);
  });
}
