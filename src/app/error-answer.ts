import type { Context } from 'hono';
import type { AppDeps } from '../server/context.ts';
import { isUnavailable } from '../server/db/errors.ts';
import { ApiError, sendError } from '../server/http/errors.ts';

/**
 * An error's answer, the same in every app (the whole one, the visitors', the sign-in's): its
 * own, 503 while the database is unreachable, else a logged 500.
 */
export function errorAnswer(deps: Pick<AppDeps, 'log'>) {
  return (error: Error, c: Context) => {
    if (error instanceof ApiError) return sendError(c, error);
    if (isUnavailable(error)) {
      deps.log.warn(`${c.req.method} ${new URL(c.req.url).pathname}: database unavailable`);
      return sendError(
        c,
        new ApiError(503, 'unavailable', 'Legenda cannot reach its database. Try again shortly.', {
          headers: { 'Retry-After': '5' },
        }),
      );
    }
    deps.log.error(`${c.req.method} ${new URL(c.req.url).pathname} failed`, error);
    return sendError(c, new ApiError(500, 'internal_error', 'Something went wrong on our side.'));
  };
}
