/** What a circuit's page and an article's navigation read of a circuit (circuit.ts makes them). */

/** What the circuits feature gives the reader (app.ts hands its repo over). */
export interface CircuitSource {
  id: number;
  museumId: number;
  name: string;
  title: string;
  intro: string;
  /** The museum's language: the circuit's texts are written in it. */
  language: string;
  /** The languages the museum's visitors may choose; null or absent: all of them. */
  visitorLanguages?: readonly string[] | null | undefined;
  stops: { articleId: number; name: string; content: unknown }[];
  /** QR codes leading to the circuit (no `articleId`) or to a stop (offline scans). */
  codes?: readonly { link: string; articleId?: number | undefined }[] | undefined;
}

export interface CircuitLookup {
  byName(name: string): Promise<CircuitSource | undefined>;
}

export interface CircuitStop {
  articleId: number;
  name: string;
  /** Its public title in the language shown; undefined for an article without any text. */
  title: string | undefined;
  /** The article's stop number in the museum (not its place in the circuit); none without. */
  number?: number | undefined;
}

/** The circuit's texts in one language. */
export interface CircuitTexts {
  id: number;
  museumId: number;
  name: string;
  title: string;
  /** Paragraphs of the introduction. */
  intro: string[];
  stops: CircuitStop[];
  /** QR codes leading to the circuit or a stop: by code, the stop's name (none: the circuit). */
  codes: readonly { link: string; stop?: string | undefined }[];
  /** The language the texts are in: the one asked for, or the museum's when not translated. */
  lang: string;
  source: string;
  /**
   * Translated, or the original and why (as the article page's notes); 'translating': the
   * original while the translation is made, the page refreshing itself.
   */
  note: 'machine' | 'unavailable' | 'noEngine' | 'translating' | 'busy' | 'paused' | undefined;
  /**
   * A translation with holes (ADR 0043): why some texts are in the museum's language, and which
   * (the document's block ids: 'title', 'intro-0', 'stop-{article}').
   */
  holes?: 'refused' | 'unavailable' | undefined;
  inSource?: ReadonlySet<string> | undefined;
}

export type CircuitVisit =
  | { kind: 'notFound'; uiLang: string }
  | {
      kind: 'picker';
      circuit: CircuitSource;
      uiLang: string;
      suggested: string[];
      /** As the article's picker: the languages offered, the one asked for and not offered. */
      offered?: readonly string[] | undefined;
      notOffered?: string | undefined;
    }
  | { kind: 'circuit'; texts: CircuitTexts; uiLang: string };
