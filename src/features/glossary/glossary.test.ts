import { describe, expect, it } from 'vitest';
import type { FakeOpenAI } from '../../../tests/helpers/fake-openai.ts';
import { publishArticle, useTranslationApp } from '../../../tests/helpers/translation-app.ts';
import type { TestApp } from '../../../tests/helpers/use-test-app.ts';
import type { GlossaryEntry, GlossaryList } from './schema.ts';

/**
 * The museum's glossary API on a real database (routes, scope, bad input),
 * and what it does to translations: only the entries a text holds go with it to the engine, a
 * changed entry has only the texts holding its term translated again, an entry not followed is
 * retried once and then flagged on the review screen.
 */
let fake: FakeOpenAI;
let t: TestApp;
let cookie: string;
let other: string;

const app = useTranslationApp((s) => ({ t, cookie, other, fake } = s));

const saveTerm = (body: unknown, as = cookie) =>
  t.postJson('/api/manage/save_glossary_term', body, { cookie: as });
const deleteTerm = (body: unknown, as = cookie) =>
  t.postJson('/api/manage/delete_glossary_term', body, { cookie: as });
const list = async (as = cookie): Promise<GlossaryList> => {
  const res = await t.request('/api/read/glossary', { headers: { cookie: as } });
  expect(res.status).toBe(200);
  return (await res.json()) as GlossaryList;
};

async function added(body: Record<string, unknown>): Promise<GlossaryEntry> {
  const res = await saveTerm(body);
  expect(res.status).toBe(201);
  return (await res.json()) as GlossaryEntry;
}

/** The 422's field names. */
async function fieldsOf(res: Response): Promise<string[]> {
  expect(res.status).toBe(422);
  const body = (await res.json()) as { error: { code: string; details: { path: string }[] } };
  expect(body.error.code).toBe('invalid_body');
  return body.error.details.map((d) => d.path);
}

describe('the glossary API', () => {
  it('adds, lists by term, changes and deletes entries', async () => {
    expect(await list()).toEqual({ terms: [], max: 2000 });
    const ship = await added({
      term: '  Hermione ',
      note: 'Une frégate de 1779',
      doNotTranslate: true,
      translations: { es: 'ignorée' },
    });
    expect(ship).toMatchObject({
      term: 'Hermione',
      note: 'Une frégate de 1779',
      doNotTranslate: true,
      // A name kept as written has no preferred translation.
      translations: {},
    });
    const joconde = await added({
      term: 'la Joconde',
      note: '',
      doNotTranslate: false,
      translations: { ES: 'la Gioconda', 'zh-hans': '蒙娜丽莎', de: '' },
    });
    // Codes as the catalogue writes them; an empty value is no preference.
    expect(joconde.translations).toEqual({ es: 'la Gioconda', 'zh-Hans': '蒙娜丽莎' });
    expect((await list()).terms.map((e) => e.term)).toEqual(['Hermione', 'la Joconde']);

    const changed = await saveTerm({
      id: joconde.id,
      term: 'La Joconde',
      note: 'Le tableau de Léonard',
      doNotTranslate: false,
      translations: { es: 'La Gioconda' },
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      id: joconde.id,
      term: 'La Joconde',
      translations: { es: 'La Gioconda' },
    });

    const removed = await deleteTerm({ id: ship.id });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ id: ship.id, deleted: true });
    expect((await list()).terms.map((e) => e.id)).toEqual([joconde.id]);
    expect((await deleteTerm({ id: ship.id })).status).toBe(404);
  });

  it('keeps each museum to its own glossary: another museum’s ids are not found', async () => {
    const mine = await added({
      term: 'Hermione',
      note: '',
      doNotTranslate: true,
      translations: {},
    });
    expect((await list(other)).terms).toEqual([]);
    const change = await saveTerm(
      { id: mine.id, term: 'Pirate', note: '', doNotTranslate: true, translations: {} },
      other,
    );
    expect(change.status).toBe(404);
    expect((await deleteTerm({ id: mine.id }, other)).status).toBe(404);
    // The same term in another museum is that museum's own entry.
    const theirs = await saveTerm(
      { term: 'hermione', note: '', doNotTranslate: false, translations: {} },
      other,
    );
    expect(theirs.status).toBe(201);
    expect((await list()).terms).toEqual([mine]);
    expect((await t.request('/api/read/glossary')).status).toBe(401);
  });

  it('refuses a term already in the glossary, in any case, naming the field', async () => {
    await added({ term: 'Hermione', note: '', doNotTranslate: true, translations: {} });
    const again = await saveTerm({ term: 'HERMIONE', note: '', doNotTranslate: false });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: { code: 'term_taken', details: { field: 'term' } },
    });
    const other = await added({ term: 'Belem', note: '', doNotTranslate: true, translations: {} });
    const renamed = await saveTerm({ id: other.id, term: 'hermione', note: '' });
    expect(renamed.status).toBe(409);
  });

  it('refuses bad input with 4xx naming the field', async () => {
    const ok = { term: 'Hermione', note: '', doNotTranslate: true, translations: {} };
    expect(await fieldsOf(await saveTerm({ ...ok, term: '   ' }))).toEqual(['term']);
    expect(await fieldsOf(await saveTerm({ ...ok, term: 'x'.repeat(201) }))).toEqual(['term']);
    expect(await fieldsOf(await saveTerm({ ...ok, term: 'Her\u0000mione' }))).toEqual(['term']);
    expect(await fieldsOf(await saveTerm({ ...ok, term: 'Her\nmione' }))).toEqual(['term']);
    expect(await fieldsOf(await saveTerm({ ...ok, term: 42 }))).toEqual(['term']);
    expect(await fieldsOf(await saveTerm({ ...ok, note: 'n'.repeat(1001) }))).toEqual(['note']);
    expect(await fieldsOf(await saveTerm({ ...ok, doNotTranslate: 'yes' }))).toEqual([
      'doNotTranslate',
    ]);
    expect(await fieldsOf(await saveTerm({ ...ok, translations: { klingon: 'x' } }))).toEqual([
      'translations.klingon',
    ]);
    expect(
      await fieldsOf(await saveTerm({ ...ok, translations: { es: 'y'.repeat(501) } })),
    ).toEqual(['translations.es']);
    expect(await fieldsOf(await saveTerm({ ...ok, translations: { es: 7 } }))).toEqual([
      'translations.es',
    ]);
    expect(await fieldsOf(await saveTerm({ ...ok, translations: ['es'] }))).toEqual([
      'translations',
    ]);
    expect(await fieldsOf(await saveTerm({ ...ok, id: 'abc' }))).toEqual(['id']);
    expect(await fieldsOf(await deleteTerm({ id: -1 }))).toEqual(['id']);
    expect(await fieldsOf(await deleteTerm({}))).toEqual(['id']);
    expect((await saveTerm({ ...ok, id: 2_000_000_000 })).status).toBe(404);
    expect((await saveTerm('{')).status).toBe(400);
    // A write from another site is refused before it is read.
    const elsewhere = await t.postJson('/api/manage/save_glossary_term', ok, {
      cookie,
      origin: 'https://evil.example',
    });
    expect(elsewhere.status).toBe(403);
    // Nothing was stored by any of them.
    expect((await list()).terms).toEqual([]);
  });

  it('keeps text as text: markup is stored and answered as written, never HTML', async () => {
    const entry = await added({
      term: '<b>Hermione</b>',
      note: '<script>alert(1)</script> & co',
      doNotTranslate: false,
      translations: { es: '<i>la</i> "Hermione"' },
    });
    expect(entry.term).toBe('<b>Hermione</b>');
    expect(entry.note).toBe('<script>alert(1)</script> & co');
    expect(entry.translations.es).toBe('<i>la</i> "Hermione"');
  });

  it('refuses an entry past the most a museum may keep', async () => {
    const { glossaryService } = await import('./service.ts');
    const terms: string[] = [];
    const service = glossaryService(
      {
        list: () => Promise.resolve([]),
        count: () => Promise.resolve(terms.length),
        insert: () => Promise.reject(new Error('not reached')),
        update: () => Promise.resolve(undefined),
        remove: () => Promise.resolve(false),
      },
      { maxTerms: 0 },
    );
    await expect(
      service.save(1, { term: 'x', note: '', doNotTranslate: true, translations: {} }),
    ).rejects.toMatchObject({ status: 422, code: 'glossary_full' });
  });
});

/** A published article; its id. */
const publish = (url: string, blocks: unknown[]): Promise<number> =>
  publishArticle(app, url, blocks);

const BLOCKS = [
  { type: 'text', id: 'Ship', content: 'La frégate [!Hermione!] quitte Rochefort.' },
  { type: 'text', id: 'Paint', content: 'Une copie de la Joconde.' },
  { type: 'text', id: 'Port', content: 'Le port en 1780.' },
];

const visit = async (url: string, lang = 'es') =>
  (await t.request(`/article?name=${url}&lang=${lang}`)).text();

/** What the engine was sent, by source text: the glossary entries of each text. */
function sentGlossary() {
  const out = new Map<string, unknown>();
  for (const call of fake.calls) {
    const { segments } = JSON.parse(call.messages[1]!.content) as {
      segments: { text: string; glossary?: unknown }[];
    };
    for (const s of segments) out.set(s.text, s.glossary);
  }
  return out;
}

describe('the glossary in translations', () => {
  it('sends only the entries a text holds, with the target language’s translation', async () => {
    await added({ term: 'Hermione', note: 'Une frégate', doNotTranslate: true, translations: {} });
    await added({
      term: 'Joconde',
      note: '',
      doNotTranslate: false,
      translations: { es: 'Gioconda', de: 'Mona Lisa' },
    });
    await added({ term: 'Belem', note: 'Un trois-mâts', doNotTranslate: true, translations: {} });
    await publish('salle-g1', BLOCKS);
    // The engine writes the term as given: the fake's '[es] ' + text keeps 'Hermione', and
    // this answer writes the preferred 'Gioconda'.
    fake.setBehaviour({
      type: 'answer',
      translations: (segments) =>
        segments.map((s) => ({ id: s.id, text: `[es] ${s.text.replace('Joconde', 'Gioconda')}` })),
    });
    await visit('salle-g1');
    const sent = sentGlossary();
    expect(sent.get(BLOCKS[0]!.content)).toEqual([
      { term: 'Hermione', note: 'Une frégate', doNotTranslate: true },
    ]);
    expect(sent.get(BLOCKS[1]!.content)).toEqual([{ term: 'Joconde', translation: 'Gioconda' }]);
    expect(sent.get(BLOCKS[2]!.content)).toBeUndefined();
    // One call: every entry was followed, nothing retried.
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]!.messages[0]!.content).toContain('"glossary"');
  });

  it('translates again only the texts holding a changed entry', async () => {
    const entry = await added({
      term: 'Hermione',
      note: 'Une frégate',
      doNotTranslate: true,
      translations: {},
    });
    await publish('salle-g2', BLOCKS);
    await visit('salle-g2');
    expect(fake.calls).toHaveLength(1);
    fake.reset();

    const changed = await saveTerm({ ...entry, note: 'La frégate de La Fayette' });
    expect(changed.status).toBe(200);
    await visit('salle-g2');
    expect(fake.calls.flatMap((c) => c.segments.map((s) => s.text))).toEqual([BLOCKS[0]!.content]);
    fake.reset();

    // An entry no text holds changes nothing.
    await added({ term: 'Belem', note: '', doNotTranslate: true, translations: {} });
    await visit('salle-g2');
    expect(fake.calls).toHaveLength(0);

    // Deleted: the text goes back to the key it had without the glossary (translated again).
    await deleteTerm({ id: entry.id });
    await visit('salle-g2');
    expect(fake.calls.flatMap((c) => c.segments.map((s) => s.text))).toEqual([BLOCKS[0]!.content]);
  });

  it('retries a text whose entry was not followed, then flags it on the review screen', async () => {
    await added({ term: 'Hermione', note: '', doNotTranslate: true, translations: {} });
    const id = await publish('salle-g3', BLOCKS);
    // The engine translates the name every time.
    fake.setBehaviour({
      type: 'answer',
      translations: (segments) =>
        segments.map((s) => ({ id: s.id, text: `[es] ${s.text.replace('Hermione', 'Hermíone')}` })),
    });
    expect(await visit('salle-g3')).toContain('[es] La frégate <em>Hermíone</em>');
    expect(fake.calls).toHaveLength(2);
    // The retry: that text alone, the entry marked, and a rule naming it.
    expect(fake.calls[1]!.segments.map((s) => s.text)).toEqual([BLOCKS[0]!.content]);
    expect(fake.calls[1]!.messages[0]!.content).toContain(
      'An earlier answer did not follow the glossary: "Hermione" stays exactly as the text writes it.',
    );

    const res = await t.request(`/api/read/translations?articleId=${id}&lang=es`, {
      headers: { cookie },
    });
    const doc = (await res.json()) as {
      segments: { id: string; state: string; flags?: { kind: string; detail?: string }[] }[];
    };
    expect(doc.segments.find((s) => s.id === 'Ship.content')).toMatchObject({
      state: 'machine',
      flags: [{ kind: 'glossary', detail: 'Hermione' }],
    });
    expect(doc.segments.find((s) => s.id === 'Paint.content')?.flags).toBeUndefined();

    // Asked again on the review screen and followed this time: the flag goes.
    fake.setBehaviour({ type: 'ok' });
    const again = await t.postJson(
      '/api/manage/retranslate_segment',
      { articleId: id, lang: 'es', segmentId: 'Ship.content' },
      { cookie },
    );
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      text: '[es] La frégate [!Hermione!] quitte Rochefort.',
    });
    const after = (await (
      await t.request(`/api/read/translations?articleId=${id}&lang=es`, { headers: { cookie } })
    ).json()) as typeof doc;
    expect(after.segments.find((s) => s.id === 'Ship.content')?.flags).toBeUndefined();
  });
});
