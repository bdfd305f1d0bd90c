import { describe, expect, it } from 'vitest';
import {
  countArticles,
  folderPathFromPathname,
  nextFolderName,
  resolveFolderPath,
} from './names.ts';
import type { TreeItem } from './schema.ts';

describe('nextFolderName', () => {
  it('starts at 1 in each language', () => {
    expect(nextFolderName('fr', [])).toBe('Nouveau dossier 1');
    expect(nextFolderName('en', [])).toBe('New folder 1');
    expect(nextFolderName('en', ['Room 1', 'Showcase'])).toBe('New folder 1');
  });

  it('takes one more than the highest number, leaving gaps alone', () => {
    expect(nextFolderName('fr', ['Nouveau dossier 1', 'Nouveau dossier 2'])).toBe(
      'Nouveau dossier 3',
    );
    expect(nextFolderName('en', ['New folder 1', 'New folder 3'])).toBe('New folder 4');
    expect(nextFolderName('en', ['New folder 12', 'New folder 9'])).toBe('New folder 13');
  });

  it('counts only the names of the current language', () => {
    expect(nextFolderName('fr', ['New folder 5'])).toBe('Nouveau dossier 1');
    expect(nextFolderName('en', ['Nouveau dossier 5', 'New folder 2'])).toBe('New folder 3');
  });

  it('ignores names that only look alike', () => {
    expect(
      nextFolderName('en', [
        'New folder',
        'New folder 7b',
        'New folder -3',
        'New folder 2.5',
        'New folders 9',
        'new folder 8',
        ' New folder 6',
        'New folder  4',
      ]),
    ).toBe('New folder 1');
  });
});

describe('folderPathFromPathname', () => {
  it('reads the folder ids in both languages', () => {
    expect(folderPathFromPathname('/articles')).toEqual([]);
    expect(folderPathFromPathname('/articles/')).toEqual([]);
    expect(folderPathFromPathname('/en/articles')).toEqual([]);
    expect(folderPathFromPathname('/articles/3/17')).toEqual([3, 17]);
    expect(folderPathFromPathname('/en/articles/3/17/')).toEqual([3, 17]);
  });

  it('refuses what is not an id', () => {
    expect(folderPathFromPathname('/articles/abc')).toBeNull();
    expect(folderPathFromPathname('/articles/0')).toBeNull();
    expect(folderPathFromPathname('/articles/1.5')).toBeNull();
    expect(folderPathFromPathname('/articles/99999999999999999')).toBeNull();
    expect(folderPathFromPathname('/dashboard')).toBeNull();
  });
});

const tree: TreeItem[] = [
  {
    id: 1,
    type: 'folder',
    name: 'Salle 1',
    children: [
      {
        id: 4,
        type: 'folder',
        name: 'Vitrine A',
        children: [
          { id: 6, type: 'article', name: '' },
          {
            id: 7,
            type: 'folder',
            name: 'Tiroir',
            children: [{ id: 8, type: 'article', name: 'x' }],
          },
        ],
      },
      { id: 5, type: 'article', name: 'Amphore' },
    ],
  },
  { id: 2, type: 'article', name: 'Accueil' },
];

describe('resolveFolderPath', () => {
  it('follows folders from the root', () => {
    expect(resolveFolderPath(tree, [])).toEqual([]);
    expect(resolveFolderPath(tree, [1, 4])?.map((folder) => folder.name)).toEqual([
      'Salle 1',
      'Vitrine A',
    ]);
  });

  it('refuses articles, unknown ids and folders in another place', () => {
    expect(resolveFolderPath(tree, [2])).toBeNull();
    expect(resolveFolderPath(tree, [99])).toBeNull();
    expect(resolveFolderPath(tree, [4])).toBeNull();
    expect(resolveFolderPath(tree, [1, 5])).toBeNull();
  });
});

describe('countArticles', () => {
  it('counts articles at every depth', () => {
    const [room, welcome] = tree as [TreeItem, TreeItem];
    expect(countArticles(room)).toBe(3);
    expect(countArticles(welcome)).toBe(1);
    expect(countArticles({ id: 9, type: 'folder', name: 'empty', children: [] })).toBe(0);
  });
});
