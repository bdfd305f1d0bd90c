import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { budgetCommand, parseBudget } from '../../app/cli/budget.ts';
import type { BudgetState } from './service.ts';

/**
 * `npm run users -- budget`'s work on a real database (tests/integration/users-cli.test.ts runs
 * the command itself): budgets set, shown and removed, and what is no budget refused.
 */
let t: TestApp;
let cookie: string;
const app = useTestApp({}, (s) => ({ t, cookie } = s));
const db = () => app.database.db;

const budgetOf = async () =>
  (await (
    await t.request('/api/read/engine_budget', { headers: { cookie } })
  ).json()) as BudgetState;

describe('npm run users -- budget', () => {
  it('sets, shows and removes a museum’s budgets; refuses what is no budget', async () => {
    const out = await budgetCommand(
      db(),
      { museum: 'Musée A', tokens: 2_000_000, speechChars: 500_000 },
      t.clock.now(),
    );
    expect(out).toContain('Engine budget of "Musée A" for 2026-11');
    expect(out).toContain('tokens: 0 of 2,000,000 tokens (0%)');
    expect(out).toContain('speech: 0 of 500,000 characters (0%)');
    expect(await budgetOf()).toMatchObject({ tokens: { budget: 2_000_000 } });
    const cleared = await budgetCommand(
      db(),
      { museum: 'Musée A', tokens: null, speechChars: undefined },
      t.clock.now(),
    );
    expect(cleared).toContain('tokens: no budget');
    expect(cleared).toContain('of 500,000 characters');
    await expect(
      budgetCommand(db(), { museum: 'Musée Z', tokens: 5, speechChars: undefined }),
    ).rejects.toThrow(/No museum is named "Musée Z"/);
    expect(parseBudget(undefined, 'tokens')).toBeUndefined();
    expect(parseBudget('none', 'tokens')).toBeNull();
    expect(parseBudget('1_000_000', 'tokens')).toBe(1_000_000);
    for (const bad of ['0', '-5', '1.5', 'lots', '', '99999999999999999999']) {
      expect(() => parseBudget(bad, 'tokens'), bad).toThrow(/whole number above 0/);
    }
  });
});
