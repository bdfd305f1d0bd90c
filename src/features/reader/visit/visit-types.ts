import type { VisitorNote } from '../render/note-view.ts';
import type { ArticleContent } from '../../articles/content.ts';
import type { EditorRepo } from '../../articles/repo.ts';
import type { PageCount } from './page-cache.ts';
import type { Visitor } from '../../stats/repeats.ts';
import type { CheckedTexts, Translator } from '../../translation/translator-types.ts';
import type { GlossaryTerm } from '../../translation/glossary-match.ts';
import type { BackoffStore } from '../../translation/failures.ts';
import type { CircuitService } from '../circuit/circuit.ts';
import type { CircuitTexts } from '../circuit/circuit-types.ts';
import type { EngineGate } from './engine-gate.ts';
import type { PageName, VisitorLang } from '../checked.ts';

/** What the visitor page is asked, what it needs and what it answers (service.ts decides). */

export interface VisitRequest {
  name: PageName;
  /**
   * The language asked for (the address's `lang`, else the one chosen before), checked where
   * the request was read; undefined: none, or none Legenda offers (the picker).
   */
  lang: VisitorLang | undefined;
  /** `choose=1` or a search: the language picker. */
  choose: boolean;
  query: string | undefined;
  ignoreStats: boolean;
  /**
   * A fetch by the 'Save for offline reading' block or the service worker's first keeping of a
   * page (offline.ts, SAVE_HEADER): shown to nobody now, so nothing is counted (a fetch loads
   * none of the page's images, its count request among them: render/links.ts seenHref). Unlike
   * ignoreStats, the page is the visitor's own (kept and reused as any other).
   */
  saving?: boolean;
  /** The visitor's text size step (text-size.ts); 1 when none. */
  textSize?: number | undefined;
  /** Who asked: a reload within the window counts once (stats/repeats.ts). */
  visitor?: Visitor;
  acceptLanguage: string | undefined;
  /** Keeps a job running after the answer is sent (Netlify's waitUntil); Node needs nothing. */
  background?: ((work: Promise<unknown>) => void) | undefined;
  /** Opened from this circuit (`circuit`, its public name): the page shows where it stands. */
  circuit?: PageName | undefined;
  /** A HEAD request: answered from what is stored, starting no engine work. */
  head?: boolean | undefined;
  /** The museum of the staff member signed in on this request (engine-gate.ts), if any. */
  staffMuseum?: (() => Promise<number | undefined>) | undefined;
  /**
   * `preview=draft`: staff of the article's museum read its draft (counted nothing, never
   * kept); anyone else reads the published page (docs/adr/0028-drafts-and-revisions.md).
   */
  draft?: boolean | undefined;
}

export interface VisitArticle {
  id: number;
  museumId: number;
  /** The museum's time zone: whose day a count belongs to. */
  timeZone: string;
  name: string;
  /** No title: the staff's is a private name; pages take the content's first words (title.ts). */
  source: string;
}

export type Visit =
  | { kind: 'notFound'; uiLang: string }
  /** An article visitors cannot read yet (never published, or taken back): a 404 of its own. */
  | { kind: 'notYet'; uiLang: string }
  | {
      kind: 'picker';
      article: VisitArticle;
      content: ArticleContent;
      uiLang: string;
      suggested: string[];
      /** The languages the museum lets visitors choose; undefined: all of them. */
      offered?: readonly string[] | undefined;
      /** The language asked for, which the museum does not offer: the picker says so. */
      notOffered?: string | undefined;
    }
  | {
      kind: 'article';
      article: VisitArticle;
      content: ArticleContent;
      lang: string;
      /** The language asked for (counted), which the page may not be in. */
      requested: string;
      note: VisitorNote['kind'] | undefined;
      /** The language of our words (note, footer): `lang`, or noteLanguage's for the original. */
      uiLang: string;
      /** What a showing of this page counts; undefined for a staff preview. */
      count: PageCount;
      /** The circuit it was opened from, when the article is one of its stops. */
      circuit?: { texts: CircuitTexts; index: number } | undefined;
      /**
       * Read aloud (ADR 0019): the museum's preferred voice for the language and whether the
       * server's exists; undefined when the page is not in the language asked for.
       */
      speech?: VisitSpeech | undefined;
    }
  | {
      /** A first translation running: the page is sent as its blocks are translated. */
      kind: 'translating';
      article: VisitArticle;
      /** The article in its own language (its background; never shown untranslated). */
      content: ArticleContent;
      lang: string;
      note: 'machine' | 'partly';
      count: PageCount;
      /**
       * What may be read now: the article and how many blocks from the top are translated, and
       * which of those show a text the checks refused, in the source language.
       */
      landed(): { content: ArticleContent; blocks: number; source?: readonly number[] };
      /** Resolves when more may be readable. */
      changed(): Promise<void>;
      /** The whole article to end with, or undefined when the translation failed. */
      finished: Promise<ArticleContent | undefined>;
      /** The blocks the whole article shows in the source language (refused), once finished. */
      sourceBlocks?: Promise<readonly number[]> | undefined;
      /** Read aloud once the whole article has come, as for an article. */
      speech?: VisitSpeech | undefined;
      /** The circuit it was opened from, as for an article. */
      circuit?: { texts: CircuitTexts; index: number } | undefined;
    };

export interface ReaderDeps {
  repo: EditorRepo;
  translator: Translator;
  /** The museum's checked translations (ADR 0013); none when not given. */
  checked?: { read(articleId: number, lang: string): Promise<CheckedTexts> };
  /** The museum's glossary for a target language (ADR 0015); none when not given. */
  glossary?: (museumId: number, lang: string) => Promise<readonly GlossaryTerm[]>;
  now: () => Date;
  firstWaitMs?: number;
  /**
   * Where failed translations wait before another try (translation/failures.ts): the database
   * in the app, so every process sees them; this process's memory when not given.
   */
  backoff?: BackoffStore | undefined;
  /** The museum's circuits as visitors read them (ADR 0018); none when not given. */
  circuits?: CircuitService | undefined;
  /** A speech engine is configured (ADR 0019): the server's voice may read aloud. */
  speechEngine?: boolean | undefined;
  /** What visitors may start (limits, the monthly budget); everything when not given. */
  gate?: EngineGate | undefined;
}

/** Read aloud on a page (ADR 0019). */
export interface VisitSpeech {
  /** The museum's preferred voice for the language. */
  voice: 'browser' | 'server';
  /** The server's voice exists (a speech engine is configured). */
  server: boolean;
  /** Blocks (content indices) shown in the source language: not read. */
  silent?: readonly number[] | undefined;
}

/** An article as read aloud by the server's voice (speech-service.ts): whole, in a language. */
export interface ReadableArticle {
  article: VisitArticle;
  generation: number;
  /** The article in `lang`: the source, the museum's checked words or stored translations. */
  content: ArticleContent;
  lang: string;
  /**
   * Blocks (content indices) with a text still in the source language (not translated yet, or
   * refused by the checks): not read aloud in `lang`.
   */
  silent: ReadonlySet<number>;
}
