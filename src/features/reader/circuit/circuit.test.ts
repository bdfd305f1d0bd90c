import { describe, expect, it } from 'vitest';
import type { Translator, TranslationRun } from '../../translation/translator-types.ts';
import { circuitService } from './circuit.ts';
import type { CircuitSource } from './circuit-types.ts';
import { renderCircuitVisit } from './circuit-render.ts';
import { pageName, visitorLang } from '../checked.ts';
import { crossCheckPages } from '../../../../tests/helpers/markup-cross-check.ts';
import ja from '../render/strings/ja.json' with { type: 'json' };

// Every page written here is checked against react-dom's (tests/helpers/markup-cross-check.ts).
crossCheckPages();

/**
 * Circuits (ADR 0018): a circuit's page while its first translation is slow, and the document the
 * translator is given. The rest goes through the whole app (src/features/circuits).
 */
const circuit: CircuitSource = {
  id: 7,
  museumId: 1,
  name: 'tour',
  title: 'Le tour',
  intro: 'Un.\n\nDeux.',
  language: 'fr',
  stops: [
    {
      articleId: 3,
      name: 'salle-3',
      content: [
        { type: 'metadatas', url: 'salle-3' },
        { type: 'text', content: 'La Victoire' },
      ],
    },
    { articleId: 4, name: 'salle-4', content: [{ type: 'metadatas', url: 'salle-4' }] },
  ],
};

/** A translator whose engine never answers; records what it was asked to open. */
function slowTranslator(opened: unknown[]): Translator {
  const run = {
    segments: 5,
    missing: 5,
    batches: 1,
    pending: () => false,
    translate: () => new Promise(() => {}),
    // Nothing stored yet: every text in the original.
    stored: () => ({ content: [], complete: false, untranslated: 5, refused: 0 }),
  } as unknown as TranslationRun;
  return {
    configured: true,
    open: (request) => {
      opened.push(request);
      return Promise.resolve(run);
    },
    translateArticle: () => new Promise(() => {}),
  };
}

describe('a circuit for visitors', () => {
  it('shows the original on a page that refreshes itself while its translation is slow', async () => {
    const opened: unknown[] = [];
    const service = circuitService({
      circuits: { byName: (name) => Promise.resolve(name === 'tour' ? circuit : undefined) },
      translator: slowTranslator(opened),
      firstWaitMs: 5,
    });
    const visit = await service.visit({
      name: pageName('tour')!,
      lang: visitorLang('ja'),
      choose: false,
      acceptLanguage: 'ja',
    });
    expect(visit).toMatchObject({ kind: 'circuit', uiLang: 'ja', texts: { note: 'translating' } });
    const page = renderCircuitVisit(visit, { ignoreStats: false, query: undefined });
    expect(page).toMatchObject({ status: 200, cacheControl: 'no-store', keep: false });
    expect(page.html).toContain('<meta http-equiv="refresh" content="3"/>');
    expect(page.html).toContain('日本語');
    expect(page.html).toContain('<h1>Le tour</h1>');
    // The language button under the stops keeps its distance from the list's last line.
    expect(page.html).toContain('.reader-page .reader-circuit-lang{margin-top:28px}');
    expect(page.html).toContain('<p class="reader-circuit-lang"><a class="reader-button"');
    // One document: the title, each paragraph, each stop's public title (none for no text).
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({
      articleId: 'circuit-7',
      sourceLang: 'fr',
      targetLang: 'ja',
      content: [
        { type: 'metadatas', url: 'tour' },
        { id: 'title', content: 'Le tour' },
        { id: 'intro-0', content: 'Un.' },
        { id: 'intro-1', content: 'Deux.' },
        { id: 'stop-3', content: 'La Victoire' },
        { id: 'stop-4', content: '' },
      ],
    });
    // The stop without text is named by its number in the visitor's words.
    expect(page.html).toContain('2 か所目');
  });
});

describe('a circuit whose translation keeps failing', () => {
  it('waits a minute, then two, before calling the engine again, and forgets it on a save', async () => {
    let now = new Date('2026-11-21T10:00:00Z');
    const advance = (ms: number) => (now = new Date(now.getTime() + ms));
    let tries = 0;
    const failing = {
      segments: 5,
      missing: 5,
      batches: 1,
      pending: () => false,
      translate: () => {
        tries += 1;
        return Promise.resolve({ complete: false, untranslated: 5, refused: 0 });
      },
      stored: () => ({ content: [], complete: false, untranslated: 5, refused: 0 }),
    } as unknown as TranslationRun;
    const service = circuitService({
      circuits: { byName: () => Promise.resolve(circuit) },
      translator: {
        configured: true,
        open: () => Promise.resolve(failing),
        translateArticle: () => Promise.reject(new Error('not used')),
      },
      now: () => now,
    });
    const visit = () =>
      service.visit({
        name: pageName('tour')!,
        lang: visitorLang('ja'),
        choose: false,
        acceptLanguage: undefined,
      });

    expect(await visit()).toMatchObject({ texts: { note: 'unavailable', lang: 'fr' } });
    expect(tries).toBe(1);
    advance(59_000);
    expect(await visit()).toMatchObject({ texts: { note: 'unavailable' } });
    expect(tries).toBe(1);
    advance(2_000);
    await visit();
    expect(tries).toBe(2);
    // Now two minutes.
    advance(119_000);
    await visit();
    expect(tries).toBe(2);
    // A circuit or an article saved in this process: tried again at once.
    service.forget();
    await visit();
    expect(tries).toBe(3);
  });
});

describe('a circuit partly translated', () => {
  it('shows what is translated and the rest in the original, marked, as a guide home does', async () => {
    // The engine answers for the title and the stops, not the introduction (ADR 0043).
    const translator: Translator = {
      configured: true,
      open: (request) => {
        const content = request.content.map((block) =>
          block.type === 'text' && !block.id?.startsWith('intro')
            ? { ...block, content: `[ja] ${block.content}` }
            : block,
        );
        const partial = {
          content,
          complete: false,
          untranslated: 2,
          refused: 0,
          sourceBlocks: [2, 3],
        };
        const run = {
          segments: 5,
          missing: 5,
          pending: () => false,
          translate: () => Promise.resolve(partial),
          stored: () => ({ content: request.content, complete: false, untranslated: 5 }),
        } as unknown as TranslationRun;
        return Promise.resolve(run);
      },
      translateArticle: () => Promise.reject(new Error('not used')),
    };
    const service = circuitService({
      circuits: { byName: () => Promise.resolve(circuit) },
      translator,
    });
    const visit = await service.visit({
      name: pageName('tour')!,
      lang: visitorLang('ja'),
      choose: false,
      acceptLanguage: 'ja',
    });
    expect(visit).toMatchObject({ kind: 'circuit', uiLang: 'ja', texts: { lang: 'ja' } });
    const page = renderCircuitVisit(visit, { ignoreStats: false, query: undefined, lang: 'ja' });
    expect(page.html).toContain('<html lang="ja" dir="ltr">');
    expect(page.html).toContain('<h1>[ja] Le tour</h1>');
    expect(page.html).toContain('[ja] La Victoire');
    expect(page.html).toContain('<span lang="fr" dir="ltr">Un.</span>');
    expect(page.html).toContain(ja.partlyOriginal);
    // Not kept: the next visit tries the rest again.
    expect(page).toMatchObject({ cacheControl: 'no-store', keep: false });
  });
});
