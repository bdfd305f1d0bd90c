import { createElement } from 'react';
import { formatNodes, framedPage, kicker, languageAttributes, renderDocument } from './document.ts';
import { localPath } from './page.ts';
import { uiLanguage, uiStrings, uiText } from './strings.ts';

/**
 * The page a visitor sees while a first translation runs (DESIGN 7: progress at once, never the
 * function time limit). No JavaScript: `<meta http-equiv="refresh">` reloads it (CSP does not
 * govern meta refresh) until the route serves the translated article instead. Never indexed.
 */

export interface ProgressOptions {
  /** The article's public title (its first words, title.ts), or none. Never the private name. */
  title: string | undefined;
  /** The article's background colour (#rrggbb). */
  background: string;
  /** The visitor's language, for the page's words. */
  uiLang: string;
  /** The target language's name, e.g. 'Español'. */
  languageName: string;
  /** Parts translated so far, and in all. */
  done: number;
  total: number;
  /**
   * Milliseconds since the translation started: the bar moves with it between parts (a
   * one-part article would otherwise stay at 0 for the whole wait, then jump). Default 0.
   */
  elapsedMs?: number;
  /** Seconds before the page reloads itself. */
  refreshSeconds: number;
  /** The article in its own language, a path on this site. */
  originalHref: string;
  /** Kept for symmetry with the other pages: this page is never indexed anyway. */
  noindex?: boolean;
  /** The target language's code, so its name gets `lang` and `dir` ('es'). */
  languageCode?: string;
  /** Language of `title`, when it differs from the interface language. */
  titleLang?: string;
}

const h = createElement;

function count(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;
}

/** About how long the engine takes over a part (a batch of ~1,500 tokens), in milliseconds. */
export const EXPECTED_PART_MS = 15_000;
/** The share of a running part the bar may show before the part is done. */
const MAX_RUNNING_SHARE = 0.9;

/**
 * The share of the work the bar shows, in percent: the parts done, plus for the parts still
 * running a share that grows with the time they have run (quickly at first, then ever more
 * slowly, never reaching their end: 6% of a part after a second, 16% after 3 s, 57% after
 * 15 s, 78% after 30 s). Only finished parts take the bar to 100%.
 */
export function progressPercent(done: number, total: number, elapsedMs: number): number {
  if (total <= 0) return 0;
  if (done >= total) return 100;
  const elapsed = Number.isFinite(elapsedMs) ? Math.max(0, elapsedMs) : 0;
  const running = MAX_RUNNING_SHARE * (1 - Math.exp(-elapsed / EXPECTED_PART_MS));
  const share = (Math.min(done, total) + (total - Math.min(done, total)) * running) / total;
  return Math.min(Math.floor(share * 100), 99);
}

export function renderProgressPage(options: ProgressOptions): string {
  const ui = uiLanguage(options.uiLang);
  const words = uiStrings(ui);
  const total = count(options.total);
  const done = Math.min(count(options.done), total);
  const refresh = Number.isFinite(options.refreshSeconds)
    ? Math.min(Math.max(Math.round(options.refreshSeconds), 1), 3600)
    : 3;
  const name =
    options.languageCode === undefined
      ? options.languageName
      : h('span', languageAttributes(options.languageCode, ui), options.languageName);
  const counted = uiText(ui, 'progress', { done, total });
  const percent = progressPercent(done, total, options.elapsedMs ?? 0);
  const original = localPath(options.originalHref);
  return renderDocument(
    {
      lang: ui,
      title:
        uiText(ui, 'translating', { language: options.languageName }) +
        (options.title === undefined ? '' : ` – ${options.title}`),
      background: options.background,
      noindex: true,
      refreshSeconds: refresh,
    },
    framedPage(
      options.background,
      kicker(options.title, options.titleLang, ui),
      h('h1', { id: 'status' }, formatNodes(words.translating, { language: name })),
      total > 0
        ? h('progress', { id: 'progress', max: 100, value: percent }, `${percent}%`)
        : h('progress', { 'aria-labelledby': 'status' }),
      total > 0 ? h('p', null, h('label', { htmlFor: 'progress' }, counted)) : null,
      h('p', null, words.wait),
      original === undefined
        ? null
        : h(
            'p',
            null,
            h('a', { className: 'reader-button', href: original }, words.readOriginalMeanwhile),
          ),
    ),
  );
}
