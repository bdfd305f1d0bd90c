import { ApiError } from '../../server/http/errors.ts';

/**
 * The museum's monthly token budget is reached: Translate now and a text translated again on
 * demand are refused until the next month (stored texts are still read and corrected).
 */
export const budgetReached = () =>
  new ApiError(
    429,
    'budget_reached',
    'This month’s engine budget in tokens is reached: no new translation starts until next month. What is stored can still be read and corrected.',
    { details: { budget: 'tokens' } },
  );
