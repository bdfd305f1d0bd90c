import { hash, randomBytes } from 'node:crypto';
import { slidingWindows } from '../../../server/sliding-window.ts';
import type { EngineKind, EnginePayer } from '../../translation/engine-guard.ts';
import type { Visitor } from '../../stats/repeats.ts';

/** The characters a minute of engine-gate.ts: the museum's for each engine, an address's share. */
export interface CharLimits {
  museumTranslationCharsPerMinute: number;
  museumSpeechCharsPerMinute: number;
  addressCharsPercent: number;
}

/**
 * What each address may send the engines a minute, whatever its browser: a share of the
 * museum's, counted in this process's memory under a salted hash of the address alone.
 */
export function addressCharges(options: {
  limits: CharLimits;
  now: () => number;
  windowMs: number;
  max: number;
}) {
  const { limits } = options;
  // A salt of this process only: the keys cannot be tied back to an address.
  const salt = randomBytes(32).toString('base64');
  const where = (visitor: Visitor | undefined) =>
    hash('sha256', `${salt}\n${visitor?.address ?? ''}`, 'base64url');
  const chars = slidingWindows(options);
  const museumChars = (engine: EngineKind) =>
    engine === 'translation'
      ? limits.museumTranslationCharsPerMinute
      : limits.museumSpeechCharsPerMinute;
  const addressChars = (engine: EngineKind) =>
    Math.floor((museumChars(engine) * limits.addressCharsPercent) / 100);
  return {
    /** The visitor's address as it pays for engine calls (translation/engine-guard.ts). */
    payer(visitor: Visitor | undefined): EnginePayer {
      const key = (engine: EngineKind) => `${engine}\n${where(visitor)}`;
      return {
        take(engine, count) {
          const retryAfter = chars.take(key(engine), count, addressChars(engine));
          return retryAfter === undefined ? undefined : { kind: 'busy', retryAfter };
        },
        giveBack: (engine, count) => chars.giveBack(key(engine), count),
        museumPerMinute: museumChars,
      };
    },
    /** The address has nothing left for `engine` this minute: seconds to wait, else undefined. */
    full(visitor: Visitor | undefined, engine: EngineKind): number | undefined {
      return chars.full(`${engine}\n${where(visitor)}`, addressChars(engine));
    },
  };
}
