import { describe, expect, it } from 'vitest';
import { testApp } from '../../../tests/helpers/app.ts';
import type { ReviewDocument, ReviewSegment } from './schema.ts';
import { BLOCKS, cookie, fake, other, publish, save, t, useReviewApp } from './test-fixtures.ts';

/**
 * The review API on a real database and the real translator, the engine a fake one:
 * the states (missing, machine, reviewed, stale), corrections and approvals, what visitors then
 * read, and every bad input (another museum's article, unknown segments, hostile text).
 */
const app = useReviewApp();

const read = (articleId: number | string, lang: string, as = cookie) =>
  t.request(`/api/read/translations?articleId=${articleId}&lang=${lang}`, {
    headers: { cookie: as },
  });

async function segments(articleId: number, lang = 'es'): Promise<ReviewSegment[]> {
  const res = await read(articleId, lang);
  expect(res.status).toBe(200);
  return ((await res.json()) as ReviewDocument).segments;
}

const update = (body: unknown, as = cookie) =>
  t.postJson('/api/manage/update_translation', body, { cookie: as });
const approve = (body: unknown, as = cookie) =>
  t.postJson('/api/manage/approve_translation', body, { cookie: as });

const visitorText = async (url: string, lang = 'es') =>
  (await t.request(`/article?name=${url}&lang=${lang}`)).text();

describe('GET /api/read/translations', () => {
  it('lists every text with its state: missing before any visit, machine after', async () => {
    const id = await publish('salle-1');
    const before = await segments(id);
    expect(before).toEqual([
      {
        id: 'Intro.content',
        path: '1.content',
        source: 'Bienvenue au [!musée!] du port.',
        text: null,
        state: 'missing',
      },
      { id: 'Carte.alt', path: '2.alt', source: 'Une carte du port', text: null, state: 'missing' },
      {
        id: 'Plus.header',
        path: '3.header.content',
        source: 'En savoir plus',
        text: null,
        state: 'missing',
      },
      {
        id: 'Sucre.content',
        path: '3.details.0.content',
        source: 'Le commerce du sucre.',
        text: null,
        state: 'missing',
      },
    ]);
    expect(fake.calls).toHaveLength(0);

    await visitorText('salle-1');
    const after = await segments(id);
    expect(after.map((s) => [s.id, s.state, s.text])).toEqual([
      ['Intro.content', 'machine', '[es] Bienvenue au [!musée!] du port.'],
      ['Carte.alt', 'machine', '[es] Une carte du port'],
      ['Plus.header', 'machine', '[es] En savoir plus'],
      ['Sucre.content', 'machine', '[es] Le commerce du sucre.'],
    ]);
  });

  it('keeps a segment’s id while blocks are added, moved and deleted around it', async () => {
    const id = await publish('salle-2');
    const [intro, carte, plus] = BLOCKS;
    await save(id, 'salle-2', [{ type: 'text', content: 'Nouveau début.' }, plus, intro]);
    const ids = (await segments(id)).map((s) => [s.id, s.path]);
    expect(ids).toContainEqual(['Intro.content', '3.content']);
    expect(ids).toContainEqual(['Sucre.content', '2.details.0.content']);
    expect(ids.map(([segment]) => segment)).not.toContain('Carte.alt');
    void carte;
  });

  it('refuses another museum’s article, an unknown one, a bad id or language, and the source', async () => {
    const id = await publish('salle-3');
    expect((await read(id, 'es', other)).status).toBe(404);
    expect((await read(999_999, 'es')).status).toBe(404);
    for (const [articleId, lang, field] of [
      ['abc', 'es', 'articleId'],
      [id, 'xx-notalang', 'lang'],
      [id, '<script>', 'lang'],
    ] as const) {
      const res = await read(articleId, encodeURIComponent(lang));
      expect(res.status, `${articleId} ${lang}`).toBe(422);
      expect(await res.json()).toMatchObject({ error: { details: { field } } });
    }
    const own = await read(id, 'fr');
    expect(own.status).toBe(422);
    expect(await own.json()).toMatchObject({ error: { details: { field: 'lang' } } });
    expect((await t.request(`/api/read/translations?articleId=${id}&lang=es`)).status).toBe(401);
  });
});

describe('correcting and approving', () => {
  it('a correction becomes reviewed, is what visitors read, and is never sent to the engine', async () => {
    const id = await publish('salle-4');
    const res = await update({
      articleId: id,
      lang: 'es',
      segmentId: 'Intro.content',
      text: 'Bienvenidos al [!museo!] del puerto. <b>no</b>',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 'Intro.content', state: 'reviewed' });

    const html = await visitorText('salle-4');
    // Text, never markup: the museum's words are escaped like any text.
    expect(html).toContain('Bienvenidos al <em>museo</em> del puerto. &lt;b&gt;no&lt;/b&gt;');
    expect(fake.calls.flatMap((c) => c.segments.map((s) => s.text))).not.toContain(
      'Bienvenue au [!musée!] du port.',
    );
    const states = (await segments(id)).map((s) => s.state);
    expect(states).toEqual(['reviewed', 'machine', 'machine', 'machine']);
  });

  it("lists a sound's caption and transcript, and takes the museum's transcript", async () => {
    const sound = {
      type: 'audio',
      id: 'Son',
      src: '/media/1/audio/Xy12Ab34Cd56Ef78.mp3',
      caption: 'Le gardien raconte',
      transcript: 'Bienvenue au port.',
    };
    const id = await publish('salle-son', [...BLOCKS, sound]);
    await visitorText('salle-son');
    const listed = (await segments(id)).filter((s) => s.id.startsWith('Son.'));
    expect(listed.map((s) => [s.id, s.source, s.state])).toEqual([
      ['Son.caption', 'Le gardien raconte', 'machine'],
      ['Son.transcript', 'Bienvenue au port.', 'machine'],
    ]);
    const res = await update({
      articleId: id,
      lang: 'es',
      segmentId: 'Son.transcript',
      text: 'Bienvenidos al puerto.',
    });
    expect(res.status).toBe(200);
    const html = await visitorText('salle-son');
    expect(html).toContain('Bienvenidos al puerto.');
    expect(html).toContain('[es] Le gardien raconte');
    expect(html).toContain('src="/media/1/audio/Xy12Ab34Cd56Ef78.mp3" lang="fr"');
  });

  it('approves machine texts as they are, one or all; one without any is refused, all or none', async () => {
    const id = await publish('salle-5');
    const refused = await approve({ articleId: id, lang: 'es', segmentIds: ['Carte.alt'] });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ error: { details: { field: 'segmentIds.0' } } });

    await visitorText('salle-5');
    const res = await approve({
      articleId: id,
      lang: 'es',
      segmentIds: ['Carte.alt', 'Plus.header', 'Sucre.content', 'Intro.content'],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ articleId: id, lang: 'es', approved: 4 });
    expect((await segments(id)).every((s) => s.state === 'reviewed')).toBe(true);
  });

  it('a changed source makes the check stale: visitors get a fresh machine text of the new one', async () => {
    const id = await publish('salle-6');
    await update({ articleId: id, lang: 'es', segmentId: 'Sucre.content', text: 'El azúcar.' });
    const [intro, carte, plus] = BLOCKS as [unknown, unknown, { details: object[] }];
    const changed = {
      ...plus,
      details: [{ type: 'text', id: 'Sucre', content: 'Le commerce du café.' }],
    };
    await save(id, 'salle-6', [intro, carte, changed]);

    const html = await visitorText('salle-6');
    expect(html).toContain('[es] Le commerce du café.');
    expect(html).not.toContain('El azúcar.');
    const sucre = (await segments(id)).find((s) => s.id === 'Sucre.content');
    expect(sucre).toEqual({
      id: 'Sucre.content',
      path: '3.details.0.content',
      source: 'Le commerce du café.',
      text: '[es] Le commerce du café.',
      state: 'stale',
      previous: { source: 'Le commerce du sucre.', text: 'El azúcar.' },
    });
  });

  it('refuses bad input, another museum’s article and unknown segments, changing nothing', async () => {
    const id = await publish('salle-7');
    const base = { articleId: id, lang: 'es', segmentId: 'Intro.content', text: 'Hola' };
    const cases: [string, unknown, number, string | undefined][] = [
      ['empty text', { ...base, text: '   ' }, 422, 'text'],
      ['text of another type', { ...base, text: 42 }, 422, 'text'],
      ['a control character', { ...base, text: 'a\u0007b' }, 422, 'text'],
      ['too long', { ...base, text: 'x'.repeat(5_001) }, 422, 'text'],
      ['missing segment', { ...base, segmentId: undefined }, 422, 'segmentId'],
      ['malformed segment', { ...base, segmentId: '../../etc' }, 422, 'segmentId'],
      ['unknown segment', { ...base, segmentId: 'Nope.content' }, 422, 'segmentId'],
      ['unknown language', { ...base, lang: 'klingon' }, 422, 'lang'],
      ['bad article id', { ...base, articleId: -1 }, 422, 'articleId'],
    ];
    for (const [name, body, status, field] of cases) {
      const res = await update(body);
      expect(res.status, name).toBe(status);
      const answer = (await res.json()) as { error: { details?: { field?: string } } };
      expect(JSON.stringify(answer), name).toContain(field ?? '');
    }
    expect((await update(base, other)).status).toBe(404);
    expect((await update({ ...base, articleId: 999_999 })).status).toBe(404);
    const approveOther = await approve(
      { articleId: id, lang: 'es', segmentIds: ['Intro.content'] },
      other,
    );
    expect(approveOther.status).toBe(404);
    expect((await approve({ articleId: id, lang: 'es', segmentIds: [] })).status).toBe(422);
    // The same text named twice is approved once, never a database error.
    await visitorText('salle-7');
    const twice = await approve({
      articleId: id,
      lang: 'es',
      segmentIds: ['Carte.alt', 'Carte.alt'],
    });
    expect(twice.status).toBe(200);
    expect(await twice.json()).toMatchObject({ approved: 1 });
    await t.postJson(
      '/api/manage/reset_traductions',
      { articleId: id, includeReviewed: true },
      { cookie },
    );
    expect((await segments(id)).every((s) => s.state === 'missing')).toBe(true);
  });
});

describe('a new machine translation of one text', () => {
  const retranslate = (body: unknown, as = cookie) =>
    t.postJson('/api/manage/retranslate_segment', body, { cookie: as });

  it('translates a missing text now, and replaces a poor one everywhere', async () => {
    const id = await publish('salle-10');
    const first = await retranslate({ articleId: id, lang: 'es', segmentId: 'Carte.alt' });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      id: 'Carte.alt',
      state: 'machine',
      text: '[es] Une carte du port',
    });
    expect(fake.calls.flatMap((c) => c.segments.map((s) => s.text))).toEqual(['Une carte du port']);
    await visitorText('salle-10');

    fake.setBehaviour({
      type: 'answer',
      translations: (segments) => segments.map((s) => ({ id: s.id, text: `Mejor: ${s.text}` })),
    });
    fake.reset();
    const again = await retranslate({ articleId: id, lang: 'es', segmentId: 'Intro.content' });
    expect(again.status).toBe(200);
    expect(fake.calls).toHaveLength(1);
    const intro = (await segments(id)).find((s) => s.id === 'Intro.content');
    expect(intro).toMatchObject({
      state: 'machine',
      text: 'Mejor: Bienvenue au [!musée!] du port.',
    });
    // Visitors read the new one at once (this process's pages are dropped).
    expect(await visitorText('salle-10')).toContain('Mejor: Bienvenue au <em>musée</em> du port.');
  });

  it('gives the engine what the museum checked before, when the original has changed', async () => {
    const id = await publish('salle-12');
    await update({ articleId: id, lang: 'es', segmentId: 'Carte.alt', text: 'Un mapa del puerto' });
    const [intro, , plus] = BLOCKS;
    await save(id, 'salle-12', [
      intro,
      { type: 'image', id: 'Carte', alt: 'Une carte du vieux port' },
      plus,
    ]);
    fake.reset();
    const res = await retranslate({ articleId: id, lang: 'es', segmentId: 'Carte.alt' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      state: 'stale',
      text: '[es] Une carte du vieux port',
    });
    const sent = JSON.parse(fake.calls[0]!.messages[1]!.content) as {
      segments: { reference?: unknown }[];
    };
    expect(sent.segments[0]!.reference).toEqual({
      source: 'Une carte du port',
      text: 'Un mapa del puerto',
    });
  });

  it('refuses a text the museum checked, an engine that fails, and another museum', async () => {
    const id = await publish('salle-11');
    await update({ articleId: id, lang: 'es', segmentId: 'Intro.content', text: 'Hola.' });
    const checked = await retranslate({ articleId: id, lang: 'es', segmentId: 'Intro.content' });
    expect(checked.status).toBe(422);
    expect(await checked.json()).toMatchObject({ error: { details: { field: 'segmentId' } } });

    fake.setBehaviour({ type: 'status', status: 500 });
    const failed = await retranslate({ articleId: id, lang: 'es', segmentId: 'Carte.alt' });
    expect(failed.status).toBe(503);
    expect((await segments(id)).find((s) => s.id === 'Carte.alt')!.state).toBe('missing');

    expect(
      (await retranslate({ articleId: id, lang: 'es', segmentId: 'Carte.alt' }, other)).status,
    ).toBe(404);
    expect((await retranslate({ articleId: id, lang: 'es', segmentId: 'x' })).status).toBe(422);
  });
});

describe('what visitors are told', () => {
  // The Spanish visitor words (reader/strings/es.json): this feature does not import the reader.
  const es = {
    machineTranslated: 'Traducción automática',
    museumTranslated: 'Traducido por el museo',
    partlyChecked: 'Traducción automática, revisada en parte por el museo',
    showOriginal: 'Ver el original',
    noEngine: 'La traducción no está disponible',
  };

  it('a page the museum checked whole says so; a mixed one says it is partly checked', async () => {
    const id = await publish('salle-8');
    await visitorText('salle-8');
    expect(await visitorText('salle-8')).toContain(es.machineTranslated);

    await update({ articleId: id, lang: 'es', segmentId: 'Intro.content', text: 'Hola.' });
    const mixed = await visitorText('salle-8');
    expect(mixed).toContain(es.partlyChecked);
    expect(mixed).not.toContain(`<span>${es.machineTranslated}</span>`);

    await approve({
      articleId: id,
      lang: 'es',
      segmentIds: ['Carte.alt', 'Plus.header', 'Sucre.content'],
    });
    const whole = await visitorText('salle-8');
    expect(whole).toContain(es.museumTranslated);
    expect(whole).toContain(es.showOriginal);
  });

  it('without an engine, a page the museum checked whole is read in its words', async () => {
    const id = await publish('salle-9');
    for (const [segmentId, text] of [
      ['Intro.content', 'Hola.'],
      ['Carte.alt', 'Un mapa.'],
      ['Plus.header', 'Más.'],
    ]) {
      await update({ articleId: id, lang: 'es', segmentId, text });
    }
    // Each read from an app of its own: another process's page cache would keep a page a second.
    const read = async () =>
      (
        await testApp(app.database.db, {
          env: { OPENAI_BASE_URL: '', OPENAI_API_KEY: '' },
        }).request('/article?name=salle-9&lang=es')
      ).text();
    // One text is not checked: the original, saying why.
    expect(await read()).toContain(es.noEngine);
    await update({ articleId: id, lang: 'es', segmentId: 'Sucre.content', text: 'El azúcar.' });
    const whole = await read();
    expect(whole).toContain(es.museumTranslated);
    expect(whole).toContain('El azúcar.');
    expect(fake.calls).toHaveLength(0);
  });
});
