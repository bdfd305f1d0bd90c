import type { BlobStore } from '../../../server/blobs/store.ts';
import { ifNoneMatchHits } from '../../../server/http/negotiate.ts';
import type { Logger } from '../../../server/log.ts';
import type { CountEvent } from '../../stats/counts.ts';
import type { Visitor } from '../../stats/repeats.ts';
import {
  SPEECH_MAX_CHARS,
  speechType,
  type SpeechEngine,
  type SpeechType,
} from '../../translation/speech-engine.ts';
import type { ReadableArticle } from '../visit/visit-types.ts';
import type { PageName, VisitorLang } from '../checked.ts';
import { speechKey, speechUnits } from './speech.ts';
import type { EngineGate, Held } from '../visit/engine-gate.ts';
import { allowCall, type EngineGuard, type EnginePayer } from '../../translation/engine-guard.ts';

/**
 * The server's voice (ADR 0019): one sound per block and language, made by the speech
 * engine on the first request and kept in the blob store, so that every later visitor gets it
 * with no engine call. Its key holds the article's translation generation, the language, the
 * block's text, the model and the voice (speech.ts speechKey): an edit of the block or a reset
 * of translations makes it again. Requests arriving together for one sound share one engine
 * call. An engine that fails or hangs (past TTS_TIMEOUT_MS) is answered 503 at once, and for
 * `pauseMs` after a failure no sound is asked of it (visitors do not each wait out the time
 * limit); sounds already made are still served.
 */

/** After an engine failure, no new sound is asked for this long (per process). */
export const SPEECH_PAUSE_MS = 30_000;

export type SpeechAnswer =
  | { status: 200; bytes: Uint8Array; type: SpeechType; etag: string }
  | { status: 304; etag: string }
  | { status: 404 | 503 }
  /** No new sound now (engine-gate.ts): too many pages at once, or the budget spent. */
  | { status: 429; retryAfter: number }
  | { status: 503; paused: true };

export interface SpeechRequest {
  name: PageName;
  lang: VisitorLang;
  /** The block's content index (speech.ts SpeechUnit.index). */
  block: number;
  ignoreStats: boolean;
  /** The start of a playing (not a later byte range): counted as a listening of the first block. */
  starts: boolean;
  /** The request's If-None-Match: the sound it names is not read again when still current. */
  ifNoneMatch?: string | undefined;
  visitor?: Visitor | undefined;
  /** A HEAD request: answered from the kept sound, never making one (404 when none is kept). */
  head?: boolean | undefined;
  /** The museum of the staff member signed in on this request (engine-gate.ts), if any. */
  staffMuseum?: (() => Promise<number | undefined>) | undefined;
}

export interface SpeechDeps {
  readable(name: PageName, lang: VisitorLang): Promise<ReadableArticle | undefined>;
  blobs: BlobStore;
  engine: SpeechEngine | undefined;
  /** Told the characters of each sound the engine made, for the museum's engine budget. */
  onSpoken?: ((museumId: number, chars: number) => void) | undefined;
  counts: { add(event: CountEvent, visitor?: Visitor): Promise<void> };
  now: () => Date;
  log?: Logger | undefined;
  pauseMs?: number | undefined;
  /** What visitors may start (limits, the monthly budget); everything when not given. */
  gate?: EngineGate | undefined;
  /**
   * Asked before each sound is made, settled after (translation/engine-guard.ts): its
   * characters held in the monthly budget and counted in the visitor's minute.
   */
  guard?: EngineGuard | undefined;
}

/** The server's voice in this process: the sounds being made, and its last failure. */
interface Voice {
  deps: SpeechDeps;
  pauseMs: number;
  making: Map<string, Promise<Uint8Array | Held | undefined>>;
  failedAt: number;
}

export function speechService(deps: SpeechDeps) {
  const voice: Voice = {
    deps,
    pauseMs: deps.pauseMs ?? SPEECH_PAUSE_MS,
    making: new Map(),
    failedAt: Number.NEGATIVE_INFINITY,
  };
  return {
    /** A speech engine is configured. */
    configured: deps.engine !== undefined,
    /** The sound of one block in a language (made on the first request). */
    audio: (request: SpeechRequest) => audio(voice, request),
    /**
     * A visitor pressed Listen (listen.js): counted like a page request, in a language the
     * article can be read in (its source, or one with a translated block to read); a made-up,
     * unsupported or untranslated language counts nothing.
     */
    async listened(request: { name: PageName; lang: VisitorLang; visitor?: Visitor | undefined }) {
      const found = await deps.readable(request.name, request.lang);
      const read = found && speechUnits(found.content).some((u) => !found.silent.has(u.index));
      if (read) await count(deps, found, request.visitor);
    },
  };
}

async function stored({ deps }: Voice, key: string): Promise<Uint8Array | undefined> {
  try {
    return await deps.blobs.getBytes(key);
  } catch (error) {
    deps.log?.warn('read aloud: reading a kept sound failed', error);
    return undefined;
  }
}

/** A sound to make: its key, its text, the museum it is for and the visitor who asked. */
interface Unit {
  key: string;
  text: string;
  museumId: number;
  payer?: EnginePayer | undefined;
}

async function make(voice: Voice, unit: Unit): Promise<Uint8Array | Held | undefined> {
  const { deps } = voice;
  const { key, text, museumId, payer } = unit;
  // What the engine is sent (speech-engine.ts cuts a longer text), paid for first.
  const chars = Math.min(text.length, SPEECH_MAX_CHARS);
  const cost = { museumId, engine: 'speech' as const, chars, amount: chars, payer };
  const ticket = deps.guard && (await allowCall(deps.guard, cost));
  if (ticket && 'kind' in ticket) return ticket;
  const bytes = await speak(voice, key, text);
  if (ticket) await ticket.settle(bytes ? { speechChars: chars } : undefined);
  else if (bytes) deps.onSpoken?.(museumId, chars);
  return bytes;
}

/** The engine's sound of `text`, kept under `key`; undefined when the engine failed. */
async function speak(voice: Voice, key: string, text: string): Promise<Uint8Array | undefined> {
  const { deps } = voice;
  const engine = deps.engine!;
  try {
    const speech = await engine.speak(text);
    try {
      await deps.blobs.setBytes(key, speech.bytes);
    } catch (error) {
      // Served all the same; made again next time.
      deps.log?.warn('read aloud: keeping a sound failed', error);
    }
    return speech.bytes;
  } catch (error) {
    voice.failedAt = deps.now().getTime();
    deps.log?.warn(`read aloud: ${String(error instanceof Error ? error.message : error)}`);
    return undefined;
  }
}

/**
 * The sound kept, or being made (joined), or made now when the request may start it: not on
 * HEAD, not while the engine is paused after a failure, and within what visitors may start.
 */
async function sound(
  voice: Voice,
  unit: Unit,
  head: boolean,
  ask: () => Promise<Held | { payer: EnginePayer | undefined }>,
): Promise<Uint8Array | Held | undefined> {
  const { making } = voice;
  const joined = making.get(unit.key);
  if (joined) return joined;
  const kept = await stored(voice, unit.key);
  if (kept || head) return kept;
  if (voice.deps.now().getTime() - voice.failedAt < voice.pauseMs) return undefined;
  const asked = await ask();
  if ('kind' in asked) return asked;
  let promise = making.get(unit.key);
  if (!promise) {
    promise = make(voice, { ...unit, payer: asked.payer }).finally(() => making.delete(unit.key));
    making.set(unit.key, promise);
  }
  return promise;
}

async function count(
  deps: SpeechDeps,
  found: ReadableArticle,
  visitor: Visitor | undefined,
): Promise<void> {
  const { article } = found;
  await deps.counts.add(
    {
      museumId: article.museumId,
      timeZone: article.timeZone,
      articleId: article.id,
      language: found.lang,
      kind: 'listened',
      at: deps.now(),
    },
    visitor,
  );
}

/** The sound of one block in a language (made on the first request). */
async function audio(voice: Voice, request: SpeechRequest): Promise<SpeechAnswer> {
  const { deps } = voice;
  if (!deps.engine) return { status: 404 };
  const found = await deps.readable(request.name, request.lang);
  if (!found) return { status: 404 };
  // What the page reads: not a block shown in the source language.
  const units = speechUnits(found.content).filter((u) => !found.silent.has(u.index));
  const unit = units.find((u) => u.index === request.block);
  if (!unit) return { status: 404 };
  const key = speechKey({
    articleId: found.article.id,
    generation: found.generation,
    lang: found.lang,
    text: unit.text,
    model: deps.engine.model,
    voice: deps.engine.voice,
  });
  // The key's last part (generation, language, hash of model, voice and text) names this
  // sound and no other.
  const etag = `"${key.slice(key.lastIndexOf('/') + 1)}"`;
  const current = ifNoneMatchHits(request.ifNoneMatch, etag);
  const ask = () =>
    deps.gate?.sound({
      museumId: found.article.museumId,
      pair: `${found.article.id}:${found.lang}`,
      visitor: request.visitor,
      staffMuseum: request.staffMuseum,
    }) ?? Promise.resolve(undefined);
  const { museumId } = found.article;
  const { visitor, staffMuseum } = request;
  const payer = () => deps.gate?.payer({ museumId, visitor, staffMuseum });
  const made = current
    ? undefined
    : await sound(voice, { key, text: unit.text, museumId }, request.head === true, async () => {
        const held = await ask();
        return held ?? { payer: await payer() };
      });
  if (made && 'kind' in made) {
    return made.kind === 'busy'
      ? { status: 429, retryAfter: made.retryAfter }
      : { status: 503, paused: true };
  }
  const bytes = made;
  if (!current && !bytes && request.head) return { status: 404 };
  const type = bytes && (await speechType(bytes));
  if (!current && (!bytes || !type)) return { status: 503 };
  // Without the script, a player's first block is where a listening starts (with it,
  // listen.js says so too: a visitor's repeats count once, stats/repeats.ts).
  if (request.starts && !request.ignoreStats && unit === units[0]) {
    await count(deps, found, request.visitor);
  }
  if (!bytes || !type) return { status: 304, etag };
  return { status: 200, bytes, type, etag };
}

export type SpeechService = ReturnType<typeof speechService>;
