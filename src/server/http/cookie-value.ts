import { tryDecodeURIComponent } from 'hono/utils/url';

/**
 * One cookie's value in a Cookie header, exactly as Hono's `parse(header, name)[name]` reads it
 * (hono/utils/cookie): the first pair of that name whose value is valid, trimmed of spaces and
 * tabs, unquoted and decoded. Without building the object of every pair: a scan of /r/ and a
 * visitor page read the visitor's language and text size from it at every request.
 */

// Hono's own tests of a name and of a value.
const RELAXED_NAME = /^[!#-:<>-[\]-~]+$/;
const VALID_VALUE = /^[ !#-:<-[\]-~]*$/;

const isBlank = (code: number) => code === 32 || code === 9;

/** `text` from `start` to `end`, without the spaces and tabs at either end. */
function trimmed(text: string, start: number, end: number): string {
  while (start < end && isBlank(text.charCodeAt(start))) start++;
  while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

export function cookieValue(header: string, name: string): string | undefined {
  if (!name || header.indexOf(name) === -1) return undefined;
  for (let start = 0; start <= header.length;) {
    let end = header.indexOf(';', start);
    if (end === -1) end = header.length;
    const equals = header.indexOf('=', start);
    if (equals !== -1 && equals < end && trimmed(header, start, equals) === name) {
      let value = trimmed(header, equals + 1, end);
      if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
      if (RELAXED_NAME.test(name) && VALID_VALUE.test(value)) return tryDecodeURIComponent(value);
    }
    start = end + 1;
  }
  return undefined;
}
