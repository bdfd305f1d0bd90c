import { describe, expect, it } from 'vitest';
import { article } from '../../translation/fixtures.ts';
import type { ArticleContent } from '../../articles/content.ts';
import { renderArticlePage, type VisitorPage } from './page.ts';
import { renderArticleParts } from './page-parts.ts';
import type { Visit } from '../visit/visit-types.ts';
import { streamTranslation } from './stream.ts';
import { format, uiStrings } from './strings.ts';
import { crossCheckPages } from '../../../../tests/helpers/markup-cross-check.ts';

// Every page written here is checked against react-dom's (tests/helpers/markup-cross-check.ts).
crossCheckPages();

type Translating = Extract<Visit, { kind: 'translating' }>;

const source = article(
  [1, 2, 3, 4, 5].map((n) => ({ type: 'text', content: `Texte ${n} du panneau.` })),
  'salle-1',
);
/** The article with its first `n` blocks translated (the fake engine's way). */
const translated = (n: number): ArticleContent =>
  source.map((block, i) =>
    i > 0 && i <= n && block.type === 'text'
      ? { ...block, content: `[es] ${block.content}` }
      : block,
  ) as ArticleContent;

/**
 * A translating visit the test drives: `land(n)` makes the first n blocks readable (and wakes the
 * stream), `finish(content)` ends the job (undefined: failed).
 */
function driven() {
  let readable = 0;
  let inSource: number[] = [];
  let wake = Promise.withResolvers<void>();
  const end = Promise.withResolvers<ArticleContent | undefined>();
  const visit: Translating = {
    kind: 'translating',
    article: { id: 1, museumId: 1, timeZone: 'Europe/Paris', name: 'salle-1', source: 'fr' },
    content: source,
    lang: 'es',
    note: 'machine',
    count: undefined,
    landed: () => ({ content: translated(readable), blocks: readable, source: inSource }),
    changed: () => wake.promise,
    finished: end.promise,
    sourceBlocks: end.promise.then(() => inSource),
  };
  return {
    visit,
    /** `refused`: blocks among the first n shown in the source language (the checks refused). */
    land(n: number, refused: number[] = inSource) {
      readable = n;
      inSource = refused;
      wake.resolve();
      wake = Promise.withResolvers<void>();
    },
    finish: (content: ArticleContent | undefined) => end.resolve(content),
  };
}

/** Parts that name what they hold: the blocks sent, and their texts. */
const named = (titleFrom: ArticleContent) => ({
  head: `<head:${titleFrom.length - 1}>`,
  tail: '<tail>',
  wait: '<wait>',
  sourceNote: '<source>',
  // Listen and the end of the waiting lines: named where a test looks at them.
  end: () => '',
  blocks: (content: ArticleContent, from: number, to: number) =>
    content
      .slice(from, to + 1)
      .map((b, i) => `<${from + i}:${b.type === 'text' ? b.content : ''}>`)
      .join(''),
});

async function collect(
  pieces: AsyncGenerator<string>,
  onPiece?: (piece: string, n: number) => void,
) {
  const out: string[] = [];
  for await (const piece of pieces) {
    onPiece?.(piece, out.length);
    out.push(piece);
  }
  return out;
}

describe('streamTranslation', () => {
  it('sends the head with the blocks already translated, then each run of blocks once, in order', async () => {
    const d = driven();
    d.land(1);
    const pieces = await collect(streamTranslation(d.visit, named, 10_000, 0), (_, n) => {
      // Blocks land as the engine answers: 3 and 4 together, then nothing new, then the end.
      if (n === 0) d.land(2);
      if (n === 1) d.land(4);
      if (n === 2) {
        d.land(4);
        d.finish(translated(5));
      }
    });
    expect(pieces).toEqual([
      '<head:1><1:[es] Texte 1 du panneau.><wait>',
      '<2:[es] Texte 2 du panneau.><wait>',
      '<3:[es] Texte 3 du panneau.><4:[es] Texte 4 du panneau.><wait>',
      '<5:[es] Texte 5 du panneau.>',
      '<tail>',
    ]);
    const sent = [...pieces.join('').matchAll(/<(\d+):([^>]*)>/g)];
    expect(sent.map((m) => Number(m[1]))).toEqual([1, 2, 3, 4, 5]);
    // Never the original: every block sent is translated.
    for (const m of sent) expect(m[2]).toMatch(/^\[es\] /);
  });

  it('never sends the original: a failed translation ends with a reload, no more blocks', async () => {
    const d = driven();
    const pieces = await collect(streamTranslation(d.visit, named, 10_000, 0), (_, n) => {
      if (n === 0) d.land(2);
      if (n === 1) d.finish(undefined);
    });
    const html = pieces.join('');
    expect(html).toContain('<1:[es] Texte 1');
    expect(html).toContain('<2:[es] Texte 2');
    expect(html).not.toContain('<3:');
    expect(html).toMatch(/<meta http-equiv="refresh" content="1"><wait><tail>$/);
  });

  it('ends with no "still translating" line when the last blocks land before the end', async () => {
    const d = driven();
    d.land(1);
    const pieces = await collect(streamTranslation(d.visit, named, 10_000, 0), (_, n) => {
      if (n === 0) d.land(5);
      if (n === 1) d.finish(translated(5));
    });
    expect(pieces.slice(1)).toEqual([
      [2, 3, 4, 5].map((n) => `<${n}:[es] Texte ${n} du panneau.>`).join(''),
      '',
      '<tail>',
    ]);
  });

  it('ends a translation that outlasts the limit with a reload', async () => {
    const d = driven();
    d.land(1);
    const pieces = await collect(streamTranslation(d.visit, named, 50, 0));
    expect(pieces.join('')).toBe(
      '<head:1><1:[es] Texte 1 du panneau.><wait><meta http-equiv="refresh" content="1"><wait><tail>',
    );
    d.finish(undefined);
  });

  it('waits a moment for the first words before sending the head, then goes without them', async () => {
    const d = driven();
    const early = collect(streamTranslation(d.visit, named, 10_000, 10_000), (_, n) => {
      if (n === 0) d.finish(translated(5));
    });
    d.land(2);
    expect((await early)[0]).toBe(
      '<head:2><1:[es] Texte 1 du panneau.><2:[es] Texte 2 du panneau.><wait>',
    );
    const late = driven();
    const pieces = await collect(streamTranslation(late.visit, named, 10_000, 20), (_, n) => {
      if (n === 0) late.finish(translated(5));
    });
    expect(pieces[0]).toBe('<head:0><wait>');
  });
});

describe('streamTranslation, the end and the refusals', () => {
  const ending = (titleFrom: ArticleContent) => ({
    ...named(titleFrom),
    end: (silent: readonly number[]) => `<end:${silent.join(',')}>`,
  });

  it('ends a whole article with Listen, without a reload, the refused blocks not read aloud', async () => {
    const d = driven();
    d.land(1);
    const pieces = await collect(streamTranslation(d.visit, ending, 10_000, 0), (_, n) => {
      if (n === 0) {
        d.land(5, [4]);
        d.finish(translated(5));
      }
    });
    expect(pieces.join('')).not.toContain('refresh');
    expect(pieces.at(-2)).toMatch(/<end:4>$/);
    expect(pieces.at(-1)).toBe('<tail>');
  });

  it('shows a block the checks refused in the source language, with a note, as soon as it is known', async () => {
    const d = driven();
    const pieces: string[] = [];
    const done = collect(streamTranslation(d.visit, ending, 10_000, 0), (piece) => {
      pieces.push(piece);
    });
    // Block 1 refused on both tries while the job goes on: readable at once, with the note.
    d.land(2, [1]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pieces.join('')).toContain('<source><1:');
    expect(pieces.join('')).toContain('<2:[es] Texte 2 du panneau.>');
    // Said once, however many refused blocks follow.
    d.land(4, [1, 3]);
    d.finish(translated(5));
    const html = (await done).join('');
    expect(html.split('<source>')).toHaveLength(2);
    expect(html).toMatch(/<end:1,3><tail>$/);
  });
});

describe('renderArticleParts', () => {
  const page: VisitorPage = {
    content: translated(5),
    lang: 'es',
    languageLabel: 'Español',
    languageHref: '/article?name=salle-1&choose=1',
    note: { kind: 'machine', originalHref: '/article?name=salle-1&lang=fr' },
  };

  it('makes, in order and once each, the blocks of the page renderArticlePage writes', () => {
    const parts = renderArticleParts(page);
    const streamed =
      parts.head + parts.blocks(page.content, 1, 2) + parts.blocks(page.content, 3, 5) + parts.tail;
    const whole = renderArticlePage(page);
    // The same page but for the streamed page's own rules.
    expect(streamed.replace(/\.reader-wait[^<]*(?=<\/style>)/, '')).toBe(whole);

    // An audio block streamed has the words of the whole page's: the recording's
    // language named in the visitor's words, the transcript's summary.
    const withAudio: VisitorPage = {
      ...page,
      subtitles: { lang: 'fr', label: 'Français' },
      content: [
        ...page.content,
        { type: 'audio', src: '/media/a.mp3', caption: '', transcript: '[es] Hola.' } as never,
      ] as ArticleContent,
    };
    const audioParts = renderArticleParts(withAudio);
    const audioStreamed =
      audioParts.head + audioParts.blocks(withAudio.content, 1, 6) + audioParts.tail;
    expect(audioStreamed.replace(/\.reader-wait[^<]*(?=<\/style>)/, '')).toBe(
      renderArticlePage(withAudio),
    );
    expect(audioStreamed).toContain(uiStrings('es').transcript);
    const blocks = streamed.slice(streamed.indexOf('class="reader-blocks"'));
    for (let n = 1; n <= 5; n++) {
      expect(blocks.split(`[es] Texte ${n} du panneau.`)).toHaveLength(2);
    }
  });

  it('ends with Listen and no waiting line, Listen’s place kept at the top', () => {
    const listen = {
      name: 'salle-1',
      lang: 'es',
      voice: 'server' as const,
      server: true,
      blocks: [1, 2, 3, 4, 5],
      ignoreStats: false,
    };
    const parts = renderArticleParts({ ...page, listen });
    // The head has Listen's place, not Listen: its words are for a page whose texts all came.
    expect(parts.head).toContain('<i data-listen-slot="" hidden=""></i>');
    expect(parts.head).not.toContain('data-listen=""');
    const end = parts.end([2]);
    expect(end).toContain('.reader-wait{display:none}');
    expect(end).toContain('.reader-listen{');
    expect(end).toContain('data-listen=""');
    expect(end).toContain(`>${uiStrings('es').listen}</button>`);
    expect(end).toContain('data-blocks="1,3,4,5"');
    // Without Listen (no voice for the page), only the waiting lines go.
    expect(renderArticleParts(page).end([])).toBe('<style>.reader-wait{display:none}</style>');
    expect(parts.sourceNote).toContain(uiStrings('es').refusedShown);
  });

  it('shows only the last "still translating" line, in the visitor’s words', () => {
    const parts = renderArticleParts(page);
    expect(parts.head).toContain('.reader-wait:has(+ *){display:none}');
    expect(parts.wait).toContain('<progress></progress>');
    expect(parts.wait).toContain(
      `<p>${format(uiStrings('es').translating, { language: '<span>Español</span>' })}</p>`,
    );
    expect(parts.wait).toContain('href="/article?name=salle-1&amp;lang=fr"');
    // The title: the first words of the blocks at hand, else the product's name.
    expect(parts.head).toContain('<title>[es] Texte 1 du panneau.</title>');
    const none = renderArticleParts({ ...page, content: source.slice(0, 1) as ArticleContent });
    expect(none.head).toContain('<title>Legenda</title>');
  });
});
