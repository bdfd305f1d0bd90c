import { DEFAULT_BACKGROUND } from '../../articles/content-fields.ts';
import { nativeName } from '../../languages/names.ts';
import { href, seenHref } from '../render/links.ts';
import { notFoundAnswer, renderNotFoundPage } from '../render/message-page.ts';
import { pickerAnswer } from '../render/picker.ts';
import { guidePath } from './slug.ts';
import { renderGuidePage } from './guide-page.ts';
import type { GuideVisit } from './guide-types.ts';
import { IGNORE_STATS_PARAM, IGNORE_STATS_VALUE } from '../ignore-stats.ts';

/** Seconds between two looks at a guide's first translation. */
const TRANSLATING_REFRESH_SECONDS = 3;

export type GuideRendered =
  | { html: string; status: 200 | 404; cacheControl: 'no-cache' | 'no-store'; keep: boolean }
  | { redirect: string };

/** The page a guide visit shows: the guide, its picker, 404, or where a stop number leads. */
export function renderGuideVisit(
  visit: GuideVisit,
  options: {
    ignoreStats: boolean;
    query?: string | undefined;
    /** No language asked nor remembered: the page is in the phone's, which is not remembered. */
    phoneLanguage?: boolean | undefined;
  },
): GuideRendered {
  const { ignoreStats } = options;
  switch (visit.kind) {
    case 'notFound':
      return notFoundAnswer(renderNotFoundPage(visit.uiLang));
    case 'stop':
      return { redirect: visit.to };
    case 'picker': {
      const { texts } = visit;
      return pickerAnswer(
        { uiLang: visit.uiLang, suggested: visit.suggested },
        { query: options.query, ignoreStats },
        {
          title: texts.name,
          // The museum's name as translated for the page: marked in its own language, so an
          // Arabic name sits right to left like the rest of the page.
          titleLang: texts.nameInSource ? texts.source : texts.lang,
          path: guidePath(texts.slug),
          background: DEFAULT_BACKGROUND,
          source: texts.source,
        },
      );
    }
    case 'guide': {
      const { texts } = visit;
      const path = guidePath(texts.slug);
      const guide = (params: Record<string, string | undefined>) => {
        const search = new URLSearchParams();
        for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
        if (ignoreStats) search.set(IGNORE_STATS_PARAM, IGNORE_STATS_VALUE);
        const query = search.toString();
        return query ? `${path}?${query}` : path;
      };
      const html = renderGuidePage({
        texts,
        uiLang: visit.uiLang,
        ask: visit.ask,
        results: visit.results,
        links: {
          guide,
          article: (name) => href(name, { lang: texts.lang }, ignoreStats),
          circuit: (name) => href(name, { lang: texts.lang }, ignoreStats, '/circuit'),
        },
        languageLabel: nativeName(visit.uiLang),
        noindex: ignoreStats,
        // A guide visit, counted by the browser's request for it (docs/adr/0031-visitor-pages-behind-a-cdn.md).
        seen: ignoreStats
          ? undefined
          : seenHref({ g: texts.museumId, l: texts.lang, phone: options.phoneLanguage }),
        refreshSeconds: texts.note === 'translating' ? TRANSLATING_REFRESH_SECONDS : undefined,
      });
      // The museum's text for want of a translation (or while it is made) is not kept; nor are
      // texts the engine did not translate (tried again), unlike ones the checks refused.
      const passing = ['unavailable', 'translating', 'busy', 'paused'];
      return passing.includes(texts.note ?? '') || texts.holes === 'unavailable'
        ? { html, status: 200, cacheControl: 'no-store', keep: false }
        : { html, status: 200, cacheControl: 'no-cache', keep: true };
    }
  }
}
