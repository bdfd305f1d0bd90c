import { hash, randomBytes } from 'node:crypto';
import type { Visitor } from '../../stats/repeats.ts';
import { lruAtFirstUse } from '../../../server/lru-at-first-use.ts';
import type { EnginePayer } from '../../translation/engine-guard.ts';
import { slidingWindows } from '../../../server/sliding-window.ts';
import { addressCharges } from './char-windows.ts';

/**
 * What anonymous requests may start (the visitor page, a circuit's page, /speech): a bot must
 * not be able to run up the museum's engine bill. Asked only when engine work would really
 * start (a pair neither stored nor being translated, a sound not kept), so a kept page never
 * pays for it. Per process and in memory only, like the repeat filter (stats/repeats.ts): a
 * visitor is a salted hash of their address and browser, never written anywhere.
 *
 * - a visitor starts at most `visitorTranslationsPerMinute` translations of an (article or
 *   circuit, language) a minute: any request that would call the engine counts, finishing a
 *   partly stored pair included; joining a translation already running costs nothing;
 * - a visitor starts new sounds for at most `visitorSoundPagesPerMinute` (article, language)
 *   pairs a minute: every block of a page they were let read aloud passes this count for an
 *   hour after its last block (its characters still count, below);
 * - the whole museum starts at most `museumTranslationsPerMinute` translations and
 *   `museumSoundPagesPerMinute` pages read aloud a minute, whoever asks (many addresses must not
 *   add up to an unbounded bill);
 * - a museum whose monthly budget is spent (`budget`) starts nothing new at all;
 * - every engine call a visitor's request makes counts its source characters, before it is made
 *   (translation/engine-guard.ts), at their address whatever its browser (a share of the
 *   museum's, in this process's memory) and in the museum's minute (in the database, shared by
 *   every process): a call past either is not made, its texts wait in the source language for
 *   a later visit (docs/adr/0034-characters-not-pairs.md).
 *
 * Staff signed in to the museum (a preview) are not limited, but a spent budget holds them too.
 */

/** The window the limits count in. */
export const LIMIT_WINDOW_MS = 60_000;
/** How long a page let read aloud stays free for its visitor after its last block. */
export const SOUND_PAGE_KEEP_MS = 60 * 60_000;
/** Visitors (and their pages read aloud) remembered at most: past it, the oldest go first. */
export const MAX_REMEMBERED = 50_000;

export interface VisitorLimits {
  visitorTranslationsPerMinute: number;
  visitorSoundPagesPerMinute: number;
  museumTranslationsPerMinute: number;
  museumSoundPagesPerMinute: number;
  /** Source characters sent to the translation engine for a museum's visitors a minute. */
  museumTranslationCharsPerMinute: number;
  /** Characters sent to the speech engine for a museum's visitors a minute. */
  museumSpeechCharsPerMinute: number;
  /** The share of those one address may use, in percent. */
  addressCharsPercent: number;
}

/** The museum's monthly engine budget as the visitor routes see it (cached by its owner). */
export interface EngineBudget {
  translationPaused(museumId: number): Promise<boolean>;
  speechPaused(museumId: number): Promise<boolean>;
}

/** Why no new work starts: too much at once (try again in `retryAfter` s), or the budget. */
export type Held = { kind: 'busy'; retryAfter: number } | { kind: 'paused' };

/** Who asks to start what. */
export interface EngineAsk {
  museumId: number;
  /** The (article or circuit, language) pair, e.g. '12:ja' or 'circuit-3:ja'. */
  pair: string;
  visitor?: Visitor | undefined;
  /** The museum of the staff member signed in on this request, if any (asked only when needed). */
  staffMuseum?: (() => Promise<number | undefined>) | undefined;
}

export function engineGate(options: {
  limits: VisitorLimits;
  now: () => number;
  budget?: EngineBudget | undefined;
  max?: number;
}) {
  const { limits, now } = options;
  const max = options.max ?? MAX_REMEMBERED;
  // A salt of this process only: the keys cannot be tied back to an address.
  const salt = randomBytes(32).toString('base64');
  const windows = slidingWindows({ now, windowMs: LIMIT_WINDOW_MS, max });
  const soundPages = lruAtFirstUse<string, true>({
    max,
    ttl: SOUND_PAGE_KEEP_MS,
    updateAgeOnGet: true,
  });

  const who = (visitor: Visitor | undefined) =>
    hash('sha256', `${salt}\n${visitor?.address ?? ''}\n${visitor?.userAgent ?? ''}`, 'base64url');
  // The characters a minute count per address: another browser is not another visitor.
  const addresses = addressCharges({ limits, now, windowMs: LIMIT_WINDOW_MS, max });

  /** Admits one more under every key whose limit allows it, else none and says how long. */
  function admit(keys: readonly [string, number][]): Held | undefined {
    const retryAfter = windows.admit(keys);
    return retryAfter === undefined ? undefined : { kind: 'busy', retryAfter };
  }

  const isStaff = async (ask: EngineAsk) =>
    ask.staffMuseum !== undefined && (await ask.staffMuseum()) === ask.museumId;

  return {
    /** Whether a new translation of `ask.pair` may start now: undefined, or why not. */
    async translation(ask: EngineAsk): Promise<Held | undefined> {
      if (await options.budget?.translationPaused(ask.museumId)) return { kind: 'paused' };
      if (await isStaff(ask)) return undefined;
      // An address past its characters this minute would have its first call refused.
      const full = addresses.full(ask.visitor, 'translation');
      if (full !== undefined) return { kind: 'busy', retryAfter: full };
      return admit([
        [`t\n${who(ask.visitor)}`, limits.visitorTranslationsPerMinute],
        [`m\n${ask.museumId}`, limits.museumTranslationsPerMinute],
      ]);
    },

    /** Whether a new sound of a block of `ask.pair`'s page may be made now. */
    async sound(ask: EngineAsk): Promise<Held | undefined> {
      if (await options.budget?.speechPaused(ask.museumId)) return { kind: 'paused' };
      const visitor = who(ask.visitor);
      const page = `${visitor}\n${ask.museumId}\n${ask.pair}`;
      if (soundPages().get(page)) return undefined;
      if (await isStaff(ask)) return undefined;
      // Asked again after the wait: the page's other blocks, asked together, count it once.
      if (soundPages().get(page)) return undefined;
      const held = admit([
        [`s\n${visitor}`, limits.visitorSoundPagesPerMinute],
        [`sm\n${ask.museumId}`, limits.museumSoundPagesPerMinute],
      ]);
      if (!held) soundPages().set(page, true);
      return held;
    },

    /**
     * Who pays for the engine calls of a request (translation/engine-guard.ts): the visitor's
     * address; none for staff signed in to the museum (only its budget holds them).
     */
    async payer(
      ask: Pick<EngineAsk, 'museumId' | 'visitor' | 'staffMuseum'>,
    ): Promise<EnginePayer | undefined> {
      if (await isStaff({ ...ask, pair: '' })) return undefined;
      return addresses.payer(ask.visitor);
    },
  };
}

export type EngineGate = ReturnType<typeof engineGate>;

/** A page's notes that show the original instead: our words in the visitor's language. */
export const ORIGINAL_NOTES: ReadonlySet<string> = new Set([
  'unavailable',
  'noEngine',
  'busy',
  'paused',
]);

/**
 * The note of a page that starts no translation, or undefined: the translation may start. A
 * HEAD starts nothing (its page is the original, not kept); a visitor past a limit reads the
 * original with 'busy', a museum past its budget with 'paused'.
 */
export async function heldNote(
  gate: EngineGate | undefined,
  ask: EngineAsk,
  head: boolean | undefined,
): Promise<'unavailable' | 'busy' | 'paused' | undefined> {
  if (head) return 'unavailable';
  return (await gate?.translation(ask))?.kind;
}
