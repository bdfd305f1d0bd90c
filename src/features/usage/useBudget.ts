import { getRoute } from '../../ui/api.ts';
import { useServerData, type Loaded } from '../../ui/server-state.ts';
import { useSession } from '../../ui/session.ts';
import type { BudgetLine, BudgetState } from './service.ts';

export type BudgetLoad = Loaded<BudgetState>;

const isLine = (line: unknown): line is BudgetLine =>
  typeof (line as BudgetLine | null)?.used === 'number' &&
  ['ok', 'warn', 'reached'].includes((line as BudgetLine).level);

function isBudget(body: unknown): body is BudgetState {
  const b = body as Partial<BudgetState> | null;
  return typeof b?.month === 'string' && isLine(b.tokens) && isLine(b.speech);
}

/** GET /api/read/engine_budget: the museum's engine budgets this month. */
const budgetRoute = getRoute<BudgetState>('/api/read/engine_budget', isBudget);

/**
 * The museum's engine budgets this month, once signed in; the notice and the settings' section
 * on one page share one request.
 */
export function useBudget(): BudgetLoad {
  const session = useSession();
  return useServerData(session.status === 'in' ? budgetRoute : null);
}

/** A share of a budget in whole percents, never rounded up to 100 before it is reached. */
export const percentOf = (line: BudgetLine): number =>
  line.budget ? Math.floor((100 * line.used) / line.budget) : 0;
