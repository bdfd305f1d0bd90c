// The API's errors in the interface's language. The server answers
// `{"error": {"code", "message", "details"?}}`; its English `message` is for API users, the
// interface translates the stable `code` (and a `details.reason` where one code has several
// causes), with the details' values interpolated: apiErrors.<code>[_<reason>] in src/i18n.
import fr from '../i18n/fr.json' with { type: 'json' };
import type { TKey, TVars } from '../i18n/index.ts';
import type { TFn } from '../i18n/react.ts';
import type { ApiResult } from './api.ts';

const KNOWN: ReadonlySet<string> = new Set(Object.keys(fr.apiErrors));

type ErrorShape = { code?: unknown; details?: unknown };

/** The values of `details` that a message may name: strings and numbers, and a field's path. */
function varsOf(t: TFn, details: unknown): TVars {
  const vars: TVars = {};
  if (Array.isArray(details)) {
    const path = (details[0] as { path?: unknown } | undefined)?.path;
    if (typeof path === 'string' && path !== '') vars.field = path;
    return vars;
  }
  if (details === null || typeof details !== 'object') return vars;
  for (const [key, value] of Object.entries(details)) {
    if (typeof value === 'string' || typeof value === 'number') vars[key] = value;
  }
  if (typeof vars.maxBytes === 'number') vars.max = formatSize(t, vars.maxBytes);
  return vars;
}

/** 204800 → '200 Ko' / '200 KB'; 52428800 → '50 Mo' / '50 MB'. */
export function formatSize(t: TFn, bytes: number): string {
  return bytes < 1024 * 1024
    ? t('apiErrors.units.kb', { n: Math.round(bytes / 1024) })
    : t('apiErrors.units.mb', { n: Math.round(bytes / (1024 * 1024)) });
}

/**
 * What to tell the user about a refused request: the code's message in their language (the most
 * specific one the details allow), else the generic one. Never the server's English words.
 */
export function apiErrorMessage(t: TFn, result: Pick<ApiResult, 'body'> | null): string {
  const error = (result?.body as { error?: ErrorShape } | null | undefined)?.error;
  const code = typeof error?.code === 'string' ? error.code : '';
  if (!KNOWN.has(code) || code === 'units') return t('common.genericError');
  const vars = varsOf(t, error?.details);
  const candidates = [
    typeof vars.reason === 'string' ? `${code}_${vars.reason}` : '',
    typeof vars.field === 'string' ? `${code}_field` : '',
    vars.max !== undefined ? `${code}_max` : '',
    typeof vars.retryAfter === 'number' ? `${code}_delay` : '',
    code,
  ];
  const key = candidates.find((candidate) => candidate && KNOWN.has(candidate)) ?? code;
  return t(`apiErrors.${key}` as TKey, vars);
}
