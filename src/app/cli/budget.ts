import type { Database } from '../../server/db/handle.ts';
import { AccountError } from '../../features/accounts/service.ts';
import { usageRepo } from '../../features/usage/repo.ts';
import { stateOf, type BudgetLine } from '../../features/usage/service.ts';

/** The largest budget taken: far beyond any month, and exact in a JavaScript number. */
const MAX_BUDGET = Number.MAX_SAFE_INTEGER;

/** A budget option's value: undefined when left out, null for `none`, else a whole number > 0. */
export function parseBudget(value: string | undefined, name: string): number | null | undefined {
  if (value === undefined) return undefined;
  const text = value.trim().replaceAll('_', '');
  if (text.toLowerCase() === 'none') return null;
  if (!/^\d+$/.test(text) || Number(text) <= 0 || Number(text) > MAX_BUDGET) {
    throw new BudgetError(
      `--${name} must be a whole number above 0, or "none" to remove the budget (got "${value}").`,
    );
  }
  return Number(text);
}

/** A budget option that is no budget: said, nothing changed. */
export class BudgetError extends AccountError {}

const numbers = new Intl.NumberFormat('en-GB');

function describe(line: BudgetLine, unit: string): string {
  if (line.budget === null) return `no budget (${numbers.format(line.used)} ${unit} used)`;
  const share = Math.floor((100 * line.used) / line.budget);
  const state =
    line.level === 'reached' ? ', reached: paused' : line.level === 'warn' ? ', over 80%' : '';
  return `${numbers.format(line.used)} of ${numbers.format(line.budget)} ${unit} (${share}%${state})`;
}

/**
 * `npm run users -- budget`: sets the museum's budgets given (null removes one), then says its
 * budgets and this month's use.
 */
export async function budgetCommand(
  db: Database,
  input: {
    museum: string;
    tokens: number | null | undefined;
    speechChars: number | null | undefined;
  },
  now = new Date(),
): Promise<string> {
  const repo = usageRepo(db);
  const found = await repo.museumByName(input.museum.trim());
  if (!found) throw new AccountError(`No museum is named "${input.museum}"; nothing was changed.`);
  await repo.setBudget(found.id, { tokens: input.tokens, speechChars: input.speechChars });
  const use = await repo.month(found.id, now);
  if (!use) throw new AccountError(`No museum is named "${input.museum}"; nothing was changed.`);
  const state = stateOf(use);
  const changed = input.tokens !== undefined || input.speechChars !== undefined;
  return [
    `${changed ? 'Budget changed. ' : ''}Engine budget of "${found.name}" for ${state.month}:`,
    `  tokens: ${describe(state.tokens, 'tokens')}`,
    `  speech: ${describe(state.speech, 'characters')}`,
  ].join('\n');
}
