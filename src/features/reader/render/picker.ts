import { createElement, type ReactNode } from 'react';
import { direction } from '../../languages/direction.ts';
import { LANGUAGES, languageTag } from '../../languages/catalogue.ts';
import { languageName, nativeName } from '../../languages/names.ts';
import { IGNORE_STATS_PARAM, IGNORE_STATS_VALUE } from '../ignore-stats.ts';
import { formatNodes, framedPage, kicker, renderDocument } from './document.ts';
import { cleanQuery, fold, matchesQuery, MAX_QUERY } from './picker-search.ts';
import { uiLanguage, uiStrings } from './strings.ts';

/**
 * The language picker: a page of plain links, one per language, and a GET search form
 * that filters the list on the server. No JavaScript. The original comes first, then the
 * suggested languages (the browser's), then every language, sorted by native name with the
 * collation of the interface language (Latin names alphabetically, then the other scripts).
 */

export interface PickerOptions {
  /**
   * The article's public title (its first words, title.ts), shown above the heading; none for
   * an article without text. Never the staff's private name.
   */
  title: string | undefined;
  /**
   * The article's public name, for the links and the form; none where the address itself names
   * the page (a guide home, /visit/{slug}).
   */
  articleName?: string | undefined;
  /** The article's background colour (#rrggbb). */
  background: string;
  /** The visitor's language, for the words of the page (falls back as uiStrings does). */
  uiLang: string;
  /** The article's own language and its native name: 'Original version'. */
  source: { code: string; label: string };
  /** Codes offered first (the browser's languages), the original left out. */
  suggested: string[];
  /** Every language, with its native name. */
  languages: { code: string; name: string }[];
  /** The search, from ?q=. */
  query?: string;
  /** Carried through every link and the form (a staff preview counts nothing; ignore-stats.ts). */
  ignoreStats?: boolean;
  noindex?: boolean;
  /** Language of `title`; default the source language. */
  titleLang?: string;
  /** The page the choices open: an article's (default), a circuit's or a museum's guide home. */
  path?: '/article' | '/circuit' | `/visit/${string}`;
  /** Carried through every link and the form: the circuit an article was opened from. */
  params?: Readonly<Record<string, string>>;
  /** The language asked for, which the museum does not offer (a catalogue code): said above. */
  notOffered?: string | undefined;
}

/** What a visit that must ask for a language knows: the visitor's and the museum's side. */
export interface PickerVisit {
  uiLang: string;
  suggested: string[];
  offered?: readonly string[] | undefined;
  notOffered?: string | undefined;
}

/**
 * The language picker as a visitor route answers it (an article's or a circuit's): not kept, as
 * it depends on the visitor's phone languages and search; a preview's is not indexed.
 */
export function pickerAnswer(
  visit: PickerVisit,
  options: { query: string | undefined; ignoreStats: boolean },
  page: Pick<
    PickerOptions,
    'title' | 'titleLang' | 'articleName' | 'background' | 'path' | 'params'
  > & {
    source: string;
  },
) {
  const html = renderLanguagePicker({
    ...page,
    uiLang: visit.uiLang,
    source: { code: page.source, label: nativeName(page.source) },
    suggested: visit.suggested,
    languages: pickerLanguages(visit.offered),
    notOffered: visit.notOffered,
    query: options.query,
    ignoreStats: options.ignoreStats,
    noindex: options.ignoreStats,
  });
  return { html, status: 200, cacheControl: 'no-cache', keep: false } as const;
}

let languageList: { code: (typeof LANGUAGES)[number]; name: string }[] | undefined;

/**
 * Every language by its own name, made at the first picker shown: each name asks ICU for a
 * language's data, about a tenth of a second for them all, which a process that never shows the
 * picker (a function instance serving kept pages) should not spend at its start.
 */
function allLanguages() {
  languageList ??= LANGUAGES.map((code) => ({ code, name: nativeName(code) }));
  return languageList;
}

/** The picker's list: the languages the museum offers (undefined: every one). */
export function pickerLanguages(offered: readonly string[] | undefined) {
  const list = allLanguages();
  if (!offered) return list;
  const wanted = new Set(offered);
  return list.filter((language) => wanted.has(language.code));
}

interface Choice {
  code: string;
  name: string;
  /** Said in the interface language ('Spanish'), or 'Original version'. */
  alt?: string;
}

/** The page's own values, carried through every link and the search form. */
function carried(options: PickerOptions): [string, string][] {
  const name: [string, string][] =
    options.articleName === undefined ? [] : [['name', options.articleName]];
  return [...name, ...Object.entries(options.params ?? {})];
}

const IGNORE_STATS: [string, string][] = [[IGNORE_STATS_PARAM, IGNORE_STATS_VALUE]];

function href(options: PickerOptions, code: string): string {
  const params: [string, string][] = [
    ...carried(options),
    ['lang', code],
    ...(options.ignoreStats === true ? IGNORE_STATS : []),
  ];
  const query = params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return `${options.path ?? '/article'}?${query.join('&')}`;
}

const h = createElement;

function item(options: PickerOptions, choice: Choice): ReactNode {
  const lang = languageTag(choice.code);
  return h(
    'li',
    { key: choice.code },
    h(
      'a',
      { href: href(options, choice.code) },
      h('span', { className: 'reader-choice', lang, dir: direction(lang) }, choice.name),
      choice.alt === undefined ? null : h('span', { className: 'reader-alt' }, choice.alt),
    ),
  );
}

function list(options: PickerOptions, choices: Choice[]): ReactNode {
  return h(
    'ul',
    { className: 'reader-choices' },
    choices.map((c) => item(options, c)),
  );
}

/** The name in the interface language, when it tells more than the native one. */
function altName(code: string, name: string, ui: string): string | undefined {
  const alt = languageName(code, ui);
  return alt === code || fold(alt) === fold(name) ? undefined : alt;
}

/** The search: a GET form that filters the list on the server, carrying the page's own values. */
function searchForm(
  options: PickerOptions,
  words: ReturnType<typeof uiStrings>,
  query: string,
): ReactNode {
  const hidden = (name: string, value: string) => h('input', { type: 'hidden', name, value });
  // The form comes back to the list (#languages): on a phone the results are a screen down.
  return h(
    'form',
    {
      className: 'reader-search',
      role: 'search',
      method: 'get',
      action: `${options.path ?? '/article'}#languages`,
    },
    ...carried(options).map(([key, value]) => hidden(key, value)),
    hidden('choose', '1'),
    options.ignoreStats === true ? hidden(IGNORE_STATS_PARAM, IGNORE_STATS_VALUE) : null,
    h('label', { htmlFor: 'q' }, words.search),
    h(
      'div',
      null,
      h('input', {
        type: 'search',
        id: 'q',
        name: 'q',
        defaultValue: query,
        maxLength: MAX_QUERY,
        autoComplete: 'off',
        enterKeyHint: 'search',
      }),
      h('button', { className: 'reader-button', type: 'submit' }, words.searchButton),
    ),
  );
}

export function renderLanguagePicker(options: PickerOptions): string {
  const ui = uiLanguage(options.uiLang);
  const words = uiStrings(ui);
  const query = cleanQuery(options.query);
  const sourceKey = options.source.code.toLowerCase();
  const names = new Map(options.languages.map((l) => [l.code.toLowerCase(), l.name]));

  const original: Choice = {
    code: options.source.code,
    name: options.source.label,
    alt: words.original,
  };
  const seen = new Set([sourceKey]);
  const suggested: Choice[] = [];
  for (const code of options.suggested) {
    const key = code.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const name = names.get(key) ?? nativeName(code);
    suggested.push({ code, name, alt: altName(code, name, ui) });
  }

  const collator = new Intl.Collator(ui);
  const all: Choice[] = options.languages
    .filter((l) => matchesQuery(l, query, ui))
    .sort((a, b) => collator.compare(a.name, b.name))
    .map((l) => ({ code: l.code, name: l.name, alt: altName(l.code, l.name, ui) }));

  const refused = options.notOffered;
  const refusedTag = refused === undefined ? '' : languageTag(refused);
  const notOffered =
    refused === undefined
      ? null
      : h(
          'p',
          { role: 'note' },
          formatNodes(words.notOffered, {
            language: h(
              'span',
              { lang: refusedTag, dir: direction(refusedTag) },
              names.get(refused.toLowerCase()) ?? nativeName(refused),
            ),
          }),
        );

  const form = searchForm(options, words, query);
  const results =
    all.length > 0 ? list(options, all) : h('p', null, formatNodes(words.noMatch, { q: query }));

  return renderDocument(
    {
      lang: ui,
      title:
        options.title === undefined
          ? words.chooseLanguage
          : `${words.chooseLanguage} – ${options.title}`,
      background: options.background,
      noindex: options.noindex === true,
    },
    framedPage(
      options.background,
      kicker(options.title, options.titleLang ?? options.source.code, ui),
      h('h1', null, words.chooseLanguage),
      notOffered,
      list(options, [original]),
      suggested.length > 0 ? h('h2', null, words.suggested) : null,
      suggested.length > 0 ? list(options, suggested) : null,
      h('h2', { id: 'languages' }, words.allLanguages),
      form,
      results,
    ),
  );
}
