/**
 * The one escape of text written into HTML and XML: the characters markup gives meaning, as
 * entities. HTML is escaped as React escapes it (`&#x27;`), to the byte, since the visitor pages
 * are checked against react-dom; XML (XLIFF, the sitemap) also replaces the characters XML 1.0
 * forbids, which no parser would read back.
 */

const HTML: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

const XML: Readonly<Record<string, string>> = { ...HTML, "'": '&apos;' };

const NEEDS_ESCAPE = /[&<>"']/;
const SPECIAL = /[&<>"']/g;
/** What XML 1.0 does not allow in a document, whatever its escaping. */
const FORBIDDEN_IN_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text and attribute values in HTML, as React escapes them. */
export function escapeHtml(value: string): string {
  // Most text has nothing to escape: answered as it is, with no new string.
  return NEEDS_ESCAPE.test(value) ? value.replace(SPECIAL, (c) => HTML[c]!) : value;
}

/** XML text and attribute values: the five characters XML gives meaning, and no forbidden one. */
export function escapeXml(value: string): string {
  return value.replace(FORBIDDEN_IN_XML, '\uFFFD').replace(SPECIAL, (c) => XML[c]!);
}
