import { describe, expect, it } from 'vitest';
import { ORIGIN } from '../../../tests/helpers/app.ts';
import type { ReviewDocument, ReviewSegment } from './schema.ts';
import { BLOCKS, cookie, other, publish, save, t, useReviewApp } from './test-fixtures.ts';
import { parseXliff } from './xliff-read.ts';
import { MAX_XLIFF_BYTES } from './xliff-routes.ts';

/**
 * XLIFF export and import on a real database and the real translator (the engine a fake one): the
 * XLIFF 1.2 export (states, ids, hostile text as text), the import back (reviewed, stale, all or
 * none) and every bad file: another museum's article, broken XML, DTDs and entities, unknown
 * segments, wrong languages, a missing field, an oversized file, the wrong content type.
 */
useReviewApp();

async function segments(articleId: number, lang = 'es'): Promise<ReviewSegment[]> {
  const res = await t.request(`/api/read/translations?articleId=${articleId}&lang=${lang}`, {
    headers: { cookie },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as ReviewDocument).segments;
}

const states = async (articleId: number, lang = 'es') =>
  (await segments(articleId, lang)).map((s) => [s.id, s.state, s.text]);

const update = (body: unknown) => t.postJson('/api/manage/update_translation', body, { cookie });

const visitorText = async (url: string, lang = 'es') =>
  (await t.request(`/article?name=${url}&lang=${lang}`)).text();

const exportXliff = (query: string, as = cookie) =>
  t.request(`/api/export/xliff?${query}`, { headers: { cookie: as } });

async function exported(query: string): Promise<string> {
  const res = await exportXliff(query);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.text();
}

function upload(
  content: string | Blob | null,
  options: { as?: string; field?: string; origin?: string } = {},
) {
  const form = new FormData();
  if (content !== null) {
    const file =
      typeof content === 'string'
        ? new Blob([content], { type: 'application/x-xliff+xml' })
        : content;
    form.append(options.field ?? 'xliff', file, 'article.xlf');
  }
  return t.request('/api/upload/xliff', {
    method: 'POST',
    headers: { origin: options.origin ?? ORIGIN, cookie: options.as ?? cookie },
    body: form,
  });
}

async function refused(res: Response, status: number, reason?: string) {
  const body = (await res.json()) as {
    error: { code: string; message: string; details?: unknown };
  };
  expect(res.status, JSON.stringify(body)).toBe(status);
  if (reason) expect(body.error.details).toMatchObject({ reason });
  return body.error;
}

/** A target replaced in an exported file (the unit's first <target>, or one added). */
function withTarget(xml: string, unitId: string, text: string, attributes = 'state="translated"') {
  const start = xml.indexOf(`<trans-unit id="${unitId}"`);
  const end = xml.indexOf('</trans-unit>', start);
  const unit = xml.slice(start, end);
  const replaced = /<target[^>]*>[\s\S]*?<\/target>/.test(unit)
    ? unit.replace(/<target[^>]*>[\s\S]*?<\/target>/, `<target ${attributes}>${text}</target>`)
    : unit.replace(/<\/source>/, `</source>\n<target ${attributes}>${text}</target>`);
  return xml.slice(0, start) + replaced + xml.slice(end);
}

/** A minimal XLIFF 1.2 document, one <file> per entry. */
function xliff(
  files: { original: string; lang: string; units: string }[],
  prolog = '<?xml version="1.0" encoding="UTF-8"?>',
) {
  const body = files
    .map(
      (f) =>
        `<file original="${f.original}" source-language="fr" target-language="${f.lang}" datatype="plaintext"><body>${f.units}</body></file>`,
    )
    .join('');
  return `${prolog}\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">${body}</xliff>`;
}

const unit = (id: string, source: string, target: string) =>
  `<trans-unit id="${id}"><source>${source}</source><target>${target}</target></trans-unit>`;

describe('GET /api/export/xliff', () => {
  it('writes XLIFF 1.2: one file, a unit per text with its id, source, target and state', async () => {
    const id = await publish('xliff-1');
    await visitorText('xliff-1');
    await update({ articleId: id, lang: 'es', segmentId: 'Carte.alt', text: 'Un mapa del puerto' });

    const res = await exportXliff(`articleId=${id}&lang=es`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-xliff+xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="xliff-1.es.xlf"');
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<xliff version="1.2" /);

    const [file, ...more] = parseXliff(xml);
    expect(more).toEqual([]);
    expect(file).toMatchObject({ original: `legenda:article:${id}`, targetLanguage: 'es' });
    expect(xml).toContain('source-language="fr" target-language="es" datatype="plaintext"');
    expect(file!.units.map((u) => [u.id, u.source, u.target, u.state, u.qualifier])).toEqual([
      [
        'Intro.content',
        'Bienvenue au [!musée!] du port.',
        '[es] Bienvenue au [!musée!] du port.',
        'translated',
        'mt-suggestion',
      ],
      ['Carte.alt', 'Une carte du port', 'Un mapa del puerto', 'final', undefined],
      ['Plus.header', 'En savoir plus', '[es] En savoir plus', 'translated', 'mt-suggestion'],
      [
        'Sucre.content',
        'Le commerce du sucre.',
        '[es] Le commerce du sucre.',
        'translated',
        'mt-suggestion',
      ],
    ]);
    expect(file!.units[1]!.approved).toBe(true);
    // The italics markers are explained to the translator, in the header and beside the text,
    // in the museum's language (French here; xliff-notes.test.ts: English).
    expect(xml).toContain('gardez les marques [! et !]');
    expect(xml.match(/gardez les marques/g)).toHaveLength(2);
    expect(xml).toContain('<note>Legenda\u00a0: vérifiée par le musée.</note>');
    expect(xml).not.toMatch(/<note>[^<]*\b(the|museum|translation)\b/);
  });

  it('writes a missing text without a target, and a stale one for review with the old check', async () => {
    const id = await publish('xliff-2');
    const de = parseXliff(await exported(`articleId=${id}&lang=de`))[0]!;
    expect(de.units.every((u) => u.target === null)).toBe(true);
    expect(de.units).toHaveLength(4);

    await update({ articleId: id, lang: 'es', segmentId: 'Sucre.content', text: 'El azúcar.' });
    const [intro, carte, plus] = BLOCKS as [unknown, unknown, { details: object[] }];
    await save(id, 'xliff-2', [
      intro,
      carte,
      { ...plus, details: [{ type: 'text', id: 'Sucre', content: 'Le commerce du café.' }] },
    ]);
    await visitorText('xliff-2');
    // The page is whole once every text has landed; the job stores them all just after.
    let xml = '';
    const sucreNow = async () => {
      xml = await exported(`articleId=${id}&lang=es`);
      return parseXliff(xml)[0]!.units.find((u) => u.id === 'Sucre.content')!;
    };
    await expect.poll(async () => (await sucreNow()).target).not.toBe(null);
    const sucre = await sucreNow();
    expect(sucre).toMatchObject({
      source: 'Le commerce du café.',
      target: '[es] Le commerce du café.',
      state: 'needs-review-translation',
    });
    expect(xml).toContain(
      'pour l’ancien original «\u00a0Le commerce du sucre.\u00a0»\u00a0: El azúcar.',
    );
  });

  it('writes hostile text as text: markup and ampersands are escaped and read back whole', async () => {
    const hostile = '<script>alert("x")</script> & Fils ]]> \'q\'';
    const id = await publish('xliff-3', [{ type: 'text', id: 'Bad', content: hostile }]);
    await update({
      articleId: id,
      lang: 'es',
      segmentId: 'Bad.content',
      text: 'Hijos & <b>hijas</b>',
    });
    const xml = await exported(`articleId=${id}&lang=es`);
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('<b>');
    expect(xml).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Fils');
    const [u] = parseXliff(xml)[0]!.units;
    expect(u).toMatchObject({ source: hostile, target: 'Hijos & <b>hijas</b>', state: 'final' });
  });

  it('writes every language the article was read or prepared in, or the ones named', async () => {
    const id = await publish('xliff-4');
    const none = await exportXliff(`articleId=${id}`);
    expect((await refused(none, 422, 'none')).message).toMatch(/any language/);

    await visitorText('xliff-4', 'es');
    await update({ articleId: id, lang: 'de', segmentId: 'Intro.content', text: 'Willkommen.' });
    for (const query of [`articleId=${id}`, `articleId=${id}&lang=all`]) {
      const res = await exportXliff(query);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="xliff-4.all.xlf"');
      const files = parseXliff(await res.text());
      expect(files.map((f) => [f.original, f.targetLanguage])).toEqual([
        [`legenda:article:${id}`, 'de'],
        [`legenda:article:${id}`, 'es'],
      ]);
    }
    const named = parseXliff(await exported(`articleId=${id}&lang=it,ja`));
    expect(named.map((f) => f.targetLanguage)).toEqual(['it', 'ja']);
  });

  it('refuses another museum’s article, a bad id or language, the source language, no session', async () => {
    const id = await publish('xliff-5');
    expect((await exportXliff(`articleId=${id}&lang=es`, other)).status).toBe(404);
    expect((await exportXliff(`articleId=999999&lang=es`)).status).toBe(404);
    const cases = [
      ['articleId=abc&lang=es', 'articleId'],
      ['lang=es', 'articleId'],
      [`articleId=${id}&lang=klingon`, 'lang'],
      [`articleId=${id}&lang=es,%3Cscript%3E`, 'lang'],
      [`articleId=${id}&lang=fr`, 'lang'],
    ] as const;
    for (const [query, field] of cases) {
      const res = await exportXliff(query);
      expect(res.status, query).toBe(422);
      expect(await res.json(), query).toMatchObject({ error: { details: { field } } });
    }
    expect((await t.request(`/api/export/xliff?articleId=${id}&lang=es`)).status).toBe(401);
  });
});

describe('POST /api/upload/xliff', () => {
  it('imports a translator’s file: changed targets become reviewed, visitors read them', async () => {
    const id = await publish('xliff-10');
    await visitorText('xliff-10');
    let xml = await exported(`articleId=${id}&lang=es`);
    xml = withTarget(xml, 'Intro.content', 'Bienvenidos al [!museo!] del puerto &amp; &lt;b&gt;');
    // Confirmed as it was by the translator (approved, no longer a machine suggestion).
    xml = withTarget(xml, 'Carte.alt', '[es] Une carte du port', 'state="signed-off"').replace(
      '<trans-unit id="Carte.alt" xml:space="preserve">',
      '<trans-unit id="Carte.alt" xml:space="preserve" approved="yes">',
    );

    const res = await upload(xml);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      articleId: id,
      languages: [{ lang: 'es', imported: 2, stale: 0, skipped: 2 }],
      imported: 2,
      stale: 0,
      skipped: 2,
    });
    expect(await states(id)).toEqual([
      ['Intro.content', 'reviewed', 'Bienvenidos al [!museo!] del puerto & <b>'],
      ['Carte.alt', 'reviewed', '[es] Une carte du port'],
      // Left as Legenda wrote them, still marked machine suggestions: not the museum's word.
      ['Plus.header', 'machine', '[es] En savoir plus'],
      ['Sucre.content', 'machine', '[es] Le commerce du sucre.'],
    ]);
    // The overview counts the import at once, as any of the museum's writes.
    const status = await t.request('/api/read/translation_status', { headers: { cookie } });
    const overview = (await status.json()) as {
      articles: { articleId: number; languages: Record<string, unknown> }[];
    };
    expect(overview.articles.find((a) => a.articleId === id)?.languages.es).toMatchObject({
      reviewed: 2,
      machine: 2,
    });
    const html = await visitorText('xliff-10');
    expect(html).toContain('Bienvenidos al <em>museo</em> del puerto &amp; &lt;b&gt;');

    // The same file again changes nothing: checked texts left as they are are skipped.
    const again = await upload(xml);
    expect(await again.json()).toMatchObject({ imported: 0, stale: 0, skipped: 4 });
  });

  it('stores a translation of an older original against that original: it shows as stale', async () => {
    const id = await publish('xliff-11');
    const xml = withTarget(
      await exported(`articleId=${id}&lang=es`),
      'Sucre.content',
      'El azúcar.',
    );
    const [intro, carte, plus] = BLOCKS as [unknown, unknown, { details: object[] }];
    await save(id, 'xliff-11', [
      intro,
      carte,
      { ...plus, details: [{ type: 'text', id: 'Sucre', content: 'Le commerce du café.' }] },
    ]);
    const res = await upload(xml);
    expect(await res.json()).toMatchObject({
      languages: [{ lang: 'es', imported: 0, stale: 1, skipped: 3 }],
    });
    const sucre = (await segments(id)).find((s) => s.id === 'Sucre.content');
    expect(sucre).toMatchObject({
      state: 'stale',
      previous: { source: 'Le commerce du sucre.', text: 'El azúcar.' },
    });
  });

  it('imports several languages at once, all or none', async () => {
    const id = await publish('xliff-12');
    const original = `legenda:article:${id}`;
    const good = xliff([
      {
        original,
        lang: 'de',
        units: unit('Intro.content', 'Bienvenue au [!musée!] du port.', 'Willkommen.'),
      },
      {
        original,
        lang: 'es-ES',
        units: unit(
          'Carte.alt',
          'Une carte du port',
          // Sentences as Trados marks them: their text, the space between them kept.
          '<mrk mtype="seg" mid="1">Un mapa.</mrk> <mrk mtype="seg" mid="2">Del puerto.</mrk>',
        ),
      },
    ]);
    const res = await upload(good);
    expect(await res.json()).toMatchObject({
      languages: [
        { lang: 'de', imported: 1 },
        { lang: 'es', imported: 1 },
      ],
    });
    expect((await states(id, 'de'))[0]).toEqual(['Intro.content', 'reviewed', 'Willkommen.']);
    expect((await states(id))[1]).toEqual(['Carte.alt', 'reviewed', 'Un mapa. Del puerto.']);

    const bad = xliff([
      {
        original,
        lang: 'it',
        units: unit('Intro.content', 'Bienvenue au [!musée!] du port.', 'Benvenuti.'),
      },
      { original, lang: 'ja', units: unit('Gone.content', 'x', 'y') },
    ]);
    const error = await refused(await upload(bad), 422, 'segment');
    expect(error.message).toContain('Gone.content');
    expect(error).toMatchObject({
      details: { field: 'xliff', segment: 'Gone.content', lang: 'ja' },
    });
    expect((await states(id, 'it'))[0]).toEqual(['Intro.content', 'missing', null]);
  });

  it('skips units without a target, with an empty one, or one the tool marks untranslated', async () => {
    const id = await publish('xliff-13');
    const original = `legenda:article:${id}`;
    const units = [
      '<trans-unit id="Intro.content"><source>Bienvenue au [!musée!] du port.</source></trans-unit>',
      unit('Carte.alt', 'Une carte du port', '  '),
      '<trans-unit id="Plus.header"><source>En savoir plus</source><target state="new">En savoir plus</target></trans-unit>',
      unit('Sucre.content', 'Le commerce du sucre.', '<![CDATA[El comercio <del> azúcar.]]>'),
    ].join('');
    const res = await upload(xliff([{ original, lang: 'es', units }]));
    expect(await res.json()).toMatchObject({ imported: 1, stale: 0, skipped: 3 });
    expect((await states(id)).map(([, state]) => state)).toEqual([
      'missing',
      'missing',
      'missing',
      'reviewed',
    ]);
    expect((await segments(id))[3]!.text).toBe('El comercio <del> azúcar.');
  });

  it('refuses another museum’s article and an unknown one with 404, changing nothing', async () => {
    const id = await publish('xliff-14');
    const xml = withTarget(await exported(`articleId=${id}&lang=es`), 'Intro.content', 'Hola.');
    expect((await upload(xml, { as: other })).status).toBe(404);
    const unknown = xml.replaceAll(`legenda:article:${id}`, 'legenda:article:999999');
    expect((await upload(unknown)).status).toBe(404);
    const foreign = xml.replaceAll(`legenda:article:${id}`, 'messages.json');
    await refused(await upload(foreign), 422, 'original');
    // An id past the database's integers names no article: refused, never a database error.
    const huge = xml.replaceAll(`legenda:article:${id}`, 'legenda:article:9999999999');
    await refused(await upload(huge), 422, 'original');
    expect((await states(id))[0]).toEqual(['Intro.content', 'missing', null]);
  });

  it('refuses a DOCTYPE before parsing: no entity is expanded (billion laughs) or fetched', async () => {
    const id = await publish('xliff-15');
    const original = `legenda:article:${id}`;
    const laughs = [
      '<!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => {
        const prev = i === 0 ? 'lol' : `lol${i}`;
        return `<!ENTITY lol${i + 1} "${`&${prev};`.repeat(10)}">`;
      }),
    ].join('');
    const billion = xliff(
      [{ original, lang: 'es', units: unit('Intro.content', 'x', '&lol9;') }],
      `<?xml version="1.0"?><!DOCTYPE xliff [${laughs}]>`,
    );
    const started = Date.now();
    const error = await refused(await upload(billion), 422, 'entities');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error.message).toMatch(/DOCTYPE/);

    const external = xliff(
      [{ original, lang: 'es', units: unit('Intro.content', 'x', '&xxe;') }],
      '<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    );
    await refused(await upload(external), 422, 'entities');
    const parameter = xliff(
      [{ original, lang: 'es', units: unit('Intro.content', 'x', 'y') }],
      '<?xml version="1.0"?><!DOCTYPE xliff SYSTEM "http://127.0.0.1:1/evil.dtd">',
    );
    await refused(await upload(parameter), 422, 'entities');
    expect((await states(id))[0]).toEqual(['Intro.content', 'missing', null]);
  });

  it('refuses a broken file, one that is not XLIFF 1.2, and markup or bad text in a target', async () => {
    const id = await publish('xliff-16');
    const original = `legenda:article:${id}`;
    const source = 'Bienvenue au [!musée!] du port.';
    const cases: [string, string, string][] = [
      [
        'broken',
        xliff([{ original, lang: 'es', units: unit('Intro.content', source, 'Hola') }]).slice(
          0,
          -9,
        ),
        'xml',
      ],
      ['not xml', 'Intro.content=Hola', 'xml'],
      ['not xliff', '<?xml version="1.0"?><html><body>Hola</body></html>', 'not_xliff'],
      [
        'XLIFF 2.0',
        '<xliff version="2.0" srcLang="fr" trgLang="es"><file id="f"/></xliff>',
        'version',
      ],
      ['no file', '<xliff version="1.2"></xliff>', 'no_file'],
      [
        'markup',
        xliff([
          { original, lang: 'es', units: unit('Intro.content', source, 'Hola <g id="1">x</g>') },
        ]),
        'markup',
      ],
      [
        'a C1 control character',
        xliff([{ original, lang: 'es', units: unit('Intro.content', source, 'Ho&#x85;la') }]),
        'text',
      ],
      [
        'a character XML forbids',
        xliff([{ original, lang: 'es', units: unit('Intro.content', source, 'Ho&#x7;la') }]),
        'xml',
      ],
      [
        'an HTML entity',
        xliff([{ original, lang: 'es', units: unit('Intro.content', source, 'caf&eacute;') }]),
        'xml',
      ],
      [
        'too long',
        xliff([{ original, lang: 'es', units: unit('Intro.content', source, 'x'.repeat(5_001)) }]),
        'text',
      ],
      [
        'no source',
        xliff([
          {
            original,
            lang: 'es',
            units: '<trans-unit id="Intro.content"><target>Hola</target></trans-unit>',
          },
        ]),
        'source',
      ],
      [
        'no id',
        xliff([
          {
            original,
            lang: 'es',
            units: '<trans-unit><source>a</source><target>b</target></trans-unit>',
          },
        ]),
        'unit_id',
      ],
      [
        'twice',
        xliff([
          {
            original,
            lang: 'es',
            units: unit('Intro.content', source, 'a') + unit('Intro.content', source, 'b'),
          },
        ]),
        'duplicate',
      ],
      [
        'unknown language',
        xliff([{ original, lang: 'klingon', units: unit('Intro.content', source, 'Hola') }]),
        'language',
      ],
      [
        'own language',
        xliff([{ original, lang: 'fr', units: unit('Intro.content', source, 'Salut') }]),
        'same_language',
      ],
      [
        'two articles',
        xliff([
          { original, lang: 'es', units: '' },
          { original: 'legenda:article:1', lang: 'de', units: '' },
        ]),
        'articles',
      ],
    ];
    for (const [name, file, reason] of cases) {
      const res = await upload(file);
      const body = (await res.json()) as { error: { details: unknown } };
      expect(res.status, name).toBe(422);
      expect(body.error.details, name).toMatchObject({ field: 'xliff', reason });
    }
    const latin1 = new Blob([new Uint8Array([0x3c, 0x78, 0xe9, 0x3e])]);
    await refused(await upload(latin1), 422, 'encoding');
    expect((await states(id))[0]).toEqual(['Intro.content', 'missing', null]);
  });

  it('refuses a missing field, an empty or oversized file, the wrong type, another site', async () => {
    await publish('xliff-17');
    const missing = await refused(await upload(null), 422);
    expect(missing).toMatchObject({ code: 'invalid_body', details: { field: 'xliff' } });
    expect(await refused(await upload('<xliff/>', { field: 'image' }), 422)).toMatchObject({
      details: { field: 'xliff' },
    });
    expect((await refused(await upload(''), 422)).code).toBe('empty_file');

    const big = await upload(new Blob([' '.repeat(MAX_XLIFF_BYTES + 1)]));
    expect(await refused(big, 413)).toMatchObject({
      code: 'payload_too_large',
      details: { maxBytes: MAX_XLIFF_BYTES },
    });

    const json = await t.postJson('/api/upload/xliff', { xliff: '<xliff/>' }, { cookie });
    expect((await refused(json, 415)).code).toBe('unsupported_media_type');
    const raw = await t.request('/api/upload/xliff', {
      method: 'POST',
      headers: { origin: ORIGIN, cookie, 'content-type': 'application/x-xliff+xml' },
      body: '<xliff version="1.2"/>',
    });
    expect(raw.status).toBe(415);
    expect((await upload('<xliff/>', { origin: 'https://evil.example' })).status).toBe(403);
    const anonymous = await t.request('/api/upload/xliff', {
      method: 'POST',
      headers: { origin: ORIGIN },
      body: new FormData(),
    });
    expect(anonymous.status).toBe(401);
    // The image uploads' /upload/:kind does not take this route over.
    expect((await upload(null)).status).not.toBe(404);
  });
});
