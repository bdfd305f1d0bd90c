import { estimateTokens } from './batches.ts';
import type { Engine } from './engine-types.ts';
import type { EngineUsage } from './engine-usage.ts';
import { EngineUnavailableError } from './errors.ts';
import { reviewMessage, reviewPrompt, type ReviewRequest } from './review-prompt.ts';
import { batchTokens } from './call-cost.ts';

/**
 * Every engine call is paid for before it is made (docs/adr/0034-characters-not-pairs.md): a
 * visitor's call counts its source characters at their address and in their museum's minute,
 * and every call of a museum holds its estimated cost in the monthly budget until its real
 * usage replaces it. A call refused is not made: its texts stay in the source language.
 */

/** Which engine a call goes to: each has its own characters a minute and its own budget. */
export type EngineKind = 'translation' | 'speech';

/** Why a call is not made now: too much this minute (try in `retryAfter` s), or the budget. */
export type EngineHeld = { kind: 'busy'; retryAfter: number } | { kind: 'paused' };

/**
 * The visitor whose request makes a call (reader/visit/engine-gate.ts): their address's
 * characters a minute, and their museum's. None for staff and background work.
 */
export interface EnginePayer {
  /** Counts `chars` at the address now, or says how long to wait (nothing counted). */
  take(engine: EngineKind, chars: number): EngineHeld | undefined;
  /** Gives back what `take` counted, the call not being made after all. */
  giveBack(engine: EngineKind, chars: number): void;
  /** The museum's characters a minute for visitors, for this engine. */
  museumPerMinute(engine: EngineKind): number;
}

/** What the museum's books are asked before a call (usage/service.ts). */
export interface EngineHoldAsk {
  museumId: number;
  engine: EngineKind;
  /** Estimated tokens of a translation call, or a speech call's characters. */
  amount: number;
  /** A visitor's call: its source characters, within the museum's `limit` a minute. */
  minute?: { chars: number; limit: number } | undefined;
}

/** What a call really cost; undefined when it got no answer. */
export type EngineSpent =
  { promptTokens: number; completionTokens: number } | { speechChars: number };

/** A call allowed: settled once it has ended, with what it really cost. */
export interface EngineTicket {
  settle(spent: EngineSpent | undefined): Promise<void>;
}

/** The museum's books: the budget held and the characters a minute (usage/service.ts). */
export interface EngineGuard {
  hold(ask: EngineHoldAsk): Promise<EngineTicket | EngineHeld>;
}

/** A call not made: past a limit a minute, or the budget. */
export class EngineHeldError extends EngineUnavailableError {
  readonly held: EngineHeld;
  constructor(held: EngineHeld) {
    super('held', held.kind === 'busy' ? 'too many characters this minute' : 'budget spent');
    this.held = held;
  }
}

/** The call's cost as the museum's books and the payer's address see it. */
export interface CallCost {
  museumId: number;
  engine: EngineKind;
  chars: number;
  amount: number;
  payer?: EnginePayer | undefined;
}

/** Asks the payer's address, then the museum's books: a ticket, or why not (nothing counted). */
export async function allowCall(
  guard: EngineGuard,
  cost: CallCost,
): Promise<EngineTicket | EngineHeld> {
  const { payer, engine, chars } = cost;
  const atAddress = payer?.take(engine, chars);
  if (atAddress) return atAddress;
  const minute = payer && { chars, limit: payer.museumPerMinute(engine) };
  const answer = await guard
    .hold({ museumId: cost.museumId, engine, amount: cost.amount, minute })
    .catch((error: unknown) => {
      payer?.giveBack(engine, chars);
      throw error;
    });
  if ('kind' in answer) payer?.giveBack(engine, chars);
  return answer;
}

const sumUsage = (a: EngineUsage | undefined, b: EngineUsage): EngineUsage => ({
  promptTokens: (a?.promptTokens ?? 0) + b.promptTokens,
  completionTokens: (a?.completionTokens ?? 0) + b.completionTokens,
  counted: b.counted,
});

/** A review call's cost: its prompt, both texts of each segment, and a short answer each. */
function reviewTokens(request: ReviewRequest): number {
  const perSegment = 24;
  return (
    estimateTokens(reviewPrompt(request)) +
    estimateTokens(reviewMessage(request)) +
    request.segments.length * perSegment
  );
}

/**
 * The engine as a job calls it: each call allowed first (`onHeld` told when not, and
 * EngineHeldError thrown), then settled with the usage its answer reported. Without a guard or
 * a museum, the engine as it is.
 */
export function guardedEngine(
  engine: Engine,
  guard: EngineGuard | undefined,
  who: { museumId?: number | undefined; payer?: EnginePayer | undefined },
  onHeld: (held: EngineHeld) => void,
): Engine {
  const { museumId, payer } = who;
  if (!guard || museumId === undefined) return engine;
  async function call<T>(
    chars: number,
    amount: number,
    run: (onUsage: (usage: EngineUsage) => void) => Promise<T>,
  ): Promise<T> {
    const ticket = await allowCall(guard!, {
      museumId: museumId!,
      engine: 'translation',
      chars,
      amount,
      payer,
    });
    if ('kind' in ticket) {
      onHeld(ticket);
      throw new EngineHeldError(ticket);
    }
    let used: EngineUsage | undefined;
    try {
      return await run((usage) => (used = sumUsage(used, usage)));
    } finally {
      await ticket.settle(used);
    }
  }
  const review = engine.review;
  return {
    model: engine.model,
    translate: (request) =>
      call(
        request.segments.reduce((n, s) => n + s.text.length, 0),
        batchTokens(request),
        (onUsage) =>
          engine.translate({
            ...request,
            onUsage: (usage) => {
              onUsage(usage);
              request.onUsage?.(usage);
            },
          }),
      ),
    review:
      review &&
      ((request) =>
        call(
          request.segments.reduce((n, s) => n + s.source.length + s.text.length, 0),
          reviewTokens(request),
          (onUsage) =>
            review({
              ...request,
              onUsage: (usage) => {
                onUsage(usage);
                request.onUsage?.(usage);
              },
            }),
        )),
  };
}
