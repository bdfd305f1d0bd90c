import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staff } from '../../../tests/helpers/staff.ts';
import { useTestApp } from '../../../tests/helpers/use-test-app.ts';
import { museumCommand } from '../../app/cli/museum.ts';

/**
 * Visitor pages behind a shared cache (docs/adr/0031-visitor-pages-behind-a-cdn.md): which
 * answers a CDN may keep and by which tags, the purges each change asks, and counts that do not
 * depend on where a page came from.
 */
const purged: string[][] = [];
const state = useTestApp(() => {
  purged.length = 0;
  return {
    env: { COUNTS_FLUSH_MS: '0' },
    purge: (tags: readonly string[]) => Promise.resolve(void purged.push([...tags])),
  };
});

const SHARED = 'public, s-maxage=31536000, stale-while-revalidate=60';

/** Museums A and B's ids (useTestApp makes them in that order of names). */
async function museumIds(): Promise<{ a: number; b: number }> {
  const rows = (await state.database.db.execute(
    sql`select id, name from museums order by name`,
  )) as unknown as { rows: { id: number; name: string }[] };
  const [a, b] = rows.rows;
  return { a: a!.id, b: b!.id };
}

describe('what shared caches may keep', () => {
  it('a page in the language its address names, tagged; nothing a visitor made their own', async () => {
    const { t, cookie } = state;
    const id = await staff(t, cookie).publish('salle-1', 'Panneau', 'Bonjour');
    const { a: museum } = await museumIds();
    const page = await t.request('/article?name=salle-1&lang=fr');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('etag')).not.toBeNull();
    expect(page.headers.get('cdn-cache-control')).toBe(SHARED);
    expect(page.headers.get('surrogate-control')).toBe('max-age=31536000');
    expect(page.headers.get('netlify-cdn-cache-control')).toBe(
      'public, durable, s-maxage=31536000, stale-while-revalidate=60',
    );
    const tags = [`legenda-m${museum}`, `legenda-m${museum}-a${id}`, `legenda-m${museum}-lfr`];
    expect(page.headers.get('surrogate-key')).toBe(tags.join(' '));
    expect(page.headers.get('cache-tag')).toBe(tags.join(','));
    expect(page.headers.get('netlify-cache-tag')).toBe(tags.join(','));
    expect(page.headers.get('vary')).toBe('Accept-Encoding');
    expect(page.headers.get('set-cookie')).toBeNull();
    // The count request: never stored, and what the page's address chose is remembered there.
    const seen = /<img src="([^"]+)"/.exec(await page.text())![1]!.replaceAll('&amp;', '&');
    expect(seen).toBe(`/seen?a=${id}&l=fr&s=1`);
    const counted = await t.request(seen);
    expect(counted.status).toBe(204);
    expect(counted.headers.get('cache-control')).toBe('no-store');
    expect(counted.headers.get('set-cookie')).toMatch(/^legenda_lang=fr;/);

    const never = async (path: string, headers: Record<string, string> = {}) => {
      const res = await t.request(path, { headers });
      for (const name of ['cdn-cache-control', 'surrogate-control', 'surrogate-key', 'cache-tag']) {
        expect(res.headers.get(name), `${path} ${name}`).toBeNull();
      }
      expect(res.headers.get('cache-control'), path).toMatch(/private|no-store/);
      return res;
    };
    // In the language a cookie remembers; at the size a cookie remembers; a staff preview; the
    // picker; a thank-you after a report; a page not found.
    await never('/article?name=salle-1', { cookie: 'legenda_lang=fr' });
    await never('/article?name=salle-1&lang=fr', { cookie: 'legenda_size=3' });
    await never('/article?name=salle-1&lang=fr&ignoreStats=true');
    await never('/article?name=salle-1&choose=1');
    await never('/article?name=salle-1&lang=fr&reported=1');
    expect((await never('/article?name=nowhere&lang=fr')).status).toBe(404);
    // Its size in the address: a page of its own, kept too.
    const larger = await t.request('/article?name=salle-1&lang=fr&size=3');
    expect(larger.headers.get('cdn-cache-control')).toBe(SHARED);
  });

  it('the picker a first scan lands on, one per phone languages, tagged by its article', async () => {
    const { t, cookie } = state;
    const id = await staff(t, cookie).publish('salle-1', 'Panneau', 'Bonjour');
    const { a: museum } = await museumIds();
    const spanish = { 'accept-language': 'es-ES,es;q=0.9' };
    const picker = await t.request('/article?name=salle-1', { headers: spanish });
    expect(await picker.text()).toContain('Elija su idioma');
    expect(picker.headers.get('cache-control')).toBe('no-cache');
    expect(picker.headers.get('cdn-cache-control')).toBe(SHARED);
    expect(picker.headers.get('vary')).toBe('Accept-Language, Accept-Encoding');
    expect(picker.headers.get('netlify-vary')).toBe(
      'header=Accept-Language,cookie=legenda_lang|legenda_size',
    );
    expect(picker.headers.get('surrogate-key')).toBe(
      `legenda-m${museum} legenda-m${museum}-a${id}`,
    );
    // Kept in the process: the next Spanish phone gets the same bytes, another its own page.
    const again = await t.request('/article?name=salle-1', { headers: spanish });
    expect(again.headers.get('etag')).toBe(picker.headers.get('etag'));
    const ja = await t.request('/article?name=salle-1', { headers: { 'accept-language': 'ja' } });
    expect(await ja.text()).toContain('言語を選択');
    // A language remembered opens the article, the visitor's own: kept by no shared cache.
    const remembered = await t.request('/article?name=salle-1', {
      headers: { ...spanish, cookie: 'legenda_lang=fr' },
    });
    expect(remembered.headers.get('cdn-cache-control')).toBeNull();
    expect(remembered.headers.get('cache-control')).toMatch(/private/);
  });

  it('a circuit page tagged by its stops, and a guide home in the language asked', async () => {
    const { t, cookie, database } = state;
    const curator = staff(t, cookie);
    const one = await curator.publish('salle-1');
    const two = await curator.publish('salle-2');
    const { a: museum } = await museumIds();
    const saved = await curator.manage('save_circuit', {
      name: 'tour',
      title: 'Le tour',
      intro: '',
      articleIds: [one, two],
    });
    const { id: circuit } = (await saved.json()) as { id: number };
    const page = await t.request('/circuit?name=tour&lang=fr');
    expect(page.headers.get('cdn-cache-control')).toBe(SHARED);
    expect(page.headers.get('surrogate-key')?.split(' ')).toEqual([
      `legenda-m${museum}`,
      `legenda-m${museum}-c${circuit}`,
      `legenda-m${museum}-lfr`,
      `legenda-m${museum}-a${one}`,
      `legenda-m${museum}-a${two}`,
    ]);
    // Its picker, where no language is asked: one per phone languages, as an article's.
    const picker = await t.request('/circuit?name=tour', { headers: { 'accept-language': 'es' } });
    expect(await picker.text()).toContain('Elija su idioma');
    expect(picker.headers.get('cdn-cache-control')).toBe(SHARED);
    expect(picker.headers.get('vary')).toBe('Accept-Language, Accept-Encoding');
    expect(picker.headers.get('surrogate-key')).toBe(
      `legenda-m${museum} legenda-m${museum}-c${circuit}`,
    );
    // A stop opened from the circuit shows where it stands in it: the circuit's tag too.
    const stop = await t.request(`/article?name=salle-1&lang=fr&circuit=tour`);
    expect(stop.headers.get('surrogate-key')).toContain(`legenda-m${museum}-c${circuit}`);

    await museumCommand(database.db, { museum: 'Musée A', slug: 'musee-a' });
    const home = await t.request('/visit/musee-a?lang=fr');
    expect(home.headers.get('surrogate-key')).toBe(
      `legenda-m${museum} legenda-m${museum}-guide legenda-m${museum}-lfr`,
    );
    // Chosen from the phone's languages: this visitor's.
    const phone = await t.request('/visit/musee-a', { headers: { 'accept-language': 'fr' } });
    expect(phone.headers.get('cdn-cache-control')).toBeNull();
  });
});

describe('purges', () => {
  it('each change purges the tags of the pages it shows differently, and the save answers', async () => {
    const { t, cookie } = state;
    const curator = staff(t, cookie);
    const id = await curator.publish('salle-1');
    const { a: museum } = await museumIds();
    const m = `legenda-m${museum}`;
    // The publish's own purge, a job started in the background, is sent before counting.
    await t.services.cdn.idle();
    purged.length = 0;
    await curator.save(id, 'salle-1', 'Panneau', 'Bonsoir');
    expect((await curator.manage('reset_traductions', { articleId: id })).status).toBe(200);
    const saved = await curator.manage('save_circuit', {
      name: 'tour',
      title: 'Le tour',
      intro: '',
      articleIds: [id],
    });
    const { id: circuit } = (await saved.json()) as { id: number };
    const glossary = await curator.manage('save_glossary_term', {
      term: 'Hermione',
      note: '',
      doNotTranslate: true,
      translations: {},
    });
    expect(glossary.status).toBe(201);
    await curator.manage('update_settings', { sourceLanguage: 'fr', timeZone: 'Europe/Paris' });
    await t.services.cdn.idle();
    expect(purged).toEqual([
      [`${m}-a${id}`, `${m}-guide`],
      [`${m}-a${id}`, `${m}-guide`],
      [`${m}-c${circuit}`, `${m}-guide`],
      [m],
      [m],
    ]);
  });
});

describe('counts behind a shared cache', () => {
  it('are those of a museum whose every page comes from the server', async () => {
    const { t, cookie, other } = state;
    const names = ['salle-1', 'salle-2'];
    for (const name of names) await staff(t, cookie).publish(`a-${name}`);
    for (const name of names) await staff(t, other).publish(`b-${name}`);
    const { a, b } = await museumIds();

    // A shared cache in front of museum A: it keeps what the answer lets it keep, and answers
    // from it; museum B's pages all come from the server. The browser asks each page's image.
    const kept = new Map<string, string>();
    const fromCache = async (path: string, headers: Record<string, string>) => {
      const hit = kept.get(path);
      if (hit !== undefined) return hit;
      const res = await t.request(path, { headers });
      const html = await res.text();
      if (res.headers.get('cdn-cache-control')) kept.set(path, html);
      return html;
    };
    const fromServer = async (path: string, headers: Record<string, string>) =>
      (await t.request(path, { headers })).text();
    const show = async (
      page: (path: string, headers: Record<string, string>) => Promise<string>,
      path: string,
      headers: Record<string, string>,
    ) => {
      const src = /<img src="([^"]+)"/.exec(await page(path, headers))?.[1];
      if (src) await t.request(src.replaceAll('&amp;', '&'), { headers });
    };

    // Six phones, each reading both panels in two languages, some twice (a reload counts once),
    // and a staff preview (counted nowhere).
    for (let phone = 1; phone <= 6; phone++) {
      const headers = { 'x-test-address': `198.51.100.${phone}`, 'user-agent': 'phone' };
      for (const name of names) {
        for (const lang of phone % 2 ? ['fr', 'en'] : ['fr']) {
          for (let again = 0; again < (phone % 3 ? 1 : 2); again++) {
            await show(fromCache, `/article?name=a-${name}&lang=${lang}`, headers);
            await show(fromServer, `/article?name=b-${name}&lang=${lang}`, headers);
          }
        }
      }
      await show(fromCache, `/article?name=a-salle-1&lang=fr&ignoreStats=true`, headers);
      await show(fromServer, `/article?name=b-salle-1&lang=fr&ignoreStats=true`, headers);
    }
    expect(kept.size).toBeGreaterThan(0);

    const counts = async (museum: number) => {
      const rows = (await state.database.db.execute(sql`
        select a.name, c.language, c.kind, c.count from daily_counts c
        join articles a on a.id = c.article_id
        where c.museum_id = ${museum} order by a.name, c.language`)) as unknown as {
        rows: { name: string; language: string; kind: string; count: number }[];
      };
      return rows.rows.map((row) => ({ ...row, name: row.name.slice(2) }));
    };
    const cached = await counts(a);
    expect(cached).toEqual(await counts(b));
    // Each phone once per panel and language: 6 in French, 3 in English.
    expect(cached).toEqual([
      { name: 'salle-1', language: 'en', kind: 'request', count: 3 },
      { name: 'salle-1', language: 'fr', kind: 'request', count: 6 },
      { name: 'salle-2', language: 'en', kind: 'request', count: 3 },
      { name: 'salle-2', language: 'fr', kind: 'request', count: 6 },
    ]);
  });
});
