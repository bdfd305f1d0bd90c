import { serialize } from 'hono/utils/cookie';
import { cookieValue } from '../../server/http/cookie-value.ts';

/**
 * The visitor's text size: four steps, the curator's sizes at 100 %, then
 * larger. The article's text sizes are written in rem (view-values.ts), so one root font size
 * scales them all and keeps their proportions; a browser's own default size counts too. Chosen
 * by the footer's A− and A+ links (`size=1` to `4`, no script), remembered like the language in
 * one functional cookie holding only the step. Pinch zoom stays as it is.
 */
export const TEXT_SIZES = [100, 115, 130, 150] as const;
export const TEXT_SIZE_PARAM = 'size';
export const TEXT_SIZE_COOKIE = 'legenda_size';

/** A step from 1 to 4, or undefined for anything else. */
export function textSize(value: string | undefined): number | undefined {
  return value !== undefined && /^[1-4]$/.test(value) ? Number(value) : undefined;
}

/** The root font size of a step, in percent. */
export const textScale = (step: number): number => TEXT_SIZES[step - 1] ?? 100;

/** The remembered step in a Cookie header. */
export function rememberedTextSize(cookieHeader: string | undefined): number | undefined {
  if (!cookieHeader?.includes(TEXT_SIZE_COOKIE)) return undefined;
  return textSize(cookieValue(cookieHeader, TEXT_SIZE_COOKIE));
}

/** The Set-Cookie value remembering a step. */
export function textSizeCookie(step: number, secure: boolean): string {
  return serialize(TEXT_SIZE_COOKIE, String(step), {
    path: '/',
    maxAge: 365 * 24 * 60 * 60,
    sameSite: 'Lax',
    httpOnly: true,
    secure,
  });
}
