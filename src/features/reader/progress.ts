import {
  documentHtml,
  escapeHtml,
  formatHtml,
  framedPage,
  languageAttributesHtml,
  localPath,
} from './page.ts';
import { format, uiLanguage, uiStrings } from './strings.ts';

/**
 * The page a visitor sees while a first translation runs (DESIGN 7: progress at once, never the
 * function time limit). No JavaScript: `<meta http-equiv="refresh">` reloads it (CSP does not
 * govern meta refresh) until the route serves the translated article instead. Never indexed.
 */

export interface ProgressOptions {
  /** The article's title. */
  title: string;
  /** The article's background colour (#rrggbb). */
  background: string;
  /** The visitor's language, for the page's words. */
  uiLang: string;
  /** The target language's name, e.g. 'Español'. */
  languageName: string;
  /** Parts translated so far, and in all. */
  done: number;
  total: number;
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

function count(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;
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
      ? escapeHtml(options.languageName)
      : `<span${languageAttributesHtml(options.languageCode, ui)}>` +
        `${escapeHtml(options.languageName)}</span>`;
  const counted = format(words.progress, { done, total });
  const bar =
    total > 0
      ? `<progress id="progress" max="${total}" value="${done}">${done}/${total}</progress>` +
        `<p><label for="progress">${escapeHtml(counted)}</label></p>`
      : '<progress aria-labelledby="status"></progress>';
  const original = localPath(options.originalHref);
  const titleLang =
    options.titleLang === undefined ? '' : languageAttributesHtml(options.titleLang, ui);
  const inner =
    `<p class="reader-kicker"${titleLang}>${escapeHtml(options.title)}</p>` +
    `<h1 id="status">${formatHtml(words.translating, { language: name })}</h1>` +
    bar +
    `<p>${escapeHtml(words.wait)}</p>` +
    (original === undefined
      ? ''
      : `<p><a class="reader-button" href="${escapeHtml(original)}">` +
        `${escapeHtml(words.readOriginalMeanwhile)}</a></p>`);
  return documentHtml({
    lang: ui,
    title: `${format(words.translating, { language: options.languageName })} – ${options.title}`,
    background: options.background,
    noindex: true,
    head: `<meta http-equiv="refresh" content="${refresh}">`,
    body: framedPage(options.background, inner),
  });
}
