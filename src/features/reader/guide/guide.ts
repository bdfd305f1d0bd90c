import { LRUCache } from 'lru-cache';
import type { ArticleContent } from '../../articles/content.ts';
import { isOffered, offeredSuggestions, sameLanguage } from '../../languages/index.ts';
import type { ArticleRequest, TranslationResult } from '../../translation/translator.ts';
import {
  memoryBackoff,
  reasonOf,
  waiting,
  type BackoffStore,
  type FailureReason,
} from '../../translation/failures.ts';
import { heldNote } from '../visit/engine-gate.ts';
import type { Visitor } from '../../stats/repeats.ts';
import type { VisitorLang } from '../checked.ts';
import { href } from '../render/links.ts';
import {
  guideDocument,
  guideTexts,
  sourceArticles,
  sourceIds,
  type Holes,
} from './guide-document.ts';
import { searchArticles } from './guide-search.ts';
import type {
  GuideDeps,
  GuideArticle,
  GuideAsk,
  GuideSource,
  GuideTexts,
  GuideVisit,
} from './guide-types.ts';

/** How long a process keeps a museum's guide it read (as the page cache keeps a page). */
export const GUIDE_TTL_MS = 1_000;
/** How long a first visitor waits for the guide's first translation before the original. */
export const GUIDE_WAIT_MS = 8_000;

/** A guide home as asked at its address, checked where the request was read. */
export interface GuideVisitRequest {
  slug: string;
  /** The address's `lang`, else the remembered one; undefined: the phone's suggestion. */
  lang: VisitorLang | undefined;
  choose: boolean;
  ask: GuideAsk;
  acceptLanguage: string | undefined;
  background?: ((work: Promise<unknown>) => void) | undefined;
  visitor?: Visitor | undefined;
  staffMuseum?: (() => Promise<number | undefined>) | undefined;
  head?: boolean | undefined;
  ignoreStats: boolean;
}

interface Guides {
  deps: GuideDeps;
  firstWait: number;
  backoff: BackoffStore;
  now: () => Date;
  find(slug: string): Promise<GuideSource | undefined>;
}

/** The museum's guide home: its texts in the visitor's language, its search and stop box. */
export function guideService(deps: GuideDeps) {
  const backoff = deps.backoff ?? memoryBackoff();
  const recent = new LRUCache<string, Promise<GuideSource | 'none'>>({
    max: 200,
    ttl: GUIDE_TTL_MS,
  });
  const find = (slug: string) => {
    let found = recent.get(slug);
    if (!found) {
      found = deps.guides.bySlug(slug).then((g) => g ?? 'none');
      found.catch(() => recent.delete(slug));
      recent.set(slug, found);
    }
    return found.then((g) => (g === 'none' ? undefined : g));
  };
  const guides: Guides = {
    deps,
    firstWait: deps.firstWaitMs ?? GUIDE_WAIT_MS,
    backoff,
    now: deps.now ?? (() => new Date()),
    find,
  };
  return {
    /** Forgets what this process read: an article, a circuit or the museum changed here. */
    forget(): void {
      recent.clear();
      backoff.clear();
    },
    visit: (request: GuideVisitRequest) => visitGuide(guides, request),
  };
}

export type GuideService = ReturnType<typeof guideService>;

/** The language a guide is shown in: the one asked (if offered), the phone's, the museum's. */
function languageOf(guide: GuideSource, request: GuideVisitRequest): string {
  const offered = guide.visitorLanguages;
  if (request.lang && isOffered(request.lang, offered, guide.language)) return request.lang;
  const suggested = offeredSuggestions(request.acceptLanguage, offered, 1)[0];
  return suggested && isOffered(suggested, offered, guide.language) ? suggested : guide.language;
}

async function visitGuide(guides: Guides, request: GuideVisitRequest): Promise<GuideVisit> {
  const guide = await guides.find(request.slug);
  const lang = guide ? languageOf(guide, request) : (request.lang ?? 'fr');
  if (!guide) {
    const uiLang = request.lang ?? offeredSuggestions(request.acceptLanguage, null, 1)[0] ?? 'fr';
    return { kind: 'notFound', uiLang };
  }
  const articles = sourceArticles(guide);
  const { ask } = request;
  if (ask.kind === 'stop') {
    const found = articles.find((a) => a.stop === ask.stop);
    if (found) return { kind: 'stop', to: href(found.name, { lang }, request.ignoreStats) };
  }
  const { texts, uiLang } = await translated(guides, request, guide, articles, lang);
  if (request.choose) {
    const suggested = offeredSuggestions(request.acceptLanguage, guide.visitorLanguages);
    return { kind: 'picker', texts, uiLang, suggested };
  }
  const results =
    ask.kind === 'search'
      ? await searchArticles(guides.deps, guide, texts, ask.q, lang)
      : ask.kind === 'stop'
        ? []
        : undefined;
  return { kind: 'guide', texts, uiLang, results, ask };
}

/** The guide's document as the translator is asked for it. */
async function request(
  { deps }: Guides,
  guide: GuideSource,
  content: ArticleContent,
  lang: string,
): Promise<ArticleRequest> {
  return {
    museumId: guide.id,
    articleId: `guide-${guide.id}`,
    generation: 0,
    content,
    instructions: '',
    sourceLang: guide.language,
    targetLang: lang,
    glossary: deps.translator.configured ? await deps.glossary?.(guide.id, lang) : undefined,
  };
}

/**
 * The guide in `lang`: stored, translated now within the first wait, or the museum's text. A
 * translation with holes is shown as far as it goes, as an article page is: each text
 * translated, or in the museum's language and marked so (guide-page.ts).
 */
async function translated(
  guides: Guides,
  visit: GuideVisitRequest,
  guide: GuideSource,
  articles: GuideArticle[],
  lang: string,
): Promise<{ texts: GuideTexts; uiLang: string }> {
  const { deps, backoff, now } = guides;
  const content = guideDocument(guide, articles);
  const shown = (texts: ArticleContent, textsLang: string, note: Note, holes?: Holes) => ({
    texts: guideTexts(guide, visit.slug, texts, articles, textsLang, note, holes),
    // The museum's text for want of a translation: our words stay in the visitor's language.
    uiLang: lang,
  });
  const original = (note: Note) => shown(content, guide.language, note);
  if (sameLanguage(lang, guide.language)) return original(undefined);
  if (!deps.translator.configured) return original('noEngine');
  const run = await deps.translator.open(await request(guides, guide, content, lang));
  /** What a translation holds; none of it translated: the original, and why. */
  const partly = (result: TranslationResult | undefined, note: Note, why: Holes['why']) => {
    if (!result || result.untranslated >= run.segments) {
      return original(note === 'machine' ? 'unavailable' : note);
    }
    if (result.complete) return shown(result.content, lang, note);
    return shown(result.content, lang, note, { ids: sourceIds(result), why });
  };
  if (run.missing === 0) return shown(run.stored().content, lang, 'machine');
  const pair = {
    museumId: guide.id,
    articleId: `guide-${guide.id}`,
    language: lang,
    generation: 0,
  };
  const failure = await backoff.find(pair);
  // Until the next try: what is stored, the rest in the museum's language.
  if (waiting(failure, now())) return partly(run.stored(), 'machine', whyOf(failure));
  // New engine work: within what visitors may start, as an article's (engine-gate.ts).
  const { visitor, staffMuseum } = visit;
  if (!run.pending()) {
    const ask = { museumId: guide.id, pair: `guide-${guide.id}:${lang}` };
    const held = await heldNote(deps.gate, { ...ask, visitor, staffMuseum }, visit.head);
    if (held) return partly(run.stored(), held, 'unavailable');
  }
  const payer = await deps.gate?.payer({ museumId: guide.id, visitor, staffMuseum });
  const running = run.translate(undefined, payer).then(
    async (result) => {
      if (result.complete) await backoff.succeeded(pair);
      // Held calls failed nothing: translated at a later visit.
      else if (!result.held)
        await backoff.failed(pair, reasonOf(result), result.untranslated, now());
      return result;
    },
    async () => {
      await backoff.failed(pair, 'engine', run.missing, now());
      return undefined;
    },
  );
  visit.background?.(running);
  const result = await Promise.race([
    running,
    new Promise<'waiting'>((resolve) => setTimeout(resolve, guides.firstWait, 'waiting').unref?.()),
  ]);
  if (result === 'waiting') return partly(run.stored(), 'translating', 'unavailable');
  if (result?.held && !result.complete) return partly(result, result.held, 'unavailable');
  return partly(result, 'machine', whyOf({ reason: reasonOf(result) }));
}

type Note = GuideTexts['note'];

/** Texts the checks refused twice, or ones the engine did not translate. */
const whyOf = (failure: { reason: FailureReason } | undefined): Holes['why'] =>
  failure?.reason === 'refused' ? 'refused' : 'unavailable';
