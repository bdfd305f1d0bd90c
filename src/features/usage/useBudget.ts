import { useEffect, useState } from 'react';
import { api } from '../../ui/api.ts';
import { useSession } from '../../ui/session.ts';
import type { BudgetLine, BudgetState } from './service.ts';

export type BudgetLoad =
  { status: 'loading' } | { status: 'ready'; budget: BudgetState } | { status: 'failed' };

const isLine = (line: unknown): line is BudgetLine =>
  typeof (line as BudgetLine | null)?.used === 'number' &&
  ['ok', 'warn', 'reached'].includes((line as BudgetLine).level);

function isBudget(body: unknown): body is BudgetState {
  const b = body as Partial<BudgetState> | null;
  return typeof b?.month === 'string' && isLine(b.tokens) && isLine(b.speech);
}

/** The museum's engine budgets this month (GET /api/read/engine_budget), once signed in. */
export function useBudget(): BudgetLoad {
  const session = useSession();
  const [load, setLoad] = useState<BudgetLoad>({ status: 'loading' });
  const signedIn = session.status === 'in';
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    api<unknown>('/api/read/engine_budget')
      .then((result) => {
        if (!live) return;
        if (result.ok && isBudget(result.body)) setLoad({ status: 'ready', budget: result.body });
        else setLoad({ status: 'failed' });
      })
      .catch(() => live && setLoad({ status: 'failed' }));
    return () => {
      live = false;
    };
  }, [signedIn]);
  return load;
}

/** A share of a budget in whole percents, never rounded up to 100 before it is reached. */
export const percentOf = (line: BudgetLine): number =>
  line.budget ? Math.floor((100 * line.used) / line.budget) : 0;
