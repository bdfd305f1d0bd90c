import { describe, expect, it } from 'vitest';
import { t as translate } from '../../i18n/index.ts';
import type { Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';
import { draftHref, draftOf, liveHref, parseArticle } from './article.ts';
import { endingText, publicationText, publishingChoices } from './publicationText.ts';

const tOf =
  (lang: Lang): TFn =>
  (key, vars) =>
    translate(lang, key, vars);

const published = {
  state: 'published' as const,
  publishedAt: '2026-11-27T13:05:00.000Z',
  publishAt: null,
  unpublishAt: null,
};
const scheduled = {
  state: 'scheduled' as const,
  publishedAt: null,
  publishAt: '2027-03-01T08:00:00.000Z',
  unpublishAt: null,
};
const unpublished = {
  state: 'unpublished' as const,
  publishedAt: null,
  publishAt: null,
  unpublishAt: null,
};

describe('publicationText: what visitors read, times on the museum clocks', () => {
  it('says since when an article is published, its zone named', () => {
    expect(publicationText(tOf('fr'), 'fr', published, 'Europe/Paris')).toBe(
      'Publié depuis le 27 novembre 2026 à 14:05 (heure de Paris)',
    );
    expect(publicationText(tOf('en'), 'en', published, 'America/New_York')).toBe(
      'Published since 27 November 2026 at 08:05 (New York time)',
    );
  });

  it('says when a planned publish is, and that an article is not published', () => {
    expect(publicationText(tOf('fr'), 'fr', scheduled, 'Europe/Paris')).toBe(
      'Publication prévue le 1 mars 2027 à 09:00 (heure de Paris)',
    );
    expect(publicationText(tOf('en'), 'en', scheduled, 'Europe/Paris')).toBe(
      'Scheduled for 1 March 2027 at 09:00 (Paris time)',
    );
    expect(publicationText(tOf('en'), 'en', unpublished, null)).toBe(
      'Not published: visitors cannot see it',
    );
  });

  it('says no time before the museum zone is known', () => {
    expect(publicationText(tOf('fr'), 'fr', published, null)).toBeNull();
    expect(publicationText(tOf('fr'), 'fr', undefined, 'Europe/Paris')).toBeNull();
  });

  it('offers the actions that apply', () => {
    expect(publishingChoices(published, false)).toEqual({
      scheduled: false,
      end: true,
      ending: false,
      discard: false,
      unpublish: true,
    });
    expect(publishingChoices(scheduled, true)).toEqual({
      scheduled: true,
      end: true,
      ending: false,
      discard: true,
      unpublish: false,
    });
    expect(
      publishingChoices({ ...scheduled, publishedAt: published.publishedAt }, false),
    ).toMatchObject({ unpublish: true });
    expect(publishingChoices(unpublished, true)).toMatchObject({ unpublish: false, end: false });
  });
});

describe('endingText: when the article leaves the guide (ADR 0038)', () => {
  const ending = { ...published, unpublishAt: '2027-03-01T17:00:00.000Z' };

  it('says it on the museum clocks, its zone named; the menu offers to change or call it off', () => {
    expect(endingText(tOf('fr'), 'fr', ending, 'Europe/Paris')).toBe(
      'Quitte le guide le 1 mars 2027 à 18:00 (heure de Paris)',
    );
    expect(endingText(tOf('en'), 'en', ending, 'Europe/Paris')).toBe(
      'Leaves the guide on 1 March 2027 at 18:00 (Paris time)',
    );
    expect(publishingChoices(ending, false)).toMatchObject({ end: true, ending: true });
  });

  it('says nothing when no end is planned or the zone is not known', () => {
    expect(endingText(tOf('fr'), 'fr', published, 'Europe/Paris')).toBeNull();
    expect(endingText(tOf('fr'), 'fr', ending, null)).toBeNull();
  });
});

describe('the editor opens the draft', () => {
  const answer = {
    id: 7,
    name: 'harp',
    unformatted_name: 'Harp',
    instructions: '',
    content: [{ type: 'metadatas', url: 'harp' }],
    revision: 4,
    publication: published,
  };

  it('edits the published version when there is no draft', () => {
    const article = parseArticle({ ...answer, draft: null })!;
    expect(article.draft).toBeUndefined();
    expect(article.publication).toEqual(published);
    expect(draftOf(article).title).toBe('Harp');
  });

  it('edits the draft when there is one, and links its preview', () => {
    const draft = {
      content: [{ type: 'metadatas', url: 'harp' }, { type: 'space' }],
      unformatted_name: 'Harp (new)',
      instructions: 'Look up',
    };
    const article = parseArticle({ ...answer, draft })!;
    const edited = draftOf(article);
    expect(edited.title).toBe('Harp (new)');
    expect(edited.instructions).toBe('Look up');
    expect(edited.content.map((block) => block.type)).toEqual(['metadatas', 'space']);
    expect(draftHref('a b')).toBe('/article?name=a%20b&preview=draft');
    expect(liveHref('a b')).toBe('/article?name=a%20b&ignoreStats=true');
  });
});
