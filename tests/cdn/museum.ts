import { setTimeout as sleep } from 'node:timers/promises';
import { languageLabel } from '../../src/features/languages/names.ts';
import type { Answer, HttpClient } from './client.ts';

/**
 * A museum for the cache tests, made through Legenda's real API as a curator would, straight at
 * the origin: pages published in French and translated by the fake engine before any visitor
 * comes, so that the cache meets every page complete.
 */

export const ADMIN = { email: 'cdn@museum.example', password: 'cdn test passphrase' };

export interface Page {
  articleId: number;
  name: string;
}

/** The French text of page `i`, as published (`edition` > 1 after a change). */
export const pageText = (i: number, edition = 1) =>
  edition === 1
    ? `Salle ${i} : une amphore du port, trouvée en ${1700 + i}.`
    : `Salle ${i}, édition ${edition} : amphore restaurée.`;

export async function signIn(origin: string): Promise<string> {
  const res = await fetch(`${origin}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(ADMIN),
  });
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
  return cookie;
}

async function post<T>(origin: string, cookie: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Saves page `i` (a save publishes: visitors read it at once). */
export async function savePage(
  origin: string,
  cookie: string,
  page: Page,
  i: number,
  edition = 1,
): Promise<void> {
  await post(origin, cookie, '/api/manage/update_article', {
    articleId: page.articleId,
    newContent: [
      { type: 'metadatas', url: page.name },
      { type: 'text', content: pageText(i, edition) },
    ],
    unformatted_name: `Salle ${i}`,
    instructions: '',
  });
}

/** `count` published pages, salle-1 … salle-{count}. */
export async function seedPages(origin: string, cookie: string, count: number): Promise<Page[]> {
  const pages: Page[] = [];
  for (let i = 1; i <= count; i++) {
    const { id } = await post<{ id: number }>(origin, cookie, '/api/manage/add_article', {
      pathArray: [],
    });
    const page = { articleId: id, name: `salle-${i}` };
    await savePage(origin, cookie, page, i);
    pages.push(page);
  }
  return pages;
}

/** A visitor page's address: the language named, so that every visitor shares it. */
export const pagePath = (page: Page, lang: string) => `/article?name=${page.name}&lang=${lang}`;

/** What a finished translation of `text` into `lang` reads like (the fake engine's). */
export const translated = (text: string, lang: string) => `[${lang}] ${text}`;

/**
 * Asks the origin for each page in each language until it is complete (the page the service
 * worker may keep, X-Legenda-Page): the first asks start the translations. Sent as the offline
 * save sends its requests (Legenda-Save), which count nothing.
 */
export async function warmUp(
  client: HttpClient,
  origin: string,
  pages: Page[],
  langs: string[],
  timeoutMs = 60_000,
): Promise<void> {
  const pending = pages.flatMap((page) => langs.map((lang) => pagePath(page, lang)));
  const deadline = Date.now() + timeoutMs;
  while (pending.length > 0) {
    const answers = await Promise.all(
      pending.map((path) => client.get(`${origin}${path}`, { 'legenda-save': '1' })),
    );
    for (let i = answers.length - 1; i >= 0; i--) {
      if (answers[i]!.status === 200 && answers[i]!.headers['x-legenda-page']) pending.splice(i, 1);
    }
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`Never complete: ${pending.join(', ')}`);
    await sleep(200);
  }
}

/**
 * The page's count request, as a browser finds it: the first image of the body pointing at the
 * origin's count path (an `<img>` the page shows hidden). Undefined when the page has none.
 */
export function countRequestOf(html: string): string | undefined {
  const found = /<img src="(\/seen\?[^"]*)"/.exec(html)?.[1];
  return found?.replaceAll('&amp;', '&');
}

/**
 * One visitor's view: the page, then its count request as their browser asks it, both through
 * the cache; `phone` is the visitor's user agent (one phone's repeats count once).
 */
export async function view(
  client: HttpClient,
  base: string,
  path: string,
  phone: string,
  acceptLanguage: string,
): Promise<{ page: Answer; counted: Answer | undefined }> {
  const headers = { 'user-agent': phone, 'accept-language': acceptLanguage };
  const page = await client.get(`${base}${path}`, headers);
  const count = countRequestOf(page.body);
  const counted = count === undefined ? undefined : await client.get(`${base}${count}`, headers);
  return { page, counted };
}

/**
 * The statistics of one article's requests per language (the last 10 days), summed: by the
 * language's name as the statistics write it in English.
 */
export async function requestsPerLanguage(
  origin: string,
  cookie: string,
  articleId: number,
): Promise<Record<string, number>> {
  const res = await fetch(
    `${origin}/api/stats/requests-per-language?lang=en&days=10&articleId=${articleId}`,
    { headers: { cookie } },
  );
  if (!res.ok) throw new Error(`The statistics answered ${res.status}`);
  const sums: Record<string, number> = {};
  for (const row of (await res.json()) as Record<string, string | number>[]) {
    for (const [key, value] of Object.entries(row)) {
      if (key !== 'formatted_date' && Number(value) > 0) {
        sums[key] = (sums[key] ?? 0) + Number(value);
      }
    }
  }
  return sums;
}

/** The statistics' name of a language (English screens). */
export const statsLanguage = (lang: string) => languageLabel(lang, 'en');
