import type { ApiResult } from '../../ui/api.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The article's revision a 409 `stale_revision` names (someone else saved meanwhile), or null
 * for any other answer: a save, a publish and a restore are all told the same way.
 */
export function staleRevision(result: Pick<ApiResult, 'status' | 'body'>): number | null {
  const error = isRecord(result.body) ? result.body.error : undefined;
  if (result.status !== 409 || !isRecord(error) || error.code !== 'stale_revision') return null;
  const revision = isRecord(error.details) ? error.details.revision : undefined;
  return typeof revision === 'number' && Number.isInteger(revision) && revision >= 0
    ? revision
    : null;
}
