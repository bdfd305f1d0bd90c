import type { GlossaryTerm } from '../../translation/glossary-match.ts';
import type { Translator } from '../../translation/translator-types.ts';
import type { BackoffStore } from '../../translation/failures.ts';
import type { EngineGate } from '../visit/engine-gate.ts';

/** What a museum's guide home (`/visit/{slug}`) reads, and what a visit of it shows. */

/** The museum as its guide home needs it (guide-repo.ts gives it). */
export interface GuideSource {
  id: number;
  name: string;
  /** The museum's language: its texts are written in it. */
  language: string;
  timeZone: string;
  /** The languages visitors may choose; null: all of them. */
  visitorLanguages: readonly string[] | null;
  circuits: { id: number; name: string; title: string; intro: string; stops: number }[];
  /** Published articles only. */
  articles: {
    id: number;
    name: string;
    content: unknown;
    instructions: string;
    generation: number;
  }[];
}

export interface GuideLookup {
  bySlug(slug: string): Promise<GuideSource | undefined>;
}

export interface GuideCircuit {
  name: string;
  title: string;
  intro: string[];
  stops: number;
  /** The title, and each paragraph of the introduction, shown in the museum's language. */
  titleInSource?: boolean | undefined;
  introInSource?: boolean[] | undefined;
}

export interface GuideArticle {
  id: number;
  name: string;
  /** Its public title in the language shown; undefined for an article without text. */
  title: string | undefined;
  stop: number | undefined;
  /** Its title shown in the museum's language on a page in another (not translated). */
  inSource?: boolean | undefined;
}

/** The guide home's texts in one language. */
export interface GuideTexts {
  museumId: number;
  timeZone: string;
  slug: string;
  name: string;
  circuits: GuideCircuit[];
  /** Sorted by stop number, then title. */
  articles: GuideArticle[];
  /** The language the texts are in: the one asked for, or the museum's when not translated. */
  lang: string;
  source: string;
  /** Translated, or the original and why (as a circuit's page). */
  note: 'machine' | 'unavailable' | 'noEngine' | 'translating' | 'busy' | 'paused' | undefined;
  /** The museum's name shown in the museum's language on a page in another. */
  nameInSource?: boolean | undefined;
  /**
   * A translation with holes, as an article page shows one: the texts left in the museum's
   * language are the ones the checks refused twice (`refused`: the page is kept), or some the
   * engine did not translate (`unavailable`: not kept, tried again). Undefined: no hole.
   */
  holes?: 'refused' | 'unavailable' | undefined;
}

/** What the search box or the stop box asked, checked (guide-request.ts). */
export type GuideAsk =
  | { kind: 'home' }
  | { kind: 'search'; q: string }
  | { kind: 'stop'; stop: number }
  /** Input the page refuses, said on it: a search too long, a stop number out of range. */
  | { kind: 'bad'; problem: 'queryTooLong' | 'badStop' };

export type GuideVisit =
  | { kind: 'notFound'; uiLang: string }
  | { kind: 'picker'; texts: GuideTexts; uiLang: string; suggested: string[] }
  | {
      kind: 'guide';
      texts: GuideTexts;
      uiLang: string;
      /** The search's results (undefined: no search), an unknown stop, bad input. */
      results?: GuideArticle[] | undefined;
      ask: GuideAsk;
    }
  /** `?stop=` found: the article in the visitor's language. */
  | { kind: 'stop'; to: string };

/** What the guide home's service works with (guide.ts). */
export interface GuideDeps {
  guides: GuideLookup;
  translator: Translator;
  glossary?: ((museumId: number, lang: string) => Promise<readonly GlossaryTerm[]>) | undefined;
  firstWaitMs?: number;
  /** What visitors may start (limits, the monthly budget); everything when not given. */
  gate?: EngineGate | undefined;
  /** Failed translations' back-off, per process (as circuits', circuit/circuit.ts). */
  backoff?: (BackoffStore & { clear(): void }) | undefined;
  now?: (() => Date) | undefined;
}
