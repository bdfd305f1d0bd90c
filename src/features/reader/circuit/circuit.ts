import { LRUCache } from 'lru-cache';
import type { ArticleContent } from '../../articles/content.ts';
import { isOffered, offeredSuggestions } from '../../languages/offered.ts';
import { sameLanguage } from '../../languages/catalogue.ts';
import { suggestedLanguages } from '../../languages/negotiate.ts';
import type { GlossaryTerm } from '../../translation/glossary-match.ts';
import type { ArticleRequest, Translator } from '../../translation/translator-types.ts';
import { memoryBackoff, type BackoffStore } from '../../translation/failures.ts';
import { noteLanguage } from '../render/strings.ts';
import { documentOf, textsOf } from './circuit-document.ts';
import type { EngineGate } from '../visit/engine-gate.ts';
import { textsWithin } from '../visit/within-wait.ts';
import type { Visitor } from '../../stats/repeats.ts';
import type { PageName, VisitorLang } from '../checked.ts';
import type { CircuitLookup, CircuitSource, CircuitTexts, CircuitVisit } from './circuit-types.ts';

/**
 * A circuit as visitors read it: its title, introduction and stops' titles,
 * translated like an article's texts. They are one document for the translator (ADR 0017):
 * the title, the introduction's paragraphs and each stop's public title (render/title.ts) as text
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
  const backoff = deps.backoff ?? memoryBackoff();
  const recent = new LRUCache<string, Promise<CircuitSource | 'none'>>({
    max: 1_000,
    ttl: CIRCUIT_TTL_MS,
  });
  const circuits: Circuits = {
    deps,
    firstWait: deps.firstWaitMs ?? CIRCUIT_WAIT_MS,
    backoff,
    now: deps.now ?? (() => new Date()),
    find: (name) => find(deps.circuits, recent, name),
  };
  return {
    find: circuits.find,
    /** Forgets the circuits this process read: one was saved or deleted here. */
    forget(): void {
      recent.clear();
      backoff.clear();
    },
    storedTexts: (circuit: CircuitSource, lang: string) => storedTexts(circuits, circuit, lang),
    visit: (visit: CircuitVisitRequest) => visitCircuit(circuits, visit),
  };
}

/** What a circuit's visit works with. */
interface Circuits {
  deps: CircuitDeps;
  firstWait: number;
  backoff: BackoffStore;
  now: () => Date;
  find(name: string): Promise<CircuitSource | undefined>;
}

/** A circuit's page as asked at its address, checked where the request was read. */
export interface CircuitVisitRequest {
  name: PageName;
  lang: VisitorLang | undefined;
  choose: boolean;
  acceptLanguage: string | undefined;
  background?: ((work: Promise<unknown>) => void) | undefined;
  visitor?: Visitor | undefined;
  staffMuseum?: (() => Promise<number | undefined>) | undefined;
  /** A HEAD request: starts no engine work. */
  head?: boolean | undefined;
}

/** The circuit by its public name, read once a second at most (a failed read is not kept). */
function find(
  lookup: CircuitLookup,
  recent: LRUCache<string, Promise<CircuitSource | 'none'>>,
  name: string,
): Promise<CircuitSource | undefined> {
  let found = recent.get(name);
  if (!found) {
    found = lookup.byName(name).then((c) => c ?? 'none');
    found.catch(() => recent.delete(name));
    recent.set(name, found);
  }
  return found.then((c) => (c === 'none' ? undefined : c));
}

/** The circuit's document (documentOf's) as the translator is asked for it. */
async function request(
  { deps }: Circuits,
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

/**
 * The circuit's texts in `lang` from what is stored, never calling the engine: an article
 * page's navigation names the stops as the circuit page (which translated them) did.
 */
async function storedTexts(
  circuits: Circuits,
  circuit: CircuitSource,
  lang: string,
): Promise<CircuitTexts> {
  const { translator } = circuits.deps;
  const { content, stops } = documentOf(circuit);
  if (sameLanguage(lang, circuit.language) || !translator.configured) {
    return textsOf(circuit, content, stops, circuit.language, undefined);
  }
  const run = await translator.open(await request(circuits, circuit, content, lang));
  const stored = run.stored();
  return textsOf(circuit, stored.content, stops, lang, 'machine');
}

/** What a circuit's page shows: 404, the picker, the circuit in a language, or the original. */
async function visitCircuit(circuits: Circuits, visit: CircuitVisitRequest): Promise<CircuitVisit> {
  const suggested = suggestedLanguages(visit.acceptLanguage);
  const circuit = await circuits.find(visit.name);
  const { lang } = visit;
  if (!circuit) return { kind: 'notFound', uiLang: lang ?? suggested[0] ?? 'fr' };
  // As an article's page: a language the museum does not offer starts nothing.
  const offered = circuit.visitorLanguages ?? undefined;
  const notOffered = lang && !isOffered(lang, offered ?? null, circuit.language) ? lang : '';
  if (visit.choose || !lang || notOffered) {
    return {
      kind: 'picker',
      circuit,
      uiLang: notOffered ? noteLanguage(notOffered, suggested) : (suggested[0] ?? circuit.language),
      suggested: offered ? offeredSuggestions(visit.acceptLanguage, offered) : suggested,
      offered,
      notOffered: notOffered || undefined,
    };
  }
  return translatedCircuit(circuits, visit, circuit, lang);
}

/**
 * The circuit in `lang`: stored, or translated now within the first wait (within-wait.ts, the
 * back-off in this process's memory); partly translated, what is translated and the rest in the
 * original, marked so (ADR 0043); nothing translated, the original and why.
 */
async function translatedCircuit(
  circuits: Circuits,
  visit: CircuitVisitRequest,
  circuit: CircuitSource,
  lang: VisitorLang,
): Promise<CircuitVisit> {
  const { deps } = circuits;
  const { content, stops } = documentOf(circuit);
  const original = (note: CircuitTexts['note']): CircuitVisit => ({
    kind: 'circuit',
    texts: textsOf(circuit, content, stops, circuit.language, note),
    uiLang: note === undefined ? circuit.language : lang,
  });
  if (sameLanguage(lang, circuit.language)) return original(undefined);
  const job = await request(circuits, circuit, content, lang);
  const { backoff, firstWait, now } = circuits;
  const within = { translator: deps.translator, gate: deps.gate, backoff, firstWait, now };
  const shown = await textsWithin(within, job, visit);
  if (!shown.content) return original(shown.note);
  return {
    kind: 'circuit',
    texts: textsOf(circuit, shown.content, stops, lang, shown.note, shown.holes),
    uiLang: lang,
  };
}

export type CircuitService = ReturnType<typeof circuitService>;
