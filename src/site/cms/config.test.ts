import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The blog's CMS has one language per interface: French at /admin (public/admin/config.yml),
 * English at /en/admin (public/en/admin/config.yml). Both edit the same posts, so the two files
 * may differ only in their words: Decap's own interface (`locale`), the labels, hints,
 * descriptions and the messages of the fields' patterns.
 */
const read = (file: string) => parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
const french = read('public/admin/config.yml');
const english = read('public/en/admin/config.yml');

const WORDS = new Set(['locale', 'label', 'label_singular', 'hint', 'description']);

/** The file without its words: what the CMS does, whatever language it says it in. */
function behaviour(value: unknown, key = ''): unknown {
  if (key === 'pattern' && Array.isArray(value)) return value[0];
  if (Array.isArray(value)) return value.map((item) => behaviour(item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([name]) => !WORDS.has(name))
        .map(([name, item]) => [name, behaviour(item, name)]),
    );
  }
  return value;
}

/** Every word the file shows, with where. */
function words(value: unknown, path = ''): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => words(item, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([name, item]) => {
      if (name === 'pattern' && Array.isArray(item)) return [[`${path}.${name}`, String(item[1])]];
      if (WORDS.has(name) && typeof item === 'string') return [[`${path}.${name}`, item]];
      return words(item, `${path}.${name}`);
    });
  }
  return [];
}

describe('the blog CMS’s two interfaces', () => {
  it('speak French at /admin and English at /en/admin', () => {
    expect(french.locale).toBe('fr');
    expect(english.locale).toBe('en');
  });

  it('edit the same posts the same way', () => {
    expect(behaviour(english)).toEqual(behaviour(french));
  });

  it('are translated everywhere, with each language’s typography', () => {
    const fr = words(french).filter(([, text]) => text !== 'fr' && text !== 'Blog');
    const en = new Map(words(english));
    for (const [path, text] of fr) {
      expect(en.get(path), path).toBeDefined();
      expect(en.get(path), path).not.toBe(text);
      expect(text, path).not.toMatch(/ [:;!?»]|« /);
      expect(en.get(path), path).not.toMatch(/[àâéèêîôûç«»]|\s[:;!?]/i);
    }
  });
});
