/**
 * The shapes the hand-written scripts of public/ share (tsconfig.public.json checks them; they
 * are served as written, so their types live here and in JSDoc comments, not in a build step).
 */

/** What a stop's page shows that a save reads (offline-save.js readPage). */
interface OfflineFound {
  audio?: string[];
  listen?: {
    server?: string | undefined;
    blocks?: string | undefined;
    voice?: string | undefined;
    lang?: string | undefined;
    script?: string | undefined;
  } | null;
  videos?: string[];
  tracks?: string[];
  links?: string[];
}

/** What a stop's page plays, or a whole circuit (offline-plan.js savesOf, planOf). */
interface OfflineSaves {
  audio: string[];
  sounds: string[];
  videos: string[];
  tracks: string[];
  scripts: string[];
  elsewhere: number;
}

/** A saved circuit's list, kept in the worker's cache (offline-save.js RECORD). */
interface OfflineRecord {
  stops: number;
  pages: string[];
  pictures: string[];
  sounds: string[];
  codes: string[];
  videos: string[];
  tracks: string[];
  videoBytes: number;
  videosSaved: boolean;
  elsewhere: number;
  skipped: number;
  failed: number;
  total: number;
  bytes: number;
}

/** The block's words (its data attributes), `{placeholders}` and all. */
interface OfflineWords {
  saved?: string | undefined;
  savedVideos?: string | undefined;
  failed?: string | undefined;
  soundsLater?: string | undefined;
  elsewhere?: string | undefined;
}

/** The addresses a save fetches: the circuit's page, its stops', its QR codes' (code: path). */
interface OfflineWhere {
  circuit: string;
  stops: string[];
  codes: { [code: string]: string };
}

/** A save under way (offline-save.js saveCircuit): its pages, what it weighs, how far it is. */
interface OfflineSaving {
  circuit: string;
  pages: string[];
  tally: { bytes: number; failed: number; done: number; total: number };
  deadline: number;
  step(ok: boolean): void;
}

/** How far a save is, `done` of `total`. */
type OfflineProgress = (done: number, total: number) => void;

/** Decap CMS's words, nested by screen (public/admin/boot.js adds ours to its French). */
interface DecapPhrases {
  [key: string]: unknown;
}

interface Window {
  /** What reader.js hands the offline save (its rule for which picture size is shown). */
  LegendaReader?: { imagesIn(doc: Document): Promise<string[]> };
  /** Decap CMS (public/admin/boot.js loads it, started by hand). */
  CMS_MANUAL_INIT?: boolean;
  CMS?: {
    registerLocale(lang: string, phrases: DecapPhrases): void;
    getLocale(lang: string): DecapPhrases | undefined;
    init(): void;
  };
}

interface Navigator {
  /** The Network Information API (Chromium): the visitor asked to spare data. */
  connection?: { saveData?: boolean };
}
