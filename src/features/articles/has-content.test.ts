import { describe, expect, it } from 'vitest';
import { storedHasContent } from './has-content.ts';

const meta = { type: 'metadatas', url: 'salle', publicTitle: 'Un titre seul' };
const has = (...blocks: unknown[]) => storedHasContent([meta, ...blocks], 'salle');

describe('whether an article has content for visitors', () => {
  it('finds none in no blocks, or only empty ones (a public title alone is not content)', () => {
    expect(has()).toBe(false);
    expect(storedHasContent(undefined, 'salle')).toBe(false);
    expect(
      has(
        { type: 'text', content: ' \n\t' },
        { type: 'space' },
        { type: 'image', src: '' },
        { type: 'video', src: '', videoId: '' },
        { type: 'audio', src: '', caption: ' ' },
        { type: 'link', content: '', link: 'https://example.org' },
        { type: 'legendItem', content: '' },
        { type: 'accordion', header: { content: '' }, details: [{ type: 'text', content: '' }] },
      ),
    ).toBe(false);
  });

  it('finds words, a picture, a video, a recording, or an accordion with any of them', () => {
    expect(has({ type: 'text', content: 'Un mot' })).toBe(true);
    expect(has({ type: 'image', src: '/media/a.jpg' })).toBe(true);
    expect(has({ type: 'video', videoId: 'Ab12Cd' })).toBe(true);
    expect(has({ type: 'audio', src: '/media/a.mp3' })).toBe(true);
    expect(has({ type: 'link', content: 'Le site', link: 'https://example.org' })).toBe(true);
    expect(has({ type: 'legendItem', src: '/media/a.jpg' })).toBe(true);
    expect(has({ type: 'accordion', header: { content: 'En savoir plus' } })).toBe(true);
    expect(has({ type: 'accordion', details: [{ type: 'image', src: '/media/a.jpg' }] })).toBe(
      true,
    );
  });
});
