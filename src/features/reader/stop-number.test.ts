import { describe, expect, it } from 'vitest';
import { ORIGIN } from '../../../tests/helpers/app.ts';
import type { FakeOpenAI } from '../../../tests/helpers/fake-openai.ts';
import { useTranslationApp } from '../../../tests/helpers/translation-app.ts';
import type { TestApp } from '../../../tests/helpers/use-test-app.ts';

/**
 * An article's stop number as visitors see it: small above the title in the visitor's words
 * ('番号 23', 'رقم المحطة 23'), on a translated page too (its metadatas entry keeps the number),
 * in a circuit's list of stops and in an article's circuit navigation; and kept by an XLIFF
 * export and import.
 */

let t: TestApp;
let cookie: string;
let fake: FakeOpenAI;

/** Texts in the script of the language asked, so the engine's answers pass the checks. */
const TRANSLATIONS: Record<string, string> = {
  ja: '港の博物館へようこそ。ここでは砂糖の貿易の歴史を紹介します。',
  ar: 'مرحبا بكم في متحف الميناء. نعرض هنا تاريخ تجارة السكر.',
  es: 'Bienvenidos al museo del puerto. Aquí contamos la historia del comercio del azúcar.',
};
useTranslationApp(
  (s) => {
    ({ t, cookie, fake } = s);
  },
  { fake: { translate: (text, lang) => TRANSLATIONS[lang] ?? `[${lang}] ${text}` } },
);

const manage = (path: string, body: unknown) => t.postJson(`/api/manage/${path}`, body, { cookie });

async function article(url: string, stop: number | undefined, publicTitle?: string) {
  const added = await manage('add_article', { pathArray: [] });
  const { id } = (await added.json()) as { id: number };
  const res = await manage('update_article', {
    articleId: id,
    newContent: [
      { type: 'metadatas', url, publicTitle, ...(stop !== undefined && { stop }) },
      {
        type: 'text',
        content: 'Bienvenue au musée du port. Ici, nous racontons l’histoire du commerce du sucre.',
      },
    ],
    unformatted_name: url,
    instructions: '',
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return id;
}

const page = async (path: string) => {
  const res = await t.request(path);
  expect(res.status).toBe(200);
  return res.text();
};

/** The stop line of a page: its element as written, or undefined. */
const stopLine = (html: string) => /<p class="reader-stop"[^>]*>[^<]*<\/p>/.exec(html)?.[0];

describe('the stop number on the visitor page', () => {
  it('says it in the visitor’s language, above the title, on translated pages', async () => {
    await article('salle-3', 23, 'La salle du sucre');
    const fr = await page('/article?name=salle-3&lang=fr');
    expect(stopLine(fr)).toContain('>Arrêt 23</p>');
    // Above the title.
    expect(fr.indexOf('class="reader-stop"')).toBeLessThan(fr.indexOf('class="reader-title"'));

    const ja = await page('/article?name=salle-3&lang=ja');
    expect(ja).toContain(TRANSLATIONS.ja);
    expect(stopLine(ja)).toContain('>番号 23</p>');

    const ar = await page('/article?name=salle-3&lang=ar');
    expect(ar).toContain(TRANSLATIONS.ar);
    expect(ar).toMatch(/<html[^>]*dir="rtl"/);
    expect(stopLine(ar)).toContain('>رقم المحطة 23</p>');
    expect(fake.calls.length).toBeGreaterThan(0);
  });

  it('shows it without a public title, and nothing for an article without a number', async () => {
    await article('sans-titre', 8);
    expect(stopLine(await page('/article?name=sans-titre&lang=fr'))).toContain('>Arrêt 8</p>');
    await article('sans-numero', undefined, 'Sans numéro');
    expect(await page('/article?name=sans-numero&lang=fr')).not.toContain('class="reader-stop"');
  });

  it('names the numbers in a circuit’s list and in an article’s circuit navigation', async () => {
    const first = await article('salle-1', undefined, 'Première salle');
    const second = await article('salle-2', 42, 'Deuxième salle');
    const res = await manage('save_circuit', {
      name: 'tour',
      title: 'Le tour',
      intro: '',
      articleIds: [first, second],
    });
    expect(res.status).toBe(201);
    const circuit = await page('/circuit?name=tour&lang=ja');
    expect(circuit).toContain('番号 42');
    expect(circuit.match(/番号 \d+/g)).toEqual(['番号 42']);
    const opened = await page('/article?name=salle-1&circuit=tour&lang=fr');
    const next = /<a class="reader-nav-next"[\s\S]*?<\/a>/.exec(opened)?.[0];
    expect(next).toContain('>Suivante</span><span>Arrêt 42</span>');
  });

  it('is kept by an XLIFF export and import', async () => {
    const id = await article('salle-4', 4, 'Salle 4');
    await page('/article?name=salle-4&lang=es');
    const exported = await t.request(`/api/export/xliff?articleId=${id}&lang=es`, {
      headers: { cookie },
    });
    expect(exported.status).toBe(200);
    const form = new FormData();
    const xml = (await exported.text()).replace('Bienvenidos', 'Bienvenidas');
    form.append('xliff', new Blob([xml], { type: 'application/x-xliff+xml' }), 'a.xlf');
    const imported = await t.request('/api/upload/xliff', {
      method: 'POST',
      headers: { origin: ORIGIN, cookie },
      body: form,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    const read = await t.request(`/api/read/article?articleId=${id}`, { headers: { cookie } });
    const doc = (await read.json()) as { content: { stop?: number }[] };
    expect(doc.content[0]?.stop).toBe(4);
    const es = await page('/article?name=salle-4&lang=es');
    expect(es).toContain('Bienvenidas');
    expect(stopLine(es)).toContain('>Parada 4</p>');
  });
});
