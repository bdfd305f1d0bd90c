import { describe, expect, it } from 'vitest';
import { t as translate } from '../../i18n/index.ts';
import type { Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';
import type { ApiResult } from '../../ui/api.ts';
import type { TreeItem } from './schema.ts';
import {
  hrefOf,
  itemLabel,
  moveTargets,
  parentHref,
  placeOf,
  publicationMarks,
  treeHeading,
  writeFailureMessage,
} from './screen.ts';

const tOf =
  (lang: Lang): TFn =>
  (key, vars) =>
    translate(lang, key, vars);
const fr = tOf('fr');
const en = tOf('en');

const article = (id: number, name = ''): TreeItem => ({ id, type: 'article', name });
const folder = (id: number, name: string, children: TreeItem[] = []): TreeItem => ({
  id,
  type: 'folder',
  name,
  children,
});

const showcase = folder(3, 'Vitrine A', [article(4, 'Amphore')]);
const room = folder(2, 'Salle 1', [showcase, folder(5, ''), article(6)]);
const roots = [room, article(1, 'Accueil')];

const answer = (status: number, body: unknown = null): ApiResult => ({
  status,
  ok: status >= 200 && status < 300,
  body,
  headers: new Headers(),
});
const refusal = (status: number, code: string) =>
  answer(status, { error: { code, message: 'English words.' } });

describe('placeOf', () => {
  it('shows the root before the tree is loaded, with no lines and no verdict yet', () => {
    expect(placeOf(null, [])).toEqual({
      folders: null,
      notFound: false,
      items: [],
      folderPath: [],
    });
    expect(placeOf(null, [2, 3])).toMatchObject({ folders: null, notFound: false, items: [] });
  });

  it('finds the folder a path names and shows its lines', () => {
    expect(placeOf(roots, [])).toEqual({
      folders: [],
      notFound: false,
      items: roots,
      folderPath: [],
    });
    const place = placeOf(roots, [2, 3]);
    expect(place.folders?.map((f) => f.name)).toEqual(['Salle 1', 'Vitrine A']);
    expect(place.items).toEqual([article(4, 'Amphore')]);
    expect(place.folderPath).toEqual([2, 3]);
    expect(place.notFound).toBe(false);
  });

  it('is not found for no folder path, or, once loaded, a path leading nowhere', () => {
    expect(placeOf(null, null)).toMatchObject({ notFound: true, folderPath: [] });
    expect(placeOf(roots, [3])).toMatchObject({ notFound: true, folders: null, items: roots });
    expect(placeOf(roots, [2, 6]).notFound).toBe(true);
  });
});

describe('itemLabel', () => {
  it('is the name, or a numbered stand-in in the interface language', () => {
    expect(itemLabel(fr, article(4, 'Amphore'))).toBe('Amphore');
    expect(itemLabel(fr, article(6))).toBe('Article 6');
    expect(itemLabel(fr, folder(5, ''))).toBe('Dossier 5');
    expect(itemLabel(en, folder(5, ''))).toBe('Folder 5');
  });
});

describe('treeHeading', () => {
  it('spaces the path’s slashes, and says only Articles at the root', () => {
    expect(treeHeading(fr, [room])).toBe('Articles / Salle 1');
    expect(treeHeading(en, [room, showcase])).toBe('Articles / Salle 1 / Vitrine A');
    expect(treeHeading(fr, [room, folder(5, '')])).toBe('Articles / Salle 1 / Dossier 5');
    expect(treeHeading(fr, [])).toBe('Articles');
  });
});

describe('links', () => {
  it('opens folders below the current one and articles in the editor', () => {
    expect(hrefOf('fr', [], room)).toBe('/articles/2');
    expect(hrefOf('en', [2], showcase)).toBe('/en/articles/2/3');
    expect(hrefOf('fr', [2, 3], article(4))).toBe('/article?id=4');
    expect(hrefOf('en', [2, 3], article(4))).toBe('/en/article?id=4');
  });

  it('goes back to the folder above, or the root from a top-level folder', () => {
    expect(parentHref('fr', [2])).toBe('/articles');
    expect(parentHref('fr', [2, 3])).toBe('/articles/2');
    expect(parentHref('en', [2, 3, 7])).toBe('/en/articles/2/3');
  });
});

describe('moveTargets', () => {
  it('offers the sibling folders at the root, never the item itself', () => {
    const siblings = [folder(7, 'Réserve'), folder(8, ''), article(9)];
    expect(moveTargets(fr, [], siblings, siblings[0]!)).toEqual([
      { key: 'folder-8', label: 'Dossier 8', toPathArray: [8], toFolderId: 8 },
    ]);
    expect(moveTargets(fr, [], siblings, siblings[2]!).map((m) => m.key)).toEqual([
      'folder-7',
      'folder-8',
    ]);
  });

  it('offers the parent first below the root', () => {
    const items = room.children!;
    expect(moveTargets(fr, [2], items, article(6))).toEqual([
      { key: 'parent', label: '.. (dossier parent)', toPathArray: [], toFolderId: null },
      { key: 'folder-3', label: 'Vitrine A', toPathArray: [2, 3], toFolderId: 3 },
      { key: 'folder-5', label: 'Dossier 5', toPathArray: [2, 5], toFolderId: 5 },
    ]);
    expect(moveTargets(en, [2, 3], [article(4)], article(4))).toEqual([
      { key: 'parent', label: en('tree.parent'), toPathArray: [2], toFolderId: 2 },
    ]);
  });
});

describe('writeFailureMessage', () => {
  it("names the tree's own refusals", () => {
    expect(writeFailureMessage(fr, refusal(422, 'invalid_move'), 'other')).toBe(
      fr('tree.invalidMove'),
    );
    expect(writeFailureMessage(fr, refusal(404, 'not_found'), 'other')).toBe(
      fr('tree.notFoundError'),
    );
    expect(writeFailureMessage(fr, answer(404), 'name')).toBe(fr('tree.notFoundError'));
  });

  it('says a refused name is invalid only for writes of a name', () => {
    expect(writeFailureMessage(en, refusal(422, 'invalid_body'), 'name')).toBe(
      en('tree.invalidName'),
    );
    expect(writeFailureMessage(en, answer(400), 'name')).toBe(en('tree.invalidName'));
    expect(writeFailureMessage(en, answer(400), 'other')).toBe(en('tree.writeFailed'));
  });

  it('tells other refusals by their code, and a failure without one generically', () => {
    expect(writeFailureMessage(fr, refusal(422, 'invalid_path'), 'other')).toBe(
      fr('apiErrors.invalid_path'),
    );
    expect(writeFailureMessage(fr, answer(500), 'other')).toBe(fr('tree.writeFailed'));
  });
});

describe('publicationMarks', () => {
  const article = (more: Partial<TreeItem>): TreeItem => ({
    id: 5,
    type: 'article',
    name: 'Harp',
    ...more,
  });

  it('marks nothing on a published article or a folder', () => {
    expect(publicationMarks(fr, 'fr', article({}), 'Europe/Paris')).toEqual([]);
    expect(
      publicationMarks(fr, 'fr', { id: 1, type: 'folder', name: 'Hall' }, 'Europe/Paris'),
    ).toEqual([]);
  });

  it('marks an article not published, and one with a draft', () => {
    expect(
      publicationMarks(en, 'en', article({ publication: 'unpublished', hasDraft: true }), null),
    ).toEqual([
      { kind: 'unpublished', text: 'Not published' },
      { kind: 'draft', text: 'Draft' },
    ]);
    expect(publicationMarks(fr, 'fr', article({ hasDraft: true }), null)).toEqual([
      { kind: 'draft', text: 'Brouillon' },
    ]);
  });

  it('dates a planned publish on the museum clocks, its zone named in full', () => {
    const item = article({ publication: 'scheduled', publishAt: '2027-03-01T08:00:00.000Z' });
    expect(publicationMarks(fr, 'fr', item, 'Europe/Paris')).toEqual([
      {
        kind: 'scheduled',
        text: 'Prévu le 1 mars 2027 à 09:00',
        title: 'Publication prévue le 1 mars 2027 à 09:00 (heure de Paris)',
      },
    ]);
    expect(publicationMarks(en, 'en', item, null)).toEqual([
      { kind: 'scheduled', text: 'Scheduled' },
    ]);
  });

  it('dates a planned end on the guide on the museum clocks (ADR 0038)', () => {
    const item = article({ unpublishAt: '2027-03-01T17:00:00.000Z' });
    expect(publicationMarks(fr, 'fr', item, 'Europe/Paris')).toEqual([
      {
        kind: 'ending',
        text: 'Quitte le guide le 1 mars 2027 à 18:00',
        title: 'Quitte le guide le 1 mars 2027 à 18:00 (heure de Paris)',
      },
    ]);
    expect(publicationMarks(en, 'en', item, 'Europe/Paris')).toEqual([
      {
        kind: 'ending',
        text: 'Leaves the guide on 1 March 2027 at 18:00',
        title: 'Leaves the guide on 1 March 2027 at 18:00 (Paris time)',
      },
    ]);
  });
});
