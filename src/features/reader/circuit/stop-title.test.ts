import { describe, expect, it } from 'vitest';
import { documentOf } from './circuit-document.ts';

/** A circuit's stops are named as their visitor pages are: the public title, else first words. */
describe('a circuit stop’s name', () => {
  it('is the article’s public title when it has one, sent to the translator as a stop text', () => {
    const stop = (articleId: number, publicTitle?: string) => ({
      articleId,
      name: `a-${articleId}`,
      content: [
        { type: 'metadatas', url: `a-${articleId}`, publicTitle },
        { type: 'text', content: 'Premiers mots du panneau' },
      ],
    });
    const { content, stops } = documentOf({
      id: 1,
      museumId: 1,
      name: 'parcours',
      title: 'Le parcours',
      intro: '',
      language: 'fr',
      stops: [stop(1, 'La Joconde'), stop(2), stop(3, '  ')],
    });
    expect(stops.map((s) => s.title)).toEqual([
      'La Joconde',
      'Premiers mots du panneau',
      'Premiers mots du panneau',
    ]);
    expect(content.slice(1)).toContainEqual(
      expect.objectContaining({ id: 'stop-1', content: 'La Joconde' }),
    );
  });
});
