import { LRUCache } from 'lru-cache';
import { readContent, type ArticleContent } from '../../articles/content.ts';
import {
  isOffered,
  offeredSuggestions,
  sameLanguage,
  suggestedLanguages,
} from '../../languages/index.ts';
import type { GlossaryTerm } from '../../translation/glossary-match.ts';
import type { ArticleRequest, Translator } from '../../translation/translator.ts';
import { memoryBackoff, reasonOf, waiting, type BackoffStore } from '../../translation/failures.ts';
import { noteLanguage } from '../render/strings.ts';
import { publicTitle } from '../render/title.ts';
import { heldNote, type EngineGate } from '../visit/engine-gate.ts';
import type { Visitor } from '../../stats/repeats.ts';
import type { PageName, VisitorLang } from '../checked.ts';
import type {
  CircuitLookup,
  CircuitSource,
  CircuitStop,
  CircuitTexts,
  CircuitVisit,
} from './circuit-types.ts';

// The types live in circuit-types.ts; the pages and the reader import them from here.
export type {
  CircuitLookup,
  CircuitSource,
  CircuitStop,
  CircuitTexts,
  CircuitVisit,
} from './circuit-types.ts';

/**
 * A circuit as visitors read it: its title, introduction and stops' titles,
 * translated like an article's texts. They are one document for the translator (ADR 0017):
 * the title, the introduction's paragraphs and each stop's public title (title.ts) as text
 * blocks, filed in the memory under `circuit-{id}`, so a circuit read in Japanese costs one
 * small engine call, once.
 */

/** How long a process keeps a circuit it read (as the page cache keeps a page). */
export const CIRCUIT_TTL_MS = 1_000;
/**
 * How long a visitor waits for a circuit's first translation (a few dozen words: one small
 * engine call) before reading the original on a page that refreshes itself.
 */
export const CIRCUIT_WAIT_MS = 8_000;

const paragraphs = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');

/** The circuit's texts as an article the translator reads: one text block each. */
function documentOf(circuit: CircuitSource): { content: ArticleContent; stops: CircuitStop[] } {
  const stops = circuit.stops.map((stop) => ({
    articleId: stop.articleId,
    name: stop.name,
    title: publicTitle(readContent(stop.content, stop.name)),
  }));
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

/** Reads the texts back from the document (translated or not), by block id. */
function textsOf(
  circuit: CircuitSource,
  content: ArticleContent,
  stops: CircuitStop[],
  lang: string,
  note: CircuitTexts['note'],
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
  };
}

export interface CircuitDeps {
  circuits: CircuitLookup;
  translator: Translator;
  glossary?: ((museumId: number, lang: string) => Promise<readonly GlossaryTerm[]>) | undefined;
  firstWaitMs?: number;
  /** What visitors may start (limits, the monthly budget); everything when not given. */
  gate?: EngineGate | undefined;
  /**
   * Failed translations' back-off (translation/failures.ts). A circuit's texts are not an
   * article, so they wait in this process's memory: each process tries a failing circuit once
   * per round (1, 2, 4… minutes, up to a day); a restart, or a save of an article, a circuit
   * or the glossary in this process (forget()), starts afresh.
   */
  backoff?: (BackoffStore & { clear(): void }) | undefined;
  now?: (() => Date) | undefined;
}

/** The circuit page's decisions, and the circuit an article page names (its navigation). */
export function circuitService(deps: CircuitDeps) {
  const firstWait = deps.firstWaitMs ?? CIRCUIT_WAIT_MS;
  const backoff = deps.backoff ?? memoryBackoff();
  const now = deps.now ?? (() => new Date());
  const recent = new LRUCache<string, Promise<CircuitSource | 'none'>>({
    max: 1_000,
    ttl: CIRCUIT_TTL_MS,
  });

  function find(name: string): Promise<CircuitSource | undefined> {
    let found = recent.get(name);
    if (!found) {
      found = deps.circuits.byName(name).then((c) => c ?? 'none');
      // A failed read is not remembered.
      found.catch(() => recent.delete(name));
      recent.set(name, found);
    }
    return found.then((c) => (c === 'none' ? undefined : c));
  }

  /** The circuit's document (documentOf's) as the translator is asked for it. */
  async function request(
    circuit: CircuitSource,
    content: ArticleContent,
    lang: string,
  ): Promise<ArticleRequest> {
    return {
      museumId: circuit.museumId,
      articleId: `circuit-${circuit.id}`,
      generation: 0,
      content,
      instructions: '',
      sourceLang: circuit.language,
      targetLang: lang,
      glossary: deps.translator.configured
        ? await deps.glossary?.(circuit.museumId, lang)
        : undefined,
    };
  }

  return {
    find,
    /** Forgets the circuits this process read: one was saved or deleted here. */
    forget(): void {
      recent.clear();
      backoff.clear();
    },

    /**
     * The circuit's texts in `lang` from what is stored, never calling the engine: an article
     * page's navigation names the stops as the circuit page (which translated them) did.
     */
    async storedTexts(circuit: CircuitSource, lang: string): Promise<CircuitTexts> {
      const { content, stops } = documentOf(circuit);
      if (sameLanguage(lang, circuit.language) || !deps.translator.configured) {
        return textsOf(circuit, content, stops, circuit.language, undefined);
      }
      const run = await deps.translator.open(await request(circuit, content, lang));
      const stored = run.stored();
      return textsOf(circuit, stored.content, stops, lang, 'machine');
    },

    async visit(visit: {
      name: PageName;
      /** Checked where the request was read (checked.ts). */
      lang: VisitorLang | undefined;
      choose: boolean;
      acceptLanguage: string | undefined;
      background?: ((work: Promise<unknown>) => void) | undefined;
      visitor?: Visitor | undefined;
      staffMuseum?: (() => Promise<number | undefined>) | undefined;
      /** A HEAD request: starts no engine work. */
      head?: boolean | undefined;
    }): Promise<CircuitVisit> {
      const suggested = suggestedLanguages(visit.acceptLanguage);
      const circuit = await find(visit.name);
      const { lang } = visit;
      if (!circuit) return { kind: 'notFound', uiLang: lang ?? suggested[0] ?? 'fr' };
      // As an article's page: a language the museum does not offer starts nothing.
      const offered = circuit.visitorLanguages ?? undefined;
      const notOffered = lang && !isOffered(lang, offered ?? null, circuit.language) ? lang : '';
      if (visit.choose || !lang || notOffered) {
        return {
          kind: 'picker',
          circuit,
          uiLang: notOffered
            ? noteLanguage(notOffered, suggested)
            : (suggested[0] ?? circuit.language),
          suggested: offered ? offeredSuggestions(visit.acceptLanguage, offered) : suggested,
          offered,
          notOffered: notOffered || undefined,
        };
      }
      const { content, stops } = documentOf(circuit);
      const original = (note: CircuitTexts['note']): CircuitVisit => ({
        kind: 'circuit',
        texts: textsOf(circuit, content, stops, circuit.language, note),
        uiLang: note === undefined ? circuit.language : lang,
      });
      if (sameLanguage(lang, circuit.language)) return original(undefined);
      if (!deps.translator.configured) return original('noEngine');
      const run = await deps.translator.open(await request(circuit, content, lang));
      const pair = {
        museumId: circuit.museumId,
        articleId: `circuit-${circuit.id}`,
        language: lang,
        generation: 0,
      };
      if (run.missing > 0 && waiting(await backoff.find(pair), now())) {
        return original('unavailable');
      }
      // New engine work: within what visitors may start, as an article's (engine-gate.ts).
      if (run.missing > 0 && !run.pending()) {
        const { visitor, staffMuseum } = visit;
        const ask = { museumId: circuit.museumId, pair: `circuit-${circuit.id}:${lang}` };
        const held = await heldNote(deps.gate, { ...ask, visitor, staffMuseum }, visit.head);
        if (held) return original(held);
      }
      const running = run.translate().then(
        async (result) => {
          if (run.missing > 0 && result.complete) await backoff.succeeded(pair);
          else if (run.missing > 0)
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
        new Promise<'waiting'>((resolve) => setTimeout(resolve, firstWait, 'waiting').unref?.()),
      ]);
      if (result === 'waiting') return original('translating');
      if (!result?.complete) return original('unavailable');
      return {
        kind: 'circuit',
        texts: textsOf(circuit, result.content, stops, lang, 'machine'),
        uiLang: lang,
      };
    },
  };
}

export type CircuitService = ReturnType<typeof circuitService>;
