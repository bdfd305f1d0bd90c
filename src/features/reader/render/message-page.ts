import { createElement } from 'react';
import { DEFAULT_BACKGROUND } from '../../articles/content-fields.ts';
import { framedPage, PRODUCT_NAME, renderDocument } from './document.ts';
import { uiLanguage, uiStrings } from './strings.ts';

/** The pages of ours that are no article: a heading and sentences (404, the outage page). */

const h = createElement;

/** Seconds before the outage page reloads itself, and the Retry-After sent with it. */
export const OUTAGE_RETRY_SECONDS = 10;

/** A page of ours with a heading and sentences, in the visitor's language (else English). */
export function renderMessagePage(
  lang: string,
  heading: 'outageTitle' | 'notFoundTitle' | 'circuitNotFoundTitle' | 'notYetTitle',
  sentences: ('outageText' | 'wait' | 'notFoundText' | 'circuitNotFoundText' | 'notYetText')[],
  refreshSeconds?: number,
): string {
  const ui = uiLanguage(lang);
  const words = uiStrings(ui);
  return renderDocument(
    {
      lang: ui,
      title: `${words[heading]} – ${PRODUCT_NAME}`,
      background: DEFAULT_BACKGROUND,
      noindex: true,
      refreshSeconds,
    },
    framedPage(
      DEFAULT_BACKGROUND,
      h('h1', { key: 'h' }, words[heading]),
      ...sentences.map((key) => h('p', { key }, words[key])),
    ),
  );
}

/**
 * The page a visitor sees while the database is out of reach and no recent copy of the page is
 * at hand (visit/pages.ts): in their language, and it reloads itself, so the phone in front of the
 * panel shows the article once the database is back.
 */
export function renderOutagePage(lang: string): string {
  return renderMessagePage(lang, 'outageTitle', ['outageText', 'wait'], OUTAGE_RETRY_SECONDS);
}

/** The 404 page, in the visitor's language when we have its words (else English). */
export function renderNotFoundPage(lang: string): string {
  return renderMessagePage(lang, 'notFoundTitle', ['notFoundText']);
}

/**
 * An article visitors cannot read yet (never published, or taken back): a 404 in the visitor's
 * language that says it may come (docs/adr/0028-drafts-and-revisions.md).
 */
export function renderNotYetPage(lang: string): string {
  return renderMessagePage(lang, 'notYetTitle', ['notYetText']);
}

/**
 * A 404 as the visitor routes send it: never kept, never stored by the browser (the article or
 * circuit may exist a moment later).
 */
export function notFoundAnswer(html: string) {
  return { html, status: 404, cacheControl: 'no-store', keep: false } as const;
}
