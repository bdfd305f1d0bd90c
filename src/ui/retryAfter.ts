import type { Lang } from '../i18n/paths.ts';

/** Seconds to wait from a Retry-After header (delta-seconds or an HTTP date); null if unusable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** "45 seconds", "3 minutes" (rounded up), "1 minute", in the page's language. */
export function formatDelay(seconds: number, lang: Lang): string {
  const [value, unit] =
    seconds < 60 ? [Math.max(1, seconds), 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
