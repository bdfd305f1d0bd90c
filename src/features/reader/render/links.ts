import { IGNORE_STATS_PARAM, IGNORE_STATS_VALUE } from '../ignore-stats.ts';

/** A visitor page's own address, with the staff's ignoreStats carried along. */
export function href(
  name: string,
  params: Record<string, string | undefined>,
  ignoreStats: boolean,
  path: '/article' | '/circuit' = '/article',
) {
  const search = new URLSearchParams({ name });
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  if (ignoreStats) search.set(IGNORE_STATS_PARAM, IGNORE_STATS_VALUE);
  return `${path}?${search.toString()}`;
}
