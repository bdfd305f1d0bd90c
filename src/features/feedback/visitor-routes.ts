import { createElement } from 'react';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../../server/context.ts';
import { originCheck } from '../../server/http/origin.ts';
import { securityHeaderValues } from '../../server/http/security-headers.ts';
import { DEFAULT_BACKGROUND } from '../articles/content-fields.ts';
import {
  framedPage,
  PRODUCT_NAME,
  renderDocument,
  VISITOR_PAGE_CSP,
} from '../reader/render/document.ts';
import { REPORTED_PARAM } from '../reader/render/report-form.ts';
import { visitorLang } from '../reader/checked.ts';
import { suggestedLanguages } from '../languages/negotiate.ts';
import { uiLanguage, uiStrings } from '../reader/render/strings.ts';
import type { FeedbackService, ReportOutcome } from './service.ts';

/** A form of five short fields: far more than 500 characters, percent-encoded, ever take. */
const MAX_FORM_BYTES = 16 * 1024;

const h = createElement;

const SENTENCES = {
  notFound: 'notFoundText',
  empty: 'reportEmpty',
  tooLong: 'reportTooLong',
  invalid: 'reportInvalid',
  tooMany: 'reportTooMany',
} as const;

const STATUS = { notFound: 404, empty: 422, tooLong: 422, invalid: 422, tooMany: 429 } as const;

/** The article page a report goes back to, in the language it was read in. */
function articleHref(name: string, lang: string | undefined, reported: boolean): string {
  const query = new URLSearchParams({ name });
  if (lang) query.set('lang', lang);
  if (reported) query.set(REPORTED_PARAM, '1');
  return `/article?${query.toString()}`;
}

/** Why a report was not stored, in the visitor's language, with the way back to the page. */
function refusedPage(outcome: Exclude<ReportOutcome, { result: 'sent' }>): string {
  const ui = uiLanguage(outcome.lang ?? 'en');
  const words = uiStrings(ui);
  return renderDocument(
    {
      lang: ui,
      title: `${words.reportNotSent} – ${PRODUCT_NAME}`,
      background: DEFAULT_BACKGROUND,
      noindex: true,
    },
    framedPage(
      DEFAULT_BACKGROUND,
      h('h1', { key: 'h' }, words.reportNotSent),
      h('p', { key: 'p' }, words[SENTENCES[outcome.result]]),
      outcome.name === undefined
        ? null
        : h(
            'a',
            {
              key: 'a',
              className: 'reader-button',
              href: articleHref(outcome.name, outcome.lang, false),
            },
            words.reportBack,
          ),
    ),
  );
}

/**
 * POST /feedback: the visitor page's 'Report a problem' form (reader/render/report-form.ts),
 * fields `name` (the article's public name), `lang`, `kind` (translation, original or other),
 * `block` (optional, one of the article's elements) and `message` (500 characters at most).
 * Accepted from our own pages only, as /listened's beacon; stored, it answers 303 back to the
 * article in that language with `reported=1` (its thank-you line, for this visitor only);
 * refused, a page in the visitor's language says why (404 unknown or unpublished article, 422
 * a field, 429 past a limit) and nothing is stored.
 */
export function feedbackVisitorRoutes(
  feedback: FeedbackService,
  options: { hsts: boolean; clientAddress: (c: Context) => string; publicSiteUrl: string },
) {
  const app = new Hono<AppEnv>();
  const headers = {
    ...securityHeaderValues({ hsts: options.hsts }),
    'Content-Security-Policy': VISITOR_PAGE_CSP,
    'Cache-Control': 'no-store',
  };
  // A form too large to read (no browser's, given maxlength): said in the phone's language.
  const tooLarge = (c: Context) => {
    const lang = visitorLang(suggestedLanguages(c.req.header('accept-language'), 1)[0]);
    return c.html(refusedPage({ result: 'tooLong', lang, name: undefined }), 413, headers);
  };

  app.post(
    '/feedback',
    originCheck([options.publicSiteUrl], { allowMissing: true }),
    bodyLimit({ maxSize: MAX_FORM_BYTES, onError: tooLarge }),
    async (c) => {
      const form = await c.req.parseBody().catch(() => ({}));
      const field = (key: string) => {
        const value = (form as Record<string, unknown>)[key];
        return typeof value === 'string' ? value : undefined;
      };
      const outcome = await feedback.report({
        name: field('name'),
        lang: field('lang'),
        kind: field('kind'),
        block: field('block'),
        message: field('message'),
        visitor: { address: options.clientAddress(c), userAgent: c.req.header('user-agent') },
      });
      if (outcome.result === 'sent') {
        return c.body(null, 303, {
          ...headers,
          Location: articleHref(outcome.name, outcome.lang, true),
        });
      }
      const sent: Record<string, string> = { ...headers };
      if (outcome.result === 'tooMany') sent['Retry-After'] = String(outcome.retryAfter);
      return c.html(refusedPage(outcome), STATUS[outcome.result], sent);
    },
  );

  return app;
}
