import { describe, expect, it } from 'vitest';
import { readContent } from '../../articles/content.ts';
import { renderArticlePage } from './page.ts';
import { MAX_TITLE, ownTitle, publicTitle, shorten } from './title.ts';

const article = (...blocks: unknown[]) =>
  readContent([{ type: 'metadatas', url: 'x', backgroundColor: '#102030' }, ...blocks], 'x');

describe('publicTitle', () => {
  it('is the first text a visitor reads, without the italics markers', () => {
    expect(
      publicTitle(
        article(
          { type: 'image', src: '/media/1/images/a.png', alt: 'Une amphore' },
          { type: 'space' },
          { type: 'text', content: '  L’[!Amphore!] de   Marseille ' },
          { type: 'text', content: 'Second paragraphe.' },
        ),
      ),
    ).toBe('L’Amphore de Marseille');
  });

  it('takes a link, a legend or an accordion header when they come first, skipping blanks', () => {
    expect(
      publicTitle(
        article({ type: 'text', content: ' [!!] ' }, { type: 'link', content: 'Le port' }),
      ),
    ).toBe('Le port');
    expect(publicTitle(article({ type: 'legendItem', content: 'Carte' }))).toBe('Carte');
    expect(
      publicTitle(article({ type: 'accordion', header: { content: 'Plus' }, details: [] })),
    ).toBe('Plus');
    // A sound's caption, never its transcript.
    expect(
      publicTitle(
        article(
          { type: 'audio', src: '/media/1/audio/a.mp3', transcript: 'Tout le texte' },
          { type: 'audio', caption: 'Le gardien raconte', transcript: 'Bonjour' },
        ),
      ),
    ).toBe('Le gardien raconte');
  });

  it('is undefined for an article without text', () => {
    expect(publicTitle(article())).toBeUndefined();
    expect(
      publicTitle(article({ type: 'image', src: '/media/1/images/a.png', alt: 'A' })),
    ).toBeUndefined();
  });

  it('is cut on a word boundary', () => {
    const long =
      'Peint entre 1503 et 1519, ce portrait de Lisa Gherardini est exposé au Louvre depuis la Révolution.';
    const title = publicTitle(article({ type: 'text', content: long }))!;
    expect(title).toBe('Peint entre 1503 et 1519, ce portrait de Lisa Gherardini…');
    expect(Array.from(title).length).toBeLessThanOrEqual(MAX_TITLE);
  });
});

describe('shorten', () => {
  it('keeps a word that ends right at the limit', () => {
    expect(
      shorten('Amphore abcdefgh : une jarre à vin romaine trouvée au large de Marseille.'),
    ).toBe('Amphore abcdefgh : une jarre à vin romaine trouvée au large…');
  });

  it('leaves short text alone and cuts a text without spaces on characters', () => {
    expect(shorten('Court.')).toBe('Court.');
    const japanese =
      'これは港の博物館に展示されている古いアンフォラについての長い説明文です。'.repeat(2);
    const cut = shorten(japanese);
    expect(Array.from(cut)).toHaveLength(MAX_TITLE);
    expect(cut.endsWith('…')).toBe(true);
  });
});

describe('the public title the curator wrote', () => {
  const titled = (publicTitle: string | undefined, ...blocks: unknown[]) =>
    readContent(
      [{ type: 'metadatas', url: 'x', backgroundColor: '#ffffff', publicTitle }, ...blocks],
      'x',
    );
  const page = (content: ReturnType<typeof titled>) =>
    renderArticlePage({ content, lang: 'fr', languageLabel: 'Français' });

  it('names the page before its first words, whole, without the italics markers', () => {
    const long = `La ${'très '.repeat(20)}longue histoire`;
    const content = titled(long, { type: 'text', content: 'Premier paragraphe' });
    expect(ownTitle(content)).toBe(long);
    expect(publicTitle(content)).toBe(long);
    expect(publicTitle(titled('Le [!Belem!]', { type: 'text', content: 'x' }))).toBe('Le Belem');
  });

  it('is the visible heading and the tab title; without one the first words stay, heard only', () => {
    const html = page(titled('Le port', { type: 'text', content: 'Premier paragraphe' }));
    expect(html).toContain('<title>Le port</title>');
    // Visible, in the page's ink on its background (near black on white).
    expect(html).toContain('<h1 class="reader-title" style="color:#1f1422">Le port</h1>');
    expect(html.match(/<h1/g)).toHaveLength(1);

    for (const none of [undefined, '', '   ']) {
      const plain = page(titled(none, { type: 'text', content: 'Premier paragraphe' }));
      expect(plain).toContain('<title>Premier paragraphe</title>');
      expect(plain).toContain('<h1 class="reader-sr">Premier paragraphe</h1>');
      expect(plain).not.toContain('<h1 class="reader-title"');
    }
  });

  it('escapes hostile markup in the heading and the tab title', () => {
    const html = page(titled('<img src=x onerror=alert(1)></title><script>x</script>'));
    expect(html).not.toMatch(/<img|<script>x/);
    expect(html).toContain('<title>&lt;img src=x onerror=alert(1)&gt;&lt;/title&gt;');
  });
});
