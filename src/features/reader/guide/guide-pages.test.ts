import { describe, expect, it, vi } from 'vitest';
import { visitorLang } from '../checked.ts';
import { pageCache } from '../visit/page-cache.ts';
import { guidePages, type GuidePageRequest } from './guide-pages.ts';
import type { GuideService } from './guide.ts';
import type { GuideVisit } from './guide-types.ts';
import { crossCheckPages } from '../../../../tests/helpers/markup-cross-check.ts';

// Every page written here is checked against react-dom's (tests/helpers/markup-cross-check.ts).
crossCheckPages();

/** A guide home in stored Spanish, as guide.ts gives it. */
const HOME: GuideVisit = {
  kind: 'guide',
  uiLang: 'es',
  ask: { kind: 'home' },
  texts: {
    museumId: 7,
    timeZone: 'Europe/Paris',
    slug: 'musee-du-port',
    name: 'Museo del puerto',
    circuits: [],
    articles: [{ id: 1, name: 'salle-1', title: 'Sala 1', stop: 1 }],
    lang: 'es',
    source: 'fr',
    note: 'machine',
  },
};

const request = (n: number): GuidePageRequest => ({
  slug: 'musee-du-port',
  lang: visitorLang('es'),
  choose: false,
  ask: { kind: 'home' },
  acceptLanguage: undefined,
  ignoreStats: false,
  visitor: { address: `203.0.113.${n}`, userAgent: 'phone' },
});

/** guidePages over a guide service that answers when `release` is called, counting its calls. */
function pagesWithSlowGuide(visit: () => Promise<GuideVisit>) {
  const guides = { visit: vi.fn(visit) } as unknown as GuideService & {
    visit: ReturnType<typeof vi.fn>;
  };
  const pages = guidePages({ guides, pages: pageCache() });
  return { pages, guides };
}

describe('guide homes made again when their kept copy expires', () => {
  it('are made once for the requests that come meanwhile, each request counted', async () => {
    let release!: () => void;
    const ready = new Promise<void>((resolve) => (release = resolve));
    const { pages, guides } = pagesWithSlowGuide(async () => {
      await ready;
      return HOME;
    });
    const answers = Promise.all([1, 2, 3, 4, 5].map((n) => pages.answer(request(n))));
    release();
    const sent = await answers;
    expect(guides.visit).toHaveBeenCalledTimes(1);
    for (const answer of sent) {
      expect(answer).toMatchObject({ status: 200, cacheControl: 'no-cache' });
    }
    // Every visitor's showing is counted, the ones that waited too: each page sent asks its
    // count request (render/links.ts seenHref), a guide visit of the museum in its language.
    for (const answer of sent) {
      const html = 'body' in answer ? new TextDecoder().decode(answer.body?.body) : '';
      expect(html).toContain(`src="/seen?g=${HOME.texts.museumId}&amp;l=${HOME.texts.lang}"`);
    }
    // Kept now: the next request is answered from the cache.
    await pages.answer(request(6));
    expect(guides.visit).toHaveBeenCalledTimes(1);
  });

  it('a failed making fails the requests that waited for it, and the next one tries again', async () => {
    let calls = 0;
    const { pages, guides } = pagesWithSlowGuide(async () => {
      calls += 1;
      if (calls === 1) throw new Error('the guide could not be read');
      return HOME;
    });
    const failed = await Promise.allSettled([pages.answer(request(1)), pages.answer(request(2))]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await expect(pages.answer(request(3))).resolves.toMatchObject({ status: 200 });
    expect(guides.visit).toHaveBeenCalledTimes(2);
  });

  it('searches and stop numbers are each made for their own request', async () => {
    const { pages, guides } = pagesWithSlowGuide(async () => HOME);
    await Promise.all([
      pages.answer({ ...request(1), ask: { kind: 'search', q: 'phare' } }),
      pages.answer({ ...request(2), ask: { kind: 'search', q: 'phare' } }),
    ]);
    expect(guides.visit).toHaveBeenCalledTimes(2);
  });
});
