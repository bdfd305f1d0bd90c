import { createElement, type ReactNode } from 'react';
import { markup } from './markup.ts';
import { TITLE_ELEMENT } from '../../articles/block-ids.ts';
import type { ArticleContent } from '../../articles/content.ts';
import { languageAttributes } from './document.ts';
import { uiLanguage, uiStrings } from './strings.ts';
import { ownTitle } from './title.ts';

/**
 * 'Report a problem' at the foot of an article page: a <details> holding a plain form posted
 * to /feedback (feedback/visitor-routes.ts), so it works without a script. The page is kept
 * for every visitor in its language (page-cache.ts): the form holds nothing of the visitor,
 * only the article, the language and the page's blocks by their first words.
 */

const h = createElement;

/** What a visitor may say is wrong: the form's choices and /feedback's `kind`. */
export const REPORT_KINDS = ['translation', 'original', 'other'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The longest message, in UTF-16 units as the browser's maxlength counts them. */
export const MAX_REPORT_LENGTH = 500;

/** `reported=1` on the article's address: the page once more, with the thank-you line. */
export const REPORTED_PARAM = 'reported';

/** How many words of a block name it in the choice of blocks. */
const LABEL_WORDS = 5;

const KIND_WORDS = {
  translation: 'reportTranslation',
  original: 'reportOriginal',
  other: 'reportOther',
} as const;

/** The texts of an element that name it, first the one a visitor reads first. */
function textOf(element: Record<string, unknown>): string {
  const header = element.header as { content?: unknown } | undefined;
  for (const value of [element.content, header?.content, element.caption, element.alt]) {
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return '';
}

/** The first words of a text, '…' when there are more. */
function firstWords(text: string): string {
  // Italics markers are the editor's, not words.
  const words = text
    .replace(/\[!|!\]/g, '')
    .trim()
    .split(/\s+/);
  const label = words.slice(0, LABEL_WORDS).join(' ');
  return words.length > LABEL_WORDS ? `${label}…` : label;
}

/**
 * What a visitor may name in 'Where': the title the page shows (when the museum wrote one,
 * TITLE_ELEMENT; without it the first block is the title), then the blocks, each by its lasting
 * name and its first words.
 */
export function reportBlocks(content: ArticleContent): { id: string; label: string }[] {
  const title = ownTitle(content);
  const blocks = title === undefined ? [] : [{ id: TITLE_ELEMENT, label: firstWords(title) }];
  for (const element of content.slice(1) as readonly Record<string, unknown>[]) {
    const id = element.id;
    const label = firstWords(textOf(element));
    if (typeof id !== 'string' || label === '') continue;
    blocks.push({ id, label });
  }
  return blocks;
}

/** The form, in the visitor's words (`uiLang`) on a page in `pageLang`. */
export function reportFormView(
  report: { name: string; lang: string; blocks: { id: string; label: string }[] },
  uiLang: string,
  pageLang: string,
): ReactNode {
  const ui = uiLanguage(uiLang);
  const words = uiStrings(ui);
  const wordsLang = languageAttributes(ui, pageLang);
  // The blocks' words are the page's, inside words that may be another language's.
  const blockLang = languageAttributes(pageLang, ui);
  const hidden = (name: string, value: string) => h('input', { type: 'hidden', name, value });
  return h(
    'details',
    { className: 'reader-report', ...wordsLang },
    h('summary', null, words.reportProblem),
    h(
      'form',
      { method: 'post', action: '/feedback' },
      hidden('name', report.name),
      hidden('lang', report.lang),
      h(
        'fieldset',
        null,
        h('legend', null, words.reportWhat),
        ...REPORT_KINDS.map((kind, i) =>
          h(
            'label',
            { key: kind },
            h('input', {
              type: 'radio',
              name: 'kind',
              value: kind,
              defaultChecked: i === 0,
            }),
            ' ',
            words[KIND_WORDS[kind]],
          ),
        ),
      ),
      report.blocks.length === 0
        ? null
        : h(
            'label',
            null,
            words.reportWhere,
            h(
              'select',
              { name: 'block' },
              h('option', { value: '' }, words.reportWholePage),
              ...report.blocks.map((block) =>
                h('option', { key: block.id, value: block.id, ...blockLang }, block.label),
              ),
            ),
          ),
      h(
        'label',
        null,
        words.reportMessage,
        h('textarea', { name: 'message', maxLength: MAX_REPORT_LENGTH, required: true, rows: 4 }),
      ),
      h('button', { type: 'submit', className: 'reader-button' }, words.reportSend),
    ),
  );
}

/** The thank-you line put at the top of the page after a report (never kept for others). */
export function thanksLine(uiLang: string): string {
  const ui = uiLanguage(uiLang);
  return markup(
    h(
      'div',
      // Its own colour, inline: the pages without it pay nothing for it.
      {
        className: 'reader-note',
        role: 'status',
        lang: ui,
        style: { background: '#dcf2e3', fontWeight: 600 },
      },
      h('span', null, uiStrings(ui).reportThanks),
    ),
  );
}
