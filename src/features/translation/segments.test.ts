import { describe, expect, it } from 'vitest';
import { article } from './fixtures.ts';
import { applyTranslations, extractSegments } from './segments.ts';

const content = article([
  { type: 'text', content: 'Bonjour [!tout!] le monde', color: '#ff0000', fontSize: 20 },
  { type: 'image', src: '/media/1/image-a.png', alt: 'Un navire' },
  { type: 'video', src: '/media/1/video-a.mp4', videoId: 'abc123' },
  { type: 'space', size: 30 },
  { type: 'link', content: 'Le site', link: 'https://example.org/page', alt: 'Logo' },
  {
    type: 'accordion',
    header: { content: 'En savoir plus' },
    details: [
      { type: 'text', content: 'Détail un' },
      { type: 'image', alt: '' },
      { type: 'legendItem', content: 'Légende', alt: 'Carte du port' },
      { type: 'space' },
    ],
  },
  { type: 'legendItem', content: '   ', alt: '\n' },
  { type: 'text', content: '1789' },
  { type: 'text', content: '' },
  {
    type: 'audio',
    src: '/media/1/audio/abc.mp3',
    caption: 'Le conservateur raconte',
    transcript: 'Bienvenue dans la [!salle 3!].\nIci, le port.',
    color: '#00ff00',
  },
  { type: 'audio', src: '/media/1/audio/def.mp3', caption: ' ', transcript: '' },
]);

describe('extractSegments', () => {
  it('takes the texts a visitor reads, by stable path, and nothing else', () => {
    expect(extractSegments(content)).toEqual([
      { id: '1.content', text: 'Bonjour [!tout!] le monde', ref: 'p1.content' },
      { id: '2.alt', text: 'Un navire', ref: 'p2.alt' },
      { id: '5.content', text: 'Le site', ref: 'p5.content' },
      { id: '5.alt', text: 'Logo', ref: 'p5.alt' },
      { id: '6.header.content', text: 'En savoir plus', ref: 'p6.header' },
      { id: '6.details.0.content', text: 'Détail un', ref: 'p6-1.content' },
      { id: '6.details.2.content', text: 'Légende', ref: 'p6-3.content' },
      { id: '6.details.2.alt', text: 'Carte du port', ref: 'p6-3.alt' },
      { id: '10.caption', text: 'Le conservateur raconte', ref: 'p10.caption' },
      {
        id: '10.transcript',
        text: 'Bienvenue dans la [!salle 3!].\nIci, le port.',
        ref: 'p10.transcript',
      },
    ]);
  });

  it('never sends URLs, colours, sizes, ids or types', () => {
    const sent = JSON.stringify(extractSegments(content));
    for (const value of [
      'https://',
      '/media/',
      '#ff0000',
      '#00ff00',
      'abc123',
      'metadatas',
      'accordion',
      'audio',
    ]) {
      expect(sent).not.toContain(value);
    }
  });

  it('gives an empty list for an article without text', () => {
    expect(extractSegments(article([{ type: 'space' }, { type: 'video' }]))).toEqual([]);
  });
});

describe('applyTranslations', () => {
  it('puts the texts in place and leaves everything else as it was', () => {
    const translated = new Map([
      ['1.content', 'Hello [!all!] the world'],
      ['5.alt', 'Logo EN'],
      ['6.details.2.alt', 'Map of the port'],
    ]);
    const out = applyTranslations(content, translated);
    expect(out).not.toBe(content);
    expect(out[1]).toEqual({ ...content[1], content: 'Hello [!all!] the world' });
    expect(out[5]).toEqual({ ...content[5], alt: 'Logo EN' });
    const accordion = out[6];
    const before = content[6];
    if (accordion?.type !== 'accordion' || before?.type !== 'accordion') throw new Error('type');
    expect(accordion.header).toBe(before.header);
    expect(accordion.details[0]).toBe(before.details[0]);
    expect(accordion.details[2]).toEqual({ ...before.details[2], alt: 'Map of the port' });
    // Unchanged blocks keep their identity; the input is not modified.
    expect(out[0]).toBe(content[0]);
    for (const i of [2, 3, 4, 7, 8, 9]) expect(out[i]).toBe(content[i]);
    expect(content[1]).toMatchObject({ content: 'Bonjour [!tout!] le monde' });
    expect(out).toHaveLength(content.length);
  });

  it('round-trips every extracted segment', () => {
    const segments = extractSegments(content);
    const out = applyTranslations(content, new Map(segments.map((s) => [s.id, `T:${s.text}`])));
    expect(extractSegments(out)).toEqual(segments.map((s) => ({ ...s, text: `T:${s.text}` })));
  });

  it("puts a sound's caption and transcript in place, the recording untouched (read aloud)", () => {
    const out = applyTranslations(
      content,
      new Map([
        ['10.caption', 'The curator tells'],
        ['10.transcript', 'Welcome to [!room 3!].\nHere, the harbour.'],
      ]),
    );
    expect(out[10]).toEqual({
      ...content[10],
      caption: 'The curator tells',
      transcript: 'Welcome to [!room 3!].\nHere, the harbour.',
    });
    expect(out[10]).toMatchObject({ src: '/media/1/audio/abc.mp3', color: '#00ff00' });
    expect(out[11]).toBe(content[11]);
  });

  it('changes only an accordion header when only it is translated', () => {
    const out = applyTranslations(content, new Map([['6.header.content', 'Learn more']]));
    const accordion = out[6];
    const before = content[6];
    if (accordion?.type !== 'accordion' || before?.type !== 'accordion') throw new Error('type');
    expect(accordion.header.content).toBe('Learn more');
    expect(accordion.header.fontSize).toBe(before.header.fontSize);
    expect(accordion.details).toBe(before.details);
  });

  it('ignores ids that are not segments of the article', () => {
    const out = applyTranslations(
      content,
      new Map([
        ['3.src', 'x'],
        ['99.content', 'y'],
      ]),
    );
    expect(out).toEqual(content);
  });
});
