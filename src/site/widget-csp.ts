import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * What the page CSP (astro.config.mjs, `security.csp`) must allow for the landing widgets.
 * Astro hashes the styles and scripts it writes; react-calendly adds a <style> element of its
 * own at run time (Calendly's popup stylesheet, BookDemo.tsx), which a hash-based style-src
 * refuses unless its text's hash is listed. The text is read from the installed package, so an
 * upgrade that changes it changes the hash with it (the e2e tests fail on any CSP violation in
 * the console).
 * The booking popup's frame needs the booking page's origin in frame-src, beside 'self'.
 */

const require = createRequire(import.meta.url);

export type CspHash = `sha256-${string}`;

export function sha256(text: string): CspHash {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

function packageFile(specifier: string): string {
  return readFileSync(require.resolve(specifier), 'utf8');
}

/** The text of the <style> react-calendly adds when its module runs (styleInject). */
export function calendlyStyleText(): string {
  const source = packageFile('react-calendly/dist/index.es.js');
  const literal = /var css_\w+ = ("(?:[^"\\]|\\.)*");/.exec(source)?.[1];
  if (literal === undefined) {
    throw new Error('react-calendly changed: its stylesheet text was not found.');
  }
  return JSON.parse(literal) as string;
}

/**
 * `frame-src`: this site's own pages (the review screen's phone preview frames a visitor page),
 * and the booking page's origin when there is one.
 */
export function bookingFrameDirectives(bookingUrl: string | undefined): `frame-src ${string}`[] {
  return [`frame-src 'self'${bookingUrl ? ` ${new URL(bookingUrl).origin}` : ''}`];
}

export function widgetStyleHashes(): CspHash[] {
  // react-calendly adds its <style> to the page empty, then writes its text into it: the
  // browser checks the empty element first. An empty stylesheet can do nothing.
  return [sha256(calendlyStyleText()), sha256('')];
}
