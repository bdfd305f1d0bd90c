import { DEFAULT_BACKGROUND } from '../../articles/content-fields.ts';
import { nativeName } from '../../languages/names.ts';
import type { CircuitVisit } from './circuit-types.ts';
import { renderCircuitPage, type CircuitLinks } from './circuit-page.ts';
import { offlineSaveBlock } from '../render/offline-block.ts';
import { notFoundAnswer, renderMessagePage } from '../render/message-page.ts';
import { href, seenHref } from '../render/links.ts';
import { pickerAnswer } from '../render/picker.ts';
import { textScale } from '../text-size.ts';

/** Seconds between two looks at a circuit's first translation. */
const TRANSLATING_REFRESH_SECONDS = 3;

/** The circuit page a visit shows: picker, progress, the circuit, or 404. */
export function renderCircuitVisit(
  visit: CircuitVisit,
  options: {
    ignoreStats: boolean;
    query: string | undefined;
    textSize?: number | undefined;
    /** The language asked for (the texts may be in the museum's for want of a translation). */
    lang?: string | undefined;
  },
): { html: string; status: 200 | 404; cacheControl: 'no-cache' | 'no-store'; keep: boolean } {
  const { ignoreStats } = options;
  switch (visit.kind) {
    case 'notFound':
      return notFoundAnswer(
        renderMessagePage(visit.uiLang, 'circuitNotFoundTitle', ['circuitNotFoundText']),
      );

    case 'picker': {
      const { circuit } = visit;
      return pickerAnswer(
        visit,
        { query: options.query, ignoreStats },
        {
          title: circuit.title,
          articleName: circuit.name,
          path: '/circuit',
          background: DEFAULT_BACKGROUND,
          source: circuit.language,
        },
      );
    }

    case 'circuit': {
      const { texts } = visit;
      const links: CircuitLinks = {
        circuit: (params) =>
          href(texts.name, { lang: texts.lang, ...params }, ignoreStats, '/circuit'),
        stop: (name) => href(name, { circuit: texts.name, lang: texts.lang }, ignoreStats),
      };
      const html = renderCircuitPage({
        texts,
        uiLang: visit.uiLang,
        languageLabel: nativeName(texts.lang),
        translatingInto: texts.note === 'translating' ? nativeName(visit.uiLang) : undefined,
        noindex: ignoreStats,
        // The original while the translation is made: the page looks again by itself.
        refreshSeconds: texts.note === 'translating' ? TRANSLATING_REFRESH_SECONDS : undefined,
        textScale: options.textSize ? textScale(options.textSize) : undefined,
        // A circuit's page counts nothing, but remembers the language its address chose.
        seen: ignoreStats || !options.lang ? undefined : seenHref({ l: options.lang }),
        links,
        // Saving the stops for offline reading (offline.ts): shown by reader.js where a service
        // worker runs; the addresses exactly as the stops' links, the cache's keys.
        extra:
          texts.note === 'translating'
            ? undefined
            : offlineSaveBlock({
                uiLang: visit.uiLang,
                stops: texts.stops.map((stop) => links.stop(stop.name)),
                circuitUrl: links.circuit({}),
                // A code scanned offline opens the page saved for it (public/sw.js).
                codes: texts.codes.map(({ link, stop }) => ({
                  link,
                  to: stop === undefined ? links.circuit({}) : links.stop(stop),
                })),
                pageLang: texts.lang,
              }),
      });
      // The original for want of a translation (or while it is made) is not kept, nor a
      // translation with texts not translated yet: the next visit tries them again.
      const passing = ['unavailable', 'translating', 'busy', 'paused'];
      return passing.includes(texts.note ?? '') || texts.holes === 'unavailable'
        ? { html, status: 200, cacheControl: 'no-store', keep: false }
        : { html, status: 200, cacheControl: 'no-cache', keep: true };
    }
  }
}
