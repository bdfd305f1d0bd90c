import { describe, expect, it } from 'vitest';
import { t as translate } from '../../i18n/index.ts';
import type { TFn } from '../../i18n/react.ts';
import { articleIdOf } from '../articles/article-id.ts';
import { draftOf, liveHref, type ArticleAnswer } from './article.ts';
import { newBlock, newDetail, type AccordionElement } from '../articles/content.ts';
import { describeProblem, urlMessage } from './problems.ts';
import type { Draft } from './state.ts';
import { checkDraft, pathOfServerDetail } from './validate.ts';

const en: TFn = (key, vars) => translate('en', key, vars);
const fr: TFn = (key, vars) => translate('fr', key, vars);

function draft(patch: Partial<Draft> = {}): Draft {
  return {
    title: 'Amphore',
    instructions: '',
    content: [
      { type: 'metadatas', url: 'amphore', backgroundColor: '#341539' },
      { ...newBlock('text'), content: 'Bonjour' },
      {
        ...newBlock('accordion'),
        details: [newDetail('text'), { ...newDetail('link'), link: 'javascript:alert(1)' }],
      },
    ],
    ...patch,
  };
}

describe('checkDraft', () => {
  it('passes a valid article and hands back the parsed content', () => {
    const valid = draft();
    (valid.content[2] as AccordionElement).details[1] = newDetail('link');
    const checked = checkDraft({ ...valid, content: [...valid.content] as Draft['content'] });
    expect(checked.ok).toBe(true);
  });

  it('names every problem by its path', () => {
    const bad = draft({ title: '  ', instructions: 'a\u0007b' });
    bad.content[0] = { ...bad.content[0], url: 'salle 3' };
    const checked = checkDraft(bad);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems.map((problem) => problem.path)).toEqual([
      ['title'],
      ['instructions'],
      [0, 'url'],
      [2, 'details', 1, 'link'],
    ]);
  });

  it('says where and what in the interface language', () => {
    const bad = draft();
    const checked = checkDraft(bad);
    if (checked.ok) throw new Error('expected problems');
    const [problem] = checked.problems;
    expect(describeProblem(en, bad, problem!)).toBe(
      'Element 2: Accordion, Detail 2: Link, Link (http, https or mailto): The link must start with http://, https:// or mailto:',
    );
    expect(describeProblem(fr, bad, problem!)).toBe(
      'Élément 2\u00a0: Accordéon, Détail 2\u00a0: Lien, Lien (http, https ou mailto)\u00a0: Le lien doit commencer par http://, https:// ou mailto:',
    );
    const server = { path: pathOfServerDetail('newContent.1.fontSize'), message: 'too big' };
    expect(describeProblem(en, bad, server, server.message)).toBe(
      'Element 1: Text, Font size (px): too big',
    );
  });
});

describe('urlMessage', () => {
  it('follows the url rule: letters, digits and dashes standing for spaces', () => {
    expect(urlMessage(en, 'salle-3-amphore')).toBeNull();
    expect(urlMessage(en, '')).toBe(en('editor.errors.urlEmpty'));
    for (const bad of ['salle 3', '-salle', 'salle-', 'salle--3', 'été', 'a/b']) {
      expect(urlMessage(en, bad), bad).toBe(en('editor.errors.urlPattern'));
    }
    expect(urlMessage(en, 'a'.repeat(101))).toBe(en('editor.errors.tooLong', { max: 100 }));
  });
});

describe('the article answer', () => {
  const answer = (content: unknown[]): ArticleAnswer => ({
    id: 7,
    name: 'article-abc',
    unformatted_name: 'Vase',
    instructions: 'Lexique',
    content,
    revision: 1,
  });

  it('fills the defaults and leaves out blocks that do not parse', () => {
    const loaded = draftOf(
      answer([
        { type: 'metadatas', url: 'vase', backgroundColor: '#000000' },
        { type: 'text', content: 'Un' },
        { type: 'script', content: 'no' },
        { type: 'space' },
      ]),
    );
    expect(loaded.title).toBe('Vase');
    expect(loaded.instructions).toBe('Lexique');
    expect(loaded.content).toEqual([
      { type: 'metadatas', url: 'vase', backgroundColor: '#000000' },
      // Named by position in what was stored: the script was the second element.
      { ...newBlock('text'), id: 'p1', content: 'Un' },
      { ...newBlock('space'), id: 'p3' },
    ]);
  });

  it('keeps a bad url visible, to be fixed, and falls back to the public name', () => {
    expect(draftOf(answer([{ type: 'metadatas', url: 'un vase' }])).content[0]).toEqual({
      type: 'metadatas',
      url: 'un vase',
      backgroundColor: '#341539',
    });
    expect(draftOf(answer([])).content[0].url).toBe('article-abc');
  });

  it('reads the id of the address and makes the live link', () => {
    expect(articleIdOf('12')).toBe(12);
    for (const bad of [null, undefined, '', '0', '-1', '1.5', 'abc', '12abc', '99999999999']) {
      expect(articleIdOf(bad), String(bad)).toBeNull();
    }
    expect(liveHref('salle-3')).toBe('/article?name=salle-3&ignoreStats=true');
  });
});
