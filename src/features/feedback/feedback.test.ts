import { describe, expect, it } from 'vitest';
import { staff } from '../../../tests/helpers/staff.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { testClock, type TestClock } from '../../../tests/helpers/app.ts';
import { editorRepo } from '../articles/repo.ts';
import { reportsRepo, type OpenReports, type VisitorReport } from './repo.ts';
import { feedbackService } from './service.ts';
import { HOUR_MS } from './limits.ts';

let t: TestApp;
let cookie: string;
let other: string;
let clock: TestClock;
const app = useTestApp(
  () => {
    clock = testClock(new Date('2026-11-21T10:00:00Z'));
    return { clock, env: { COUNTS_FLUSH_MS: '0' } };
  },
  (s) => ({ t, cookie, other } = s),
);

const HOSTILE = '<script>alert(1)</script> & "quotes" \u202e';

/** POST /feedback as a visitor's form sends it, from our own page unless told otherwise. */
function report(
  fields: Record<string, string>,
  headers: Record<string, string> = { origin: 'http://localhost:4321' },
) {
  return t.request('/feedback', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

const form = (extra: Record<string, string> = {}) => ({
  name: 'le-port',
  lang: 'fr',
  kind: 'translation',
  message: 'Une faute ici.',
  ...extra,
});

async function reports(articleId: number, lang = 'fr', as = cookie): Promise<VisitorReport[]> {
  const res = await staff(t, as).get(`/api/read/feedback?articleId=${articleId}&lang=${lang}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { reports: VisitorReport[] }).reports;
}

describe('POST /feedback', () => {
  it('stores a report and sends the visitor back to the page with a thank-you line', async () => {
    const id = await staff(t, cookie).publish('le-port', 'Panneau', 'Le port de Brest');
    const res = await report(form({ lang: 'ar', block: 'p1', message: HOSTILE }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/article?name=le-port&lang=ar&reported=1');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const [stored] = await reports(id, 'ar');
    expect(stored).toMatchObject({
      articleId: id,
      lang: 'ar',
      kind: 'translation',
      block: 'p1',
      message: HOSTILE.trim(),
      resolvedAt: null,
    });
    // The form's fields as the page writes them.
    const page = await (await t.request('/article?name=le-port&lang=fr')).text();
    expect(page).toContain('<form action="/feedback" method="post">');
    expect(page).toContain('<input type="hidden" name="name" value="le-port"/>');
    expect(page).toContain('<input type="hidden" name="lang" value="fr"/>');
    expect(page).toContain('name="kind" checked="" value="translation"');
    expect(page).toContain('<option value="p1">Le port de Brest</option>');
    expect(page).toContain('maxLength="500"');
    expect(page).toContain('Signaler un problème');
  });

  it('shows the thank-you line to its visitor only, never from the page cache', async () => {
    await staff(t, cookie).publish('le-port', 'Panneau', 'Le port');
    const first = await t.request('/article?name=le-port&lang=fr');
    expect(await first.text()).not.toContain('Merci');
    const thanked = await t.request('/article?name=le-port&lang=fr&reported=1');
    expect(thanked.headers.get('cache-control')).toBe('no-store');
    expect(thanked.headers.get('etag')).toBeNull();
    expect(await thanked.text()).toContain('Merci\u00a0: votre message a été transmis au musée.');
    // The next visitor, within the page cache's second, reads the page without it.
    const next = await t.request('/article?name=le-port&lang=fr');
    expect(next.headers.get('cache-control')).toBe('no-cache');
    expect(await next.text()).not.toContain('Merci');
  });

  it('refuses another site, as /listened does', async () => {
    await staff(t, cookie).publish('le-port');
    expect((await report(form(), { origin: 'https://evil.example' })).status).toBe(403);
    expect((await report(form(), { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    // A form with no Origin at all (an old browser) is a visitor's, as the beacon's.
    expect((await report(form(), {})).status).toBe(303);
  });

  it.each([
    ['an unknown article', { name: 'nowhere' }, 404, 'Cet article n’existe pas'],
    ['no article', { name: '' }, 404, 'Cet article n’existe pas'],
    ['a bad kind', { kind: 'spam' }, 422, 'rempli correctement'],
    ['no kind', { kind: '' }, 422, 'rempli correctement'],
    ['an unknown language', { lang: 'xx' }, 422, 'not filled in correctly'],
    ['a block of no element', { block: 'nope' }, 422, 'rempli correctement'],
    ['an empty message', { message: ' \r\n ' }, 422, 'Veuillez écrire un message.'],
    ['a message too long', { message: 'é'.repeat(501) }, 422, 'trop long'],
  ])('refuses %s in the visitor’s language, storing nothing', async (_, extra, status, words) => {
    const id = await staff(t, cookie).publish('le-port');
    const res = await report(form(extra));
    expect(res.status).toBe(status);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toContain(words);
    expect(await reports(id)).toEqual([]);
  });

  it('takes 500 characters, line breaks counted once as the browser counts them', async () => {
    const id = await staff(t, cookie).publish('le-port');
    const message = `${'a'.repeat(249)}\r\n${'b'.repeat(250)}`;
    expect((await report(form({ message }))).status).toBe(303);
    expect((await reports(id))[0]?.message).toBe(message.replace('\r\n', '\n'));
  });

  it('refuses a block of another museum’s article and an unpublished article', async () => {
    await staff(t, cookie).publish('le-port');
    const theirs = await staff(t, other).publish('leur-port');
    expect(theirs).toBeGreaterThan(0);
    // Their article's block is p1 too, but ours is named by its own elements: an id of
    // theirs that ours does not have is refused.
    const res = await report(form({ block: 'p2' }));
    expect(res.status).toBe(422);
    const draft = await staff(t, cookie).manage('add_article', { pathArray: [] });
    expect(draft.status).toBe(201);
    const { id } = (await draft.json()) as { id: number };
    const unpublished = await report(form({ name: `article-${id}` }));
    expect(unpublished.status).toBe(404);
  });

  it('refuses a form too large and a body that is no form', async () => {
    const id = await staff(t, cookie).publish('le-port');
    const large = await report(form({ message: 'x'.repeat(20_000) }), {
      origin: 'http://localhost:4321',
      'accept-language': 'ja,en;q=0.5',
    });
    expect(large.status).toBe(413);
    expect(await large.text()).toContain('メッセージが長すぎます');
    const json = await t.request('/feedback', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:4321' },
      body: JSON.stringify(form()),
    });
    expect(json.status).toBe(404);
    expect(await reports(id)).toEqual([]);
  });

  it('takes at most 5 reports a visitor an hour', async () => {
    const id = await staff(t, cookie).publish('le-port');
    for (let i = 0; i < 5; i++) expect((await report(form())).status).toBe(303);
    const sixth = await report(form());
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(await sixth.text()).toContain('plusieurs messages');
    // Another visitor still may.
    const someone = await report(form(), {
      origin: 'http://localhost:4321',
      'x-test-address': '198.51.100.7',
    });
    expect(someone.status).toBe(303);
    clock.advance(HOUR_MS + 1);
    expect((await report(form())).status).toBe(303);
    expect(await reports(id)).toHaveLength(7);
  });

  it('takes at most 10 reports an address an hour, whatever browser it says it is', async () => {
    const id = await staff(t, cookie).publish('le-port');
    const from = (address: string, i: number) => ({
      origin: 'http://localhost:4321',
      'x-test-address': address,
      'user-agent': `Browser/${i}`,
    });
    for (let i = 0; i < 10; i++)
      expect((await report(form(), from(`2001:db8:5:6::${i + 1}`, i))).status).toBe(303);
    // A new browser name each time does not make a new sender, nor a new address of its /64.
    const refused = await report(form(), from('2001:db8:5:6:ffff::1', 10));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    // Far below the museum's 60 an hour: the next visitor, from elsewhere, still may.
    expect((await report(form(), from('198.51.100.7', 0))).status).toBe(303);
    expect(await reports(id)).toHaveLength(11);
  });
});

describe('the per-museum bounds', () => {
  it('stops a museum’s reports at its hourly and 30-day limits, whoever sends them', async () => {
    const id = await staff(t, cookie).publish('le-port');
    let now = new Date('2026-11-01T10:00:00Z');
    const service = feedbackService({
      repo: reportsRepo(app.database.db),
      articles: editorRepo(app.database.db),
      now: () => now,
      limits: { visitorPerHour: 5, addressPerHour: 10, museumPerHour: 3, museumPer30Days: 5 },
    });
    const send = (i: number) =>
      service.report({ ...form(), visitor: { address: `10.0.0.${i}`, userAgent: undefined } });
    for (let i = 0; i < 3; i++) expect((await send(i)).result).toBe('sent');
    expect(await send(3)).toMatchObject({ result: 'tooMany' });
    now = new Date(now.getTime() + HOUR_MS + 1);
    for (let i = 4; i < 6; i++) expect((await send(i)).result).toBe('sent');
    // Five in 30 days: nothing more from anyone, hour after hour.
    now = new Date(now.getTime() + HOUR_MS + 1);
    expect(await send(7)).toMatchObject({ result: 'tooMany' });
    now = new Date(now.getTime() + 29 * 24 * HOUR_MS);
    expect(await send(8)).toMatchObject({ result: 'tooMany' });
    expect(await reports(id)).toHaveLength(5);
    // Once the first ones are 30 days old, reports are taken again.
    now = new Date('2026-12-02T10:00:00Z');
    expect((await send(9)).result).toBe('sent');
  });
});

describe('staff: GET /api/read/feedback and POST /api/manage/resolve_feedback', () => {
  it('lists, resolves and counts a museum’s reports; another museum’s are 404', async () => {
    const id = await staff(t, cookie).publish('le-port');
    await staff(t, cookie).publish('la-plage');
    expect((await report(form({ lang: 'ar', message: 'un' }))).status).toBe(303);
    expect((await report(form({ lang: 'ar', kind: 'other', message: 'deux' }))).status).toBe(303);
    expect((await report(form({ lang: 'es', message: 'tres' }))).status).toBe(303);
    const listed = await reports(id, 'ar');
    expect(listed.map((r) => r.message)).toEqual(['un', 'deux']);

    const counts = async (as = cookie) => {
      const res = await staff(t, as).get('/api/read/feedback_counts');
      expect(res.status).toBe(200);
      return ((await res.json()) as { counts: OpenReports[] }).counts;
    };
    expect(await counts()).toEqual(
      expect.arrayContaining([
        { articleId: id, lang: 'ar', open: 2 },
        { articleId: id, lang: 'es', open: 1 },
      ]),
    );
    expect(await counts(other)).toEqual([]);

    // Another museum: neither its article's reports nor its report to resolve.
    const theirs = await staff(t, other).get(`/api/read/feedback?articleId=${id}&lang=ar`);
    expect(theirs.status).toBe(404);
    const resolveAs = (as: string, body: unknown) =>
      t.postJson('/api/manage/resolve_feedback', body, { cookie: as });
    expect((await resolveAs(other, { id: listed[0]!.id })).status).toBe(404);
    expect((await resolveAs(cookie, { id: 999_999 })).status).toBe(404);
    expect((await resolveAs(cookie, { id: 'one' })).status).toBe(422);
    expect((await resolveAs(cookie, {})).status).toBe(422);
    expect((await resolveAs('', { id: listed[0]!.id })).status).toBe(401);

    const resolved = await resolveAs(cookie, { id: listed[0]!.id });
    expect(resolved.status).toBe(200);
    const after = await reports(id, 'ar');
    // Resolved ones are still listed, flagged, after the open ones.
    expect(after.map((r) => [r.message, r.resolvedAt !== null])).toEqual([
      ['deux', false],
      ['un', true],
    ]);
    expect(await counts()).toEqual(
      expect.arrayContaining([{ articleId: id, lang: 'ar', open: 1 }]),
    );
  });

  it('answers 422 on a bad query and 401 without a session', async () => {
    const id = await staff(t, cookie).publish('le-port');
    expect((await staff(t, cookie).get('/api/read/feedback?articleId=x&lang=ar')).status).toBe(422);
    expect((await staff(t, cookie).get(`/api/read/feedback?articleId=${id}&lang=zz`)).status).toBe(
      422,
    );
    expect((await t.request(`/api/read/feedback?articleId=${id}&lang=ar`)).status).toBe(401);
  });

  it('escapes a hostile message in the JSON it answers', async () => {
    const id = await staff(t, cookie).publish('le-port');
    await report(form({ message: HOSTILE }));
    const res = await staff(t, cookie).get(`/api/read/feedback?articleId=${id}&lang=fr`);
    expect(res.headers.get('content-type')).toContain('application/json');
    const text = await res.text();
    expect(text).toContain('\\"quotes\\"');
    expect((JSON.parse(text) as { reports: VisitorReport[] }).reports[0]?.message).toBe(
      HOSTILE.trim(),
    );
  });
});
