import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { FLAG_CLASS } from './flag-burst.ts';

/**
 * What the page CSP (astro.config.mjs, `security.csp`) must allow for the landing widgets.
 * Astro hashes the styles and scripts it writes; two libraries add a <style> element of their
 * own at run time, which a hash-based style-src refuses unless its text's hash is listed:
 * - emoji-blast, for the flags' class (FlagBurst.astro);
 * - react-calendly, Calendly's popup stylesheet (BookDemo.tsx).
 * Both texts are read from the installed packages, so an upgrade that changes them changes the
 * hashes with it (the e2e tests fail on any CSP violation in the console).
 * The booking popup's frame needs the booking page's origin in frame-src.
 */

const require = createRequire(import.meta.url);

export type CspHash = `sha256-${string}`;

export function sha256(text: string): CspHash {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

function packageFile(specifier: string): string {
  return readFileSync(require.resolve(specifier), 'utf8');
}

/** The text of the <style> emoji-blast adds for `className` (lib/styles.js). */
export function emojiBlastStyleText(className: string): string {
  const source = packageFile('emoji-blast/lib/styles.js');
  const template = /createTextNode\(`([^`]*)`\)/.exec(source)?.[1];
  if (template === undefined || !template.includes('${className}')) {
    throw new Error('emoji-blast/lib/styles.js changed: its <style> text was not found.');
  }
  return template.replaceAll('${className}', className);
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

/** `frame-src` for the booking page, when there is one. */
export function bookingFrameDirectives(bookingUrl: string | undefined): `frame-src ${string}`[] {
  return bookingUrl ? [`frame-src ${new URL(bookingUrl).origin}`] : [];
}

export function widgetStyleHashes(): CspHash[] {
  return [sha256(emojiBlastStyleText(FLAG_CLASS)), sha256(calendlyStyleText())];
}
