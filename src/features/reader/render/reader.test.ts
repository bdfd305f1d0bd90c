import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  newBlock,
  newDetail,
  readContent,
  type ArticleContent,
  type Block,
} from '../../articles/content.ts';
import { ArticleView, type ArticleViewProps } from './ArticleView.ts';
import { gzipSync } from 'node:zlib';
import { READER_SCRIPT, VISITOR_PAGE_CSP } from './document.ts';
import { inkOn } from './ink.ts';
import { renderArticlePage, type VisitorPage } from './page.ts';
import { renderNotFoundPage } from './message-page.ts';
import { READER_CSS, VISITOR_CSS } from './reader-css.ts';
import { direction } from '../../languages/direction.ts';
import { crossCheckPages } from '../../../../tests/helpers/markup-cross-check.ts';

// Every page written here is checked against react-dom's (tests/helpers/markup-cross-check.ts).
crossCheckPages();

const meta = { type: 'metadatas', url: 'test' } as const;

function content(...blocks: Block[]): ArticleContent {
  return [{ ...meta, backgroundColor: '#341539' }, ...blocks];
}

function view(items: ArticleViewProps['content'], extra: Partial<ArticleViewProps> = {}): string {
  return renderToString(
    createElement(ArticleView, {
      content: items,
      productName: 'Legenda',
      languageLabel: 'Français',
      ...extra,
    }),
  );
}

/** The rendered text a visitor reads, tags removed and entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The page without reader.js's tag, the one script a visitor page carries. */
const withoutReaderScript = (html: string) =>
  html.replace(`<script src="${READER_SCRIPT}" defer=""></script>`, '');

describe('ArticleView: element types', () => {
  it('renders a text block with the default text style on the default background', () => {
    const html = view(content({ ...newBlock('text'), content: 'Bonjour' }));
    expect(html).toMatch(/^<div class="reader" style="background-color:#341539">/);
    expect(html).toContain('<p class="reader-text"');
    expect(html).toContain('font-size:1rem');
    expect(html).toContain('line-height:24px');
    expect(html).toContain('color:#ffffff');
    expect(html).toContain('width:100%');
    expect(html).toContain('justify-content:center');
    expect(html).toContain('>Bonjour</p>');
    // Regular and upright unless asked: the stylesheet says so, nothing inline.
    expect(html).not.toContain('font-weight');
    expect(html).not.toContain('font-style');
  });

  it('applies the text styles the staff chose', () => {
    const html = view(
      content({
        ...newBlock('text'),
        content: 'Styled',
        fontSize: 24,
        lineHeight: 30,
        color: '#ff0000',
        bold: true,
        italic: true,
        size: 80,
        justify: 'flex-end',
        align: 'right',
      }),
    );
    expect(html).toContain('justify-content:flex-end');
    expect(html).toContain('font-size:1.5rem');
    expect(html).toContain('line-height:30px');
    expect(html).toContain('color:#ff0000');
    expect(html).toContain('font-weight:700');
    expect(html).toContain('font-style:italic');
    expect(html).toContain('width:80%');
    expect(html).toContain('text-align:end');
  });

  it('does not display the metadatas entry', () => {
    const html = view(content());
    expect(html).not.toContain('test');
    expect(html).toContain('<div class="reader-blocks"></div>');
  });

  it('keeps newlines for the stylesheet to show (pre-wrap)', () => {
    const html = view(content({ ...newBlock('text'), content: 'one\ntwo' }));
    expect(html).toContain('one\ntwo');
    expect(READER_CSS).toMatch(/\.reader-text[^{]*\{[^}]*white-space:pre-wrap/);
  });

  it('renders an image lazily at its width, and nothing for an empty source', () => {
    const html = view(
      content({
        ...newBlock('image'),
        src: '/media/a1/photo.webp',
        size: 50,
        justify: 'flex-start',
      }),
    );
    expect(html).toContain(
      '<img class="reader-image" src="/media/a1/photo.webp" alt="" loading="lazy" decoding="async" style="width:50%"/>',
    );
    expect(html).toContain('justify-content:flex-start');
    expect(view(content(newBlock('image')))).not.toContain('<img');
  });

  it('renders a video with controls and its subtitles track', () => {
    const html = view(
      content({
        ...newBlock('video'),
        src: '/media/v.mp4',
        subtitles: '/media/v.vtt',
        size: 90,
      }),
      { lang: 'de', languageLabel: 'Deutsch' },
    );
    // React writes playsInline and srcLang in camel case; HTML attribute names ignore case.
    expect(html).toMatch(
      /<video class="reader-video" controls="" preload="metadata" playsinline=""/i,
    );
    // Its first frame, not a black box, before it plays on a phone.
    expect(html).toContain('src="/media/v.mp4#t=0.001"');
    expect(html).toContain('width:90%');
    expect(html).toMatch(
      /<track kind="subtitles" default="" src="\/media\/v.vtt" srclang="de" label="Deutsch"\/>/i,
    );
  });

  it('gives subtitles srclang fr by default and omits the track without subtitles', () => {
    const withTrack = view(
      content({ ...newBlock('video'), src: '/media/v.mp4', subtitles: '/media/v.vtt' }),
    );
    expect(withTrack).toMatch(/srclang="fr"/i);
    const without = view(content({ ...newBlock('video'), src: '/media/v.mp4' }));
    expect(without).toContain('<video');
    expect(without).not.toContain('<track');
  });

  it('renders a sound as a figure: caption, the browser player loading nothing, transcript closed', () => {
    const html = view(
      content({
        ...newBlock('audio'),
        src: '/media/1/audio/a.mp3',
        caption: 'Le conservateur [!raconte!]',
        transcript: 'Bienvenue.\nSalle 3 <b>',
        color: '#ffee00',
        size: 80,
      }),
      { audio: { lang: 'fr', language: 'Langue : Français', transcript: 'Transcription' } },
    );
    expect(html).toContain(
      '<figure class="reader-audio" style="color:#ffee00;font-size:1rem;width:80%"><figcaption class="reader-audio-caption">Le conservateur <em>raconte</em></figcaption>' +
        '<audio controls="" preload="none" src="/media/1/audio/a.mp3" lang="fr"></audio>' +
        '<p class="reader-audio-lang">Langue : Français</p>' +
        '<details class="reader-accordion"><summary class="reader-summary">Transcription</summary>' +
        '<p class="reader-text reader-accordion-body">Bienvenue.\nSalle 3 &lt;b&gt;</p></details></figure>',
    );
    // Closed: a <details> opens by hand only, the page has no script.
    expect(html).not.toMatch(/<details[^>]* open/);
  });

  it('leaves out an empty caption and transcript, and a sound without a file', () => {
    const bare = view(content({ ...newBlock('audio'), src: '/media/a.wav', caption: '  ' }));
    expect(bare).toContain('<audio controls="" preload="none" src="/media/a.wav"');
    expect(bare).not.toContain('<figcaption');
    expect(bare).not.toContain('<details');
    // Without words given (the default): 'Transcript', and no language line.
    expect(bare).not.toContain('reader-audio-lang');
    const withText = view(content({ ...newBlock('audio'), src: '/media/a.wav', transcript: 'x' }));
    expect(withText).toContain('<summary class="reader-summary">Transcription</summary>');
    expect(view(content({ ...newBlock('audio'), caption: 'Sans fichier' }))).not.toContain(
      'reader-audio',
    );
    for (const src of ['https://evil.example/a.mp3', 'javascript:alert(1)', '/media/../x.mp3']) {
      const html = view([meta, { type: 'audio', src, caption: 'x' }]);
      expect(html, src).not.toContain('<audio');
    }
  });

  it('renders a space as an empty block of its height in pixels', () => {
    expect(view(content(newBlock('space')))).toContain(
      '<div class="reader-space" aria-hidden="true" style="height:40px"></div>',
    );
    expect(view(content({ ...newBlock('space'), size: 250 }))).toContain('height:250px');
  });

  it('renders a link with its image and styled text', () => {
    const html = view(
      content({
        ...newBlock('link'),
        link: 'https://example.org/page',
        src: '/media/logo.png',
        content: 'Visit',
        fontSize: 20,
        bold: true,
        color: '#00ff00',
        size: 60,
      }),
    );
    expect(html).toMatch(
      /<a class="reader-link" style="[^"]*" href="https:\/\/example.org\/page" rel="noopener noreferrer" target="_blank">/,
    );
    expect(html).toContain('<img class="reader-link-image" src="/media/logo.png"');
    expect(html).toContain('<span class="reader-link-text">Visit</span>');
    expect(html).toContain('font-size:1.25rem');
    expect(html).toContain('font-weight:700');
    expect(html).toContain('color:#00ff00');
    expect(html).toContain('width:60%');
  });

  it('puts a legend item image on the side it asks for', () => {
    const legend = {
      ...newBlock('legendItem'),
      src: '/media/item.jpg',
      content: 'Vase, 1850',
      width: 40,
      fontSize: 18,
    };
    const left = view(content(legend));
    expect(left).toContain('flex-direction:row"');
    expect(left).toContain('<img class="reader-legend-image" src="/media/item.jpg"');
    expect(left).toContain('style="width:40%"');
    expect(left).toContain('font-size:1.125rem');
    expect(left).toContain('>Vase, 1850</p>');
    // The image comes first in the markup; row-reverse moves it to the right.
    expect(left.indexOf('reader-legend-image')).toBeLessThan(left.indexOf('reader-legend-text'));
    const right = view(content({ ...legend, justify: 'right' }));
    expect(right).toContain('flex-direction:row-reverse');
  });

  it('renders an accordion as details and summary, with its details inside', () => {
    const accordion = {
      ...newBlock('accordion'),
      header: {
        ...newBlock('accordion').header,
        content: 'More [!about!] it',
        fontSize: 22,
        bold: true,
        color: '#abcdef',
        size: 70,
        justify: 'flex-start' as const,
      },
      details: [
        { ...newDetail('text'), content: 'Inside text' },
        { ...newDetail('image'), src: '/media/in.png' },
        { ...newDetail('link'), link: 'mailto:a@b.org', content: 'Mail' },
        newDetail('space'),
        { ...newDetail('legendItem'), content: 'Inside legend', justify: 'right' as const },
      ],
    };
    const html = view(content(accordion));
    const details = html.slice(html.indexOf('<details'), html.indexOf('</details>'));
    expect(details).toMatch(/^<details class="reader-accordion" style="width:70%">/);
    expect(details).toMatch(
      /<summary class="reader-summary" style="[^"]*font-size:1.375rem[^"]*">More <em>about<\/em> it<\/summary>/,
    );
    expect(details).toContain('color:#abcdef');
    expect(details).toContain('font-weight:700');
    expect(html).toMatch(/justify-content:flex-start"><details/);
    expect(details).toContain('Inside text');
    expect(details).toContain('src="/media/in.png"');
    expect(details).toContain('href="mailto:a@b.org"');
    expect(details).toContain('reader-space');
    expect(details).toContain('flex-direction:row-reverse');
    expect(details).toContain('Inside legend');
  });

  it('renders the footer with the product name and an inert language button', () => {
    const html = view(content());
    expect(html).toContain(
      '<footer class="reader-footer"><span class="reader-product">Legenda</span><button type="button" class="reader-language">Français</button></footer>',
    );
  });

  it('makes the language button a link when given a target', () => {
    const html = view(content(), { languageHref: '/article?name=a&lang=en' });
    expect(html).toContain(
      '<a class="reader-language" href="/article?name=a&amp;lang=en">Français</a>',
    );
    expect(html).not.toContain('<button');
    expect(view(content(), { languageHref: 'javascript:alert(1)' })).not.toContain('href');
  });

  it('renders the same block object twice (memoised blocks are keyed by position)', () => {
    const block = { ...newBlock('text'), content: 'Twice' };
    const html = view(content(block, block));
    expect(html.match(/>Twice<\/p>/g)).toHaveLength(2);
  });

  it('skips items it does not know without failing', () => {
    const html = view([
      meta,
      { type: 'carousel' },
      null,
      'x',
      { ...newBlock('text'), content: 'ok' },
    ]);
    expect(html).toContain('>ok</p>');
    expect(html.match(/reader-row/g)).toHaveLength(1);
  });
});

describe('ArticleView: background', () => {
  it('takes the background from the first item that has one', () => {
    const html = view([
      meta,
      { ...newBlock('text'), content: 'a' },
      { ...newBlock('image'), backgroundColor: '#112233' },
      { ...newBlock('text'), backgroundColor: '#445566' },
    ]);
    expect(html).toMatch(/^<div class="reader" style="background-color:#112233">/);
  });

  it('prefers the metadatas colour, which comes first', () => {
    const html = view([
      { ...meta, backgroundColor: '#000000' },
      { ...newBlock('text'), backgroundColor: '#445566' },
    ]);
    expect(html).toMatch(/^<div class="reader" style="background-color:#000000">/);
  });

  it('falls back to the default for a colour that is not #rrggbb', () => {
    const html = view([{ ...meta, backgroundColor: 'red;background-image:url(x)' }]);
    expect(html).toMatch(/^<div class="reader" style="background-color:#341539">/);
  });
});

describe('ArticleView: italics', () => {
  it('shows [!…!] segments in <em>', () => {
    const html = view(content({ ...newBlock('text'), content: 'A [!word!] and [!two words!].' }));
    expect(html).toContain('A <em>word</em> and <em>two words</em>.');
    expect(html).not.toContain('[!');
  });

  it('applies the rule to links and legend items too', () => {
    const html = view(
      content(
        { ...newBlock('link'), link: 'https://a.org', content: 'see [!here!]' },
        { ...newBlock('legendItem'), content: '[!Mona Lisa!], 1503' },
      ),
    );
    expect(html).toContain('see <em>here</em>');
    expect(html).toContain('<em>Mona Lisa</em>, 1503');
  });
});

describe('ArticleView: hostile content', () => {
  const hostile = '<script>alert(1)</script><img src=x onerror=alert(1)>';
  /** onerror= inside a real tag (as text it is escaped: `&lt;img … onerror=…&gt;`). */
  const ATTRIBUTE_ONERROR = /<[a-z][^>]*\sonerror=/i;

  it('shows markup in staff text as literal text', () => {
    const accordion = newBlock('accordion');
    const html = view(
      content(
        { ...newBlock('text'), content: hostile },
        { ...newBlock('link'), link: 'https://a.org', content: hostile },
        { ...newBlock('legendItem'), content: hostile },
        {
          ...accordion,
          header: { ...accordion.header, content: hostile },
          details: [{ ...newDetail('text'), content: `[!${hostile}!]` }],
        },
      ),
    );
    expect(withoutReaderScript(html)).not.toMatch(/<script/i);
    expect(html).not.toMatch(ATTRIBUTE_ONERROR);
    expect(html).not.toContain('<img src=x');
    expect(visibleText(html).split(hostile)).toHaveLength(6);
  });

  it('escapes hostile product and language labels', () => {
    const html = view(content(), { productName: hostile, languageLabel: hostile });
    expect(withoutReaderScript(html)).not.toMatch(/<script/i);
    expect(html).not.toMatch(ATTRIBUTE_ONERROR);
    expect(visibleText(html)).toContain(hostile);
  });

  it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>', 'vbscript:x'])(
    'gives no href to the link %j',
    (link) => {
      const html = view(content({ ...newBlock('link'), link, content: 'Click' }));
      expect(html).not.toContain('href');
      expect(html).not.toContain('<a');
      expect(html).toContain('<div class="reader-link"');
      expect(html).toContain('Click');
    },
  );

  it('links mailto: in the same tab and https: in a new one', () => {
    const mail = view(content({ ...newBlock('link'), link: 'mailto:info@museum.org' }));
    expect(mail).toContain('href="mailto:info@museum.org"');
    expect(mail).not.toContain('target');
    const web = view(content({ ...newBlock('link'), link: 'https://museum.org' }));
    expect(web).toContain('href="https://museum.org"');
    expect(web).toContain('target="_blank"');
    expect(web).toContain('rel="noopener noreferrer"');
  });

  it('uses only uploaded files as media sources', () => {
    for (const src of [
      'https://evil.example/x.png',
      '//evil.example/x.png',
      'javascript:alert(1)',
      '/media/../api/session',
      '/api/session',
    ]) {
      const html = view(
        content(
          { ...newBlock('image'), src },
          { ...newBlock('video'), src },
          { ...newBlock('video'), src: '/media/v.mp4', subtitles: src },
          { ...newBlock('link'), src, link: 'https://a.org' },
          { ...newBlock('legendItem'), src },
        ),
      );
      expect(html).not.toContain(src.replace('&', '&amp;'));
      expect(html).not.toContain('<img');
      expect(html).not.toContain('<track');
    }
  });

  it('keeps injected style values out of the style attribute', () => {
    const html = view([
      meta,
      {
        ...newBlock('text'),
        content: 'x',
        color: 'red;background:url(/api/x)',
        fontSize: '10px;position:fixed' as unknown as number,
        justify: 'center;top:0' as unknown as 'center',
      },
    ]);
    expect(html).not.toContain('url(');
    expect(html).not.toContain('position');
    expect(html).not.toContain('top:0');
    expect(html).toContain('font-size:1rem');
  });
});

describe('renderArticlePage', () => {
  const page: VisitorPage = {
    content: readContent(
      [
        { type: 'metadatas', url: 'joconde', backgroundColor: '#102030' },
        { type: 'text', content: 'Un portrait [!célèbre!].' },
        { type: 'accordion', header: { content: 'Plus' }, details: [{ type: 'text' }] },
      ],
      'joconde',
    ),
    lang: 'fr',
    languageLabel: 'Français',
  };

  it('is a whole document with the reader inside and no script', () => {
    const html = renderArticlePage(page);
    expect(html).toMatch(
      /^<!doctype html><html lang="fr" dir="ltr"><head><meta charSet="utf-8"\/>/,
    );
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    // The title is the article's first words, never the staff's private name.
    expect(html).toContain('<title>Un portrait célèbre.</title>');
    expect(html).toContain(READER_CSS);
    expect(html).toContain(VISITOR_CSS);
    expect(html).toContain(
      '<main><h1 class="reader-sr">Un portrait célèbre.</h1><div class="reader" style="background-color:#102030">',
    );
    expect(html).toContain('Un portrait <em>célèbre</em>.');
    expect(html).toContain('<details');
    expect(html).toContain('<button type="button" class="reader-language">Français</button>');
    expect(html).toMatch(/<\/html>$/);
    expect(withoutReaderScript(html)).not.toMatch(/<script/i);
    // Nothing to fetch before showing the page: the one link is the icon.
    expect(html.match(/<link[^>]*>/g)).toEqual([
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>',
    ]);
  });

  it('sets dir="rtl" for right-to-left languages', () => {
    expect(renderArticlePage({ ...page, lang: 'ar' })).toMatch(/<html lang="ar" dir="rtl">/);
    expect(renderArticlePage({ ...page, lang: 'he-IL' })).toMatch(/<html lang="he-IL" dir="rtl">/);
    expect(renderArticlePage({ ...page, lang: 'en' })).toMatch(/<html lang="en" dir="ltr">/);
    for (const lang of ['ar', 'he', 'fa', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb']) {
      expect(direction(lang)).toBe('rtl');
    }
    expect(direction('ja')).toBe('ltr');
  });

  it('labels subtitles with their own language and never prints a malformed tag', () => {
    const video = renderArticlePage({
      ...page,
      lang: 'ja',
      languageLabel: '日本語',
      subtitles: { lang: 'fr', label: 'Français' },
      content: content({ ...newBlock('video'), src: '/media/v.mp4', subtitles: '/media/v.vtt' }),
    });
    // A French .vtt on a Japanese page is French.
    expect(video).toMatch(/<track [^>]*srclang="fr" label="Français"\/>/i);
    expect(video).not.toMatch(/<track [^>]*日本語/);
    const malformed = renderArticlePage({
      ...page,
      subtitles: { lang: '"><script>', label: 'x' },
      content: content({ ...newBlock('video'), src: '/media/v.mp4', subtitles: '/media/v.vtt' }),
    });
    expect(malformed).toMatch(/srclang="fr"/i);
    const hostile = renderArticlePage({ ...page, lang: '"><script>alert(1)</script>' });
    expect(hostile).toMatch(/<html lang="fr" dir="ltr">/);
    expect(withoutReaderScript(hostile)).not.toMatch(/<script/i);
  });

  it("plays a sound in the museum's language, named in the visitor's words", () => {
    const sound = content({
      ...newBlock('audio'),
      src: '/media/1/audio/a.mp3',
      caption: '[es] El conservador',
      transcript: '[es] Bienvenidos',
    });
    const es = renderArticlePage({
      ...page,
      lang: 'es',
      languageLabel: 'Español',
      subtitles: { lang: 'fr', label: 'Français' },
      content: sound,
    });
    expect(es).toMatch(/<html lang="es"/);
    expect(es).toContain('<audio controls="" preload="none" src="/media/1/audio/a.mp3" lang="fr">');
    expect(es).toContain('<p class="reader-audio-lang">Idioma de la grabación: Francés</p>');
    expect(es).toContain('<summary class="reader-summary">Transcripción</summary>');
    expect(es).toContain('[es] Bienvenidos');
    // A page in a language we have no words in: English words, marked as such.
    const gn = renderArticlePage({
      ...page,
      lang: 'gn',
      languageLabel: 'Avañeʼẽ',
      subtitles: { lang: 'fr', label: 'Français' },
      content: sound,
    });
    expect(gn).toContain(
      '<p class="reader-audio-lang" lang="en" dir="ltr">Recording language: French</p>',
    );
    expect(gn).toContain(
      '<summary class="reader-summary" lang="en" dir="ltr">Transcript</summary>',
    );
    // Without a museum language given, the page's own.
    const fr = renderArticlePage({ ...page, content: sound });
    expect(fr).toContain('lang="fr"></audio>');
    expect(fr).toContain('Langue de l’enregistrement\u00a0: Français');
  });

  it('asks not to be indexed only when told', () => {
    const robots = '<meta name="robots" content="noindex"/>';
    expect(renderArticlePage(page)).not.toContain(robots);
    expect(renderArticlePage({ ...page, noindex: false })).not.toContain(robots);
    expect(renderArticlePage({ ...page, noindex: true })).toContain(robots);
  });

  it('escapes the title', () => {
    const html = renderArticlePage({
      ...page,
      content: content({ ...newBlock('text'), content: '</title><script>alert(1)</script>' }),
    });
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(withoutReaderScript(html)).not.toMatch(/<script/i);
  });

  it('makes the language button a link when given one', () => {
    const html = renderArticlePage({ ...page, languageHref: '/article?name=joconde&choose=1' });
    expect(html).toContain('href="/article?name=joconde&amp;choose=1"');
  });
});

describe('renderArticlePage: interface words', () => {
  const page: VisitorPage = {
    content: content({ ...newBlock('text'), content: 'Un portrait.' }),
    lang: 'es',
    languageLabel: 'Español',
    languageHref: '/article?name=joconde&choose=1',
  };
  const noteOf = (html: string) => /<div class="reader-note"[^]*?<\/div>/.exec(html)?.[0];

  it('shows no note unless asked', () => {
    expect(noteOf(renderArticlePage(page))).toBeUndefined();
  });

  it('says a translation is machine made, with a link to the original', () => {
    const html = renderArticlePage({
      ...page,
      note: { kind: 'machine', originalHref: '/article?name=joconde&lang=fr' },
    });
    expect(noteOf(html)).toBe(
      '<div class="reader-note" role="note"><span>Traducción automática</span>' +
        '<a href="/article?name=joconde&amp;lang=fr">Ver el original</a></div>',
    );
    // At the top, before the blocks.
    expect(html.indexOf('reader-note')).toBeLessThan(html.indexOf('class="reader-text"'));
    const en = renderArticlePage({
      ...page,
      uiLang: 'en',
      note: { kind: 'machine', originalHref: '/article?name=joconde&lang=fr' },
    });
    expect(noteOf(en)).toContain('lang="en" dir="ltr"><span>Machine translated</span>');
    expect(noteOf(en)).toContain('>Show the original</a>');
  });

  it('drops a link to the original that would leave the site', () => {
    for (const originalHref of ['javascript:alert(1)', '//evil.example', 'https://evil.example']) {
      const html = renderArticlePage({ ...page, note: { kind: 'machine', originalHref } });
      expect(noteOf(html)).toBe(
        '<div class="reader-note" role="note"><span>Traducción automática</span></div>',
      );
    }
  });

  it('explains in the visitor language why the original is shown', () => {
    // The text is the French original; the visitor asked for Arabic.
    const original = { ...page, lang: 'fr', languageLabel: 'Français', uiLang: 'ar' };
    const unavailable = renderArticlePage({
      ...original,
      note: { kind: 'unavailable', originalHref: '/x' },
    });
    expect(unavailable).toMatch(/<html lang="fr" dir="ltr">/);
    expect(noteOf(unavailable)).toBe(
      '<div class="reader-note" role="note" lang="ar" dir="rtl"><span>' +
        'الترجمة غير متاحة حاليًا. إليك النص الأصلي؛ حاول مرة أخرى بعد قليل.</span></div>',
    );
    const noEngine = renderArticlePage({
      ...original,
      uiLang: 'en',
      note: { kind: 'noEngine', originalHref: '/x' },
    });
    expect(noteOf(noEngine)).toContain(
      '<span>Translation is not available on this site. Here is the original text.</span>',
    );
    expect(noteOf(noEngine)).not.toContain('<a');
  });

  it('says an article without blocks has no content yet', () => {
    const empty = renderArticlePage({ ...page, lang: 'en', content: content() });
    expect(empty).toContain(
      '<div class="reader-blocks"><p class="reader-empty" style="color:#ffffff">This article has no content yet.</p></div>',
    );
    const elsewhere = renderArticlePage({ ...page, lang: 'fr', uiLang: 'he', content: content() });
    expect(elsewhere).toContain('lang="he" dir="rtl">עדיין אין תוכן במאמר זה.</p>');
    const light = renderArticlePage({
      ...page,
      content: [{ ...meta, backgroundColor: '#ffffff' }],
    });
    expect(light).toContain('style="color:#1f1422"');
    expect(renderArticlePage(page)).not.toContain('<p class="reader-empty"');
  });

  it('tells screen readers that the language button changes the language', () => {
    const html = renderArticlePage(page);
    expect(html).toContain(
      '<a class="reader-language" href="/article?name=joconde&amp;choose=1">' +
        '<span class="reader-sr">Cambiar de idioma</span>Español</a>',
    );
    expect(renderArticlePage({ ...page, uiLang: 'de' })).toContain(
      '<span class="reader-sr" lang="de" dir="ltr">Sprache ändern</span>Español</a>',
    );
    const inert = renderArticlePage({ ...page, languageHref: undefined });
    expect(inert).toContain('<button type="button" class="reader-language">Español</button>');
  });

  it('takes its title from the text it shows, in the page’s language', () => {
    const translated = renderArticlePage({
      ...page,
      content: content({ ...newBlock('text'), content: 'Un retrato.' }),
    });
    expect(translated).toContain('<title>Un retrato.</title>');
    expect(translated).toContain('<h1 class="reader-sr">Un retrato.</h1>');
  });

  it('weighs well under 14 KB compressed for a typical article', () => {
    const paragraph =
      'Peint entre 1503 et 1519, ce portrait de Lisa Gherardini est exposé au Louvre depuis ' +
      "la Révolution. Léonard y emploie le [!sfumato!], un modelé sans contour qui donne à l'ombre " +
      'la douceur de la fumée, et place derrière son modèle un paysage imaginaire.';
    const blocks: Block[] = [];
    for (let i = 0; i < 12; i++) {
      blocks.push({ ...newBlock('text'), content: paragraph, fontSize: 18, lineHeight: 26 });
      blocks.push({ ...newBlock('image'), src: `/media/1/images/p${i}.webp`, alt: 'Détail' });
    }
    const accordion = newBlock('accordion');
    blocks.push({
      ...accordion,
      header: { ...accordion.header, content: 'Pour aller plus loin' },
      details: [{ ...newDetail('text'), content: paragraph.repeat(3) }],
    });
    const html = renderArticlePage({
      ...page,
      content: content(...blocks),
      note: { kind: 'machine', originalHref: '/article?name=joconde&lang=fr' },
    });
    const gzip = gzipSync(html).length;
    console.info(`article page: ${html.length} bytes, ${gzip} bytes gzip`);
    // Measured: about 13 KB raw, 2.1 KB gzip (25 blocks; CSS included, images not).
    expect(gzip).toBeLessThan(14 * 1024);
  });
});

describe('inkOn', () => {
  it('writes white on dark and near black on light backgrounds', () => {
    expect(inkOn('#341539')).toBe('#ffffff');
    expect(inkOn('#000000')).toBe('#ffffff');
    expect(inkOn('#ffffff')).toBe('#1f1422');
    expect(inkOn('#ffd700')).toBe('#1f1422');
    expect(inkOn('not a colour')).toBe('#ffffff');
  });
});

describe('renderNotFoundPage', () => {
  it('explains in French and in English, without script, not indexed', () => {
    const fr = renderNotFoundPage('fr');
    expect(fr).toMatch(/<html lang="fr" dir="ltr">/);
    expect(fr).toContain('<h1>Article introuvable</h1>');
    expect(fr).toContain('QR code');
    const en = renderNotFoundPage('en');
    expect(en).toMatch(/<html lang="en" dir="ltr">/);
    expect(en).toContain('<h1>Article not found</h1>');
    expect(en).toContain('out of date');
    for (const html of [fr, en]) {
      expect(withoutReaderScript(html)).not.toMatch(/<script/i);
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it('speaks any language we have words for, right to left when it is', () => {
    const es = renderNotFoundPage('es-AR');
    expect(es).toMatch(/<html lang="es" dir="ltr">/);
    expect(es).toContain('<title>Artículo no encontrado – Legenda</title>');
    expect(es).toContain('<h1>Artículo no encontrado</h1>');
    expect(es).toContain('recepción del museo');
    const ar = renderNotFoundPage('ar');
    expect(ar).toMatch(/<html lang="ar" dir="rtl">/);
    expect(ar).toContain('<h1>المقال غير موجود</h1>');
    expect(ar).toContain('<main>');
  });

  it('falls back to English for other or malformed languages', () => {
    expect(renderNotFoundPage('sw')).toMatch(/<html lang="en" dir="ltr">.*Article not found/s);
    const hostile = renderNotFoundPage('"><script>alert(1)</script>');
    expect(hostile).toMatch(/<html lang="en" dir="ltr">/);
    expect(withoutReaderScript(hostile)).not.toMatch(/<script/i);
  });
});

describe('VISITOR_PAGE_CSP', () => {
  it('runs only scripts, a worker and fetches of this site, and loads media only from it', () => {
    const directives = new Map(
      VISITOR_PAGE_CSP.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
    );
    expect(directives.get('default-src')).toBe("'none'");
    // reader.js and sw.js (offline reading): nothing inline, no eval, nothing else.
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('worker-src')).toBe("'self'");
    expect(directives.get('connect-src')).toBe("'self'");
    expect(directives.get('style-src')).toBe("'unsafe-inline'");
    expect([...directives.keys()].sort()).toEqual(
      [
        'default-src',
        'script-src',
        'worker-src',
        'connect-src',
        'img-src',
        'media-src',
        'style-src',
        'form-action',
        'base-uri',
        'frame-ancestors',
      ].sort(),
    );
    expect(directives.get('img-src')).toBe("'self'");
    expect(directives.get('media-src')).toBe("'self'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'none'");
  });
});

describe('the visitor’s text size', () => {
  const page: VisitorPage = {
    content: readContent([meta, { ...newBlock('text'), content: 'Bonjour', fontSize: 20 }], 'test'),
    lang: 'ja',
    languageLabel: '日本語',
    languageHref: '/article?name=x&choose=1',
  };
  const sized = (step: number) =>
    renderArticlePage({
      ...page,
      textSize: { step, href: (n) => `/article?name=x&lang=ja&size=${n}` },
    });

  it('scales every text from the root, keeping the curator’s proportions', () => {
    expect(sized(1)).not.toMatch(/html\{background:[^}]*font-size/);
    expect(sized(3)).toContain(';font-size:130%}');
    expect(sized(4)).toContain(';font-size:150%}');
    // Blocks are sized in rem, so the root's size scales them all.
    expect(sized(3)).toContain('font-size:1.25rem');
  });

  it('offers A− and A+ as links in the visitor’s language, the one at its end hidden', () => {
    const first = sized(1);
    expect(first).toMatch(/<span class="reader-size-off" aria-hidden="true">A−<\/span>/);
    expect(first).toMatch(
      /<a class="reader-size-step" href="\/article\?name=x&amp;lang=ja&amp;size=2"><span aria-hidden="true">A\+<\/span><span class="reader-sr"[^>]*>文字を大きく<\/span><\/a>/,
    );
    const last = sized(4);
    expect(last).toMatch(/>A−<\/span><span class="reader-sr"[^>]*>文字を小さく<\/span><\/a>/);
    expect(last).toMatch(/<span class="reader-size-off" aria-hidden="true">A\+<\/span>/);
    // Pinch zoom is never turned off.
    expect(first).toContain('content="width=device-width, initial-scale=1"');
    expect(first).not.toMatch(/user-scalable|maximum-scale/);
    // The editor's preview has no such control.
    expect(renderArticlePage(page)).not.toContain('class="reader-size');
  });
});
