import { describe, expect, it } from 'vitest';
import { articleLabel, articleName, publicTitleBeside, untitledName } from './label.ts';

describe('how staff screens name an article', () => {
  it('is its private name, or one untitled name on every screen', () => {
    expect(articleName({ id: 4, title: 'Salle 2, vitrine 4' })).toBe('Salle 2, vitrine 4');
    expect(articleName({ id: 4, title: '  ' })).toBe('Article 4');
    expect(untitledName(4)).toBe('Article 4');
  });

  it('puts the public title beside the name when it says something else', () => {
    expect(articleLabel({ id: 4, title: 'Vitrine 4', publicTitle: 'La Joconde' })).toBe(
      'Vitrine 4 — La Joconde',
    );
    expect(articleLabel({ id: 4, title: '', publicTitle: 'La Joconde' })).toBe(
      'Article 4 — La Joconde',
    );
    for (const publicTitle of [undefined, null, '', ' ', 'Vitrine 4']) {
      expect(articleLabel({ id: 4, title: 'Vitrine 4', publicTitle })).toBe('Vitrine 4');
      expect(publicTitleBeside({ id: 4, title: 'Vitrine 4', publicTitle })).toBeUndefined();
    }
  });
});
