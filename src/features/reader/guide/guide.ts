import { LRUCache } from 'lru-cache';
import type { ArticleContent } from '../../articles/content.ts';
import { isOffered, offeredSuggestions } from '../../languages/offered.ts';
import { sameLanguage } from '../../languages/catalogue.ts';
import type { ArticleRequest } from '../../translation/translator-types.ts';
import { memoryBackoff, type BackoffStore } from '../../translation/failures.ts';
import { textsWithin, type Holes } from '../visit/within-wait.ts';
import type { Visitor } from '../../stats/repeats.ts';
import type { VisitorLang } from '../checked.ts';
import { href } from '../render/links.ts';
import { guideDocument, guideTexts, sourceArticles } from './guide-document.ts';
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
 * The guide in `lang`: stored, or translated now within the first wait (within-wait.ts, the
 * back-off in this process's memory); partly translated, what is translated and the rest in the
 * museum's language, marked so (ADR 0043); nothing translated, the museum's text and why.
 */
async function translated(
  guides: Guides,
  visit: GuideVisitRequest,
  guide: GuideSource,
  articles: GuideArticle[],
  lang: string,
): Promise<{ texts: GuideTexts; uiLang: string }> {
  const { deps, backoff, firstWait, now } = guides;
  const content = guideDocument(guide, articles);
  const shown = (texts: ArticleContent, textsLang: string, note: Note, holes?: Holes) => ({
    texts: guideTexts(guide, visit.slug, texts, articles, textsLang, note, holes),
    // The museum's text for want of a translation: our words stay in the visitor's language.
    uiLang: lang,
  });
  const original = (note: Note) => shown(content, guide.language, note);
  if (sameLanguage(lang, guide.language)) return original(undefined);
  const job = await request(guides, guide, content, lang);
  const within = { translator: deps.translator, gate: deps.gate, backoff, firstWait, now };
  const translated = await textsWithin(within, job, visit);
  if (!translated.content) return original(translated.note);
  return shown(translated.content, lang, translated.note, translated.holes);
}

type Note = GuideTexts['note'];
