import { describe, expect, it } from 'vitest';
import { useFakeEngines } from '../../../../tests/helpers/fake-engines.ts';
import type { FakeSpeech } from '../../../../tests/helpers/fake-speech.ts';
import { useTestApp, type TestApp } from '../../../../tests/helpers/use-test-app.ts';
import { engineUsage } from '../../../server/db/schema.ts';
import type { TestDatabase } from '../../../../tests/helpers/db.ts';
import { speechUnits } from './speech.ts';

/**
 * Listen reads the title the page shows first, then the blocks: the server's voice as block 0,
 * its characters paid for and bounded as every block's (made small here: 400 characters a
 * minute for the museum, a quarter, 100, for one address). The phone's voice reads it from the
 * page (listen.js; tests/e2e/read-aloud.spec.ts).
 */
let speech: FakeSpeech & { url: string; close(): Promise<void> };
let t: TestApp;
let cookie: string;
let database: TestDatabase;

const engines = useFakeEngines();

useTestApp(
  () => ({
    env: {
      ...engines.env(),
      MUSEUM_SPEECH_CHARS_PER_MINUTE: '400',
      ADDRESS_CHARS_SHARE_PERCENT: '25',
    },
  }),
  (s) => {
    ({ t, cookie, database } = s);
    ({ speech } = engines);
    engines.clear();
  },
);

/** 60 characters, then a block of 50: together past one address's 100 a minute. */
const TITLE = 'Le phare du Minou, gardien de la rade de Brest depuis 1848 !';
const TEXT = 'Sa lanterne porte à trente kilomètres par beau temps.'.slice(0, 50);

async function publish(publicTitle: string | undefined): Promise<void> {
  const added = await t.postJson('/api/manage/add_article', { pathArray: [] }, { cookie });
  const { id } = (await added.json()) as { id: number };
  const res = await t.postJson(
    '/api/manage/update_article',
    {
      articleId: id,
      newContent: [
        { type: 'metadatas', url: 'phare', publicTitle },
        { type: 'text', content: TEXT },
      ],
      unformatted_name: 'Phare',
      instructions: '',
    },
    { cookie },
  );
  expect(res.status).toBe(200);
}

const sound = (block: number, lang = 'fr') =>
  t.request(`/speech?name=phare&lang=${lang}&block=${block}`, {
    headers: { 'x-test-address': '198.51.100.9', 'user-agent': 'Phone/1.0' },
  });

describe('Listen reads the title first', () => {
  it('makes the public title the first text read, and only a title the museum wrote', () => {
    const meta = { type: 'metadatas', url: 'phare' };
    const text = { type: 'text', content: TEXT };
    expect(speechUnits([{ ...meta, publicTitle: ' Le  [!phare!] ' }, text] as never)).toEqual([
      { index: 0, text: 'Le phare' },
      { index: 1, text: TEXT },
    ]);
    // Without one, the first block is the title the page shows: read once.
    expect(speechUnits([meta, text] as never)).toEqual([{ index: 1, text: TEXT }]);
  });

  it('offers the title’s sound first, reads it in the page’s language, and pays its characters', async () => {
    expect(TITLE).toHaveLength(60);
    await publish(TITLE);
    const html = await (await t.show('/article?name=phare&lang=fr')).text();
    expect(html).toContain('data-blocks="0,1"');
    expect(html).toContain(
      '<li><audio controls="" preload="none" src="/speech?name=phare&amp;lang=fr&amp;block=0">',
    );
    expect((await sound(0)).status).toBe(200);
    expect(speech.calls.map((c) => c.input)).toEqual([TITLE]);
    await t.services.usage.settled();
    const [usage] = await database.db.select().from(engineUsage);
    expect(usage).toMatchObject({ speechChars: 60, calls: 1 });
    // The title's 60 characters count in the address's 100 a minute: the block's 50 wait.
    const next = await sound(1);
    expect(next.status).toBe(429);
    expect(next.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(speech.calls).toHaveLength(1);
    // Translated with the page: read in Spanish (another minute for this address: another one).
    await t.show('/article?name=phare&lang=es', { headers: { 'x-test-address': '203.0.113.4' } });
    const spanish = await t.request('/speech?name=phare&lang=es&block=0', {
      headers: { 'x-test-address': '203.0.113.4' },
    });
    expect(spanish.status).toBe(200);
    expect(speech.calls.at(-1)!.input).toBe(`[es] ${TITLE}`);
  });

  it('has no block 0 without a public title', async () => {
    await publish(undefined);
    expect((await sound(0)).status).toBe(404);
    expect(speech.calls).toHaveLength(0);
  });
});
