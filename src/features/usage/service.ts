import type { Logger } from '../../server/log.ts';
import { errorReason } from '../../server/db/errors.ts';
import type { MonthUse, UsageAdded, UsageRepo } from './repo.ts';
import type { HoldsRepo } from './holds-repo.ts';
import { budgetGuard } from './guard.ts';

/** From this share of a budget on, the dashboard warns. */
export const WARN_SHARE = 0.8;

/** How long a museum's budget state is kept per process: a visitor page costs no query. */
export const BUDGET_CACHE_MS = 5_000;

/** One budget this month: what was used, the budget (null: none) and where it stands. */
export interface BudgetLine {
  used: number;
  budget: number | null;
  /** 'warn' from 80 %, 'reached' from 100 %; 'ok' below or without a budget. */
  level: 'ok' | 'warn' | 'reached';
}

/** GET /api/read/engine_budget: the museum's month (YYYY-MM, its time zone) and its budgets. */
export interface BudgetState {
  month: string;
  tokens: BudgetLine;
  speech: BudgetLine;
}

/** What the visitor pages ask before starting engine work (given to the reader by app.ts). */
export interface Budget {
  /** The token budget is reached: no new translation starts this month. */
  translationPaused(museumId: number): Promise<boolean>;
  /** The speech characters budget is reached: no new sound is made this month. */
  speechPaused(museumId: number): Promise<boolean>;
}

function lineOf(used: number, budget: number | null): BudgetLine {
  const level =
    budget === null
      ? 'ok'
      : used >= budget
        ? 'reached'
        : used >= WARN_SHARE * budget
          ? 'warn'
          : 'ok';
  return { used, budget, level };
}

export function stateOf(use: MonthUse): BudgetState {
  return {
    month: use.month,
    tokens: lineOf(use.tokens, use.budgetTokens),
    speech: lineOf(use.speechChars, use.budgetSpeechChars),
  };
}

/**
 * The museums' engine budgets: every engine call's cost written at once, one upsert per call
 * (engine calls take seconds; a write each is nothing beside them, and a crash loses none of
 * the bill), and each museum's state this month, kept `cacheMs` per process.
 */
export function usageService(
  repo: UsageRepo,
  options: {
    now?: (() => Date) | undefined;
    log?: Logger | undefined;
    cacheMs?: number;
    /** Where engine calls are held before they are made (holds-repo.ts); none: nothing held. */
    holds?: HoldsRepo | undefined;
  } = {},
) {
  const now = options.now ?? (() => new Date());
  const cacheMs = options.cacheMs ?? BUDGET_CACHE_MS;
  const kept = new Map<number, { at: number; state: Promise<MonthUse | undefined> }>();
  const writes = new Set<Promise<void>>();

  function record(museumId: number, added: UsageAdded): void {
    const write = repo
      .add(museumId, now(), added)
      .catch((error: unknown) => {
        options.log?.warn(`Engine usage of museum ${museumId} not written: ${errorReason(error)}`);
      })
      .finally(() => {
        // Read afresh next time: the museum may have just reached its budget.
        kept.delete(museumId);
        writes.delete(write);
      });
    writes.add(write);
    kept.delete(museumId);
  }

  function month(museumId: number): Promise<MonthUse | undefined> {
    const at = now().getTime();
    const entry = kept.get(museumId);
    if (entry && at - entry.at < cacheMs && at >= entry.at) return entry.state;
    const state = repo.month(museumId, now());
    kept.set(museumId, { at, state });
    // A failed read is not kept.
    state.catch(() => kept.delete(museumId));
    return state;
  }

  async function paused(museumId: number, which: 'tokens' | 'speech'): Promise<boolean> {
    try {
      const use = await month(museumId);
      return use !== undefined && stateOf(use)[which].level === 'reached';
    } catch (error) {
      // A visitor is not refused because the budget could not be read: the page says the rest.
      options.log?.warn(`Engine budget of museum ${museumId} not read: ${errorReason(error)}`);
      return false;
    }
  }

  const budget: Budget = {
    translationPaused: (museumId) => paused(museumId, 'tokens'),
    speechPaused: (museumId) => paused(museumId, 'speech'),
  };

  return {
    /**
     * Asked before every engine call of a museum (translation/engine-guard.ts): its cost held
     * in the monthly budget and a visitor's characters counted in the museum's minute, or why
     * not; the ticket settles it with what the call really cost, counted in the museum's day.
     */
    guard: budgetGuard({
      holds: options.holds,
      now,
      log: options.log,
      record,
      track: (museumId, write) => {
        writes.add(write);
        void write.finally(() => {
          // Read afresh next time: the museum may have just reached its budget.
          kept.delete(museumId);
          writes.delete(write);
        });
      },
    }),
    /** A translation engine call's tokens, counted in the museum's day. */
    tokens(museumId: number, usage: { promptTokens: number; completionTokens: number }): void {
      record(museumId, usage);
    },
    /** A speech engine call's characters, counted in the museum's day. */
    speech(museumId: number, chars: number): void {
      record(museumId, { speechChars: chars });
    },
    budget,
    /** The museum's budgets this month, read afresh (the staff's screens). */
    async state(museumId: number): Promise<BudgetState | undefined> {
      kept.delete(museumId);
      const use = await month(museumId);
      return use && stateOf(use);
    },
    /** Resolves when every usage write started so far has ended. */
    async settled(): Promise<void> {
      while (writes.size > 0) await Promise.all([...writes]);
    },
  };
}

export type UsageService = ReturnType<typeof usageService>;
