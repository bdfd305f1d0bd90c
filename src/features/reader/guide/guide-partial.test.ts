import { describe, expect, it } from 'vitest';
import type { FakeOpenAI } from '../../../../tests/helpers/fake-openai.ts';
import { publishArticle, useTranslationApp } from '../../../../tests/helpers/translation-app.ts';
import type { TestApp } from '../../../../tests/helpers/use-test-app.ts';
import { museumCommand } from '../../../app/cli/museum.ts';
import ja from '../render/strings/ja.json' with { type: 'json' };

/**
 * A guide home whose translation has a hole (a title the checks refuse, or one the engine does
 * not answer for): the other texts translated, that one in the museum's language, marked so, as
 * an article page shows what it could not translate.
 */
let fake: FakeOpenAI;
let t: TestApp;
let cookie: string;
const app = useTranslationApp((s) => ({ t, cookie, fake } = s));

const text = (content: string) => ({ type: 'text', content });

const visit = async (path: string) => {
  const res = await t.request(path, { headers: { 'accept-language': 'fr' } });
  return { res, html: await res.text() };
};

/** The title shown in French on the Japanese page: marked as French. */
const inFrench = (title: string) => `<span lang="fr" dir="ltr">${title}</span>`;

describe('a guide home translated but for one title', () => {
  it('shows the others translated and that one in the original, marked', async () => {
    await museumCommand(app.database.db, { museum: 'Musée A', slug: 'musee-a' });
    await publishArticle({ t, cookie }, 'salle-1', [text('La Joconde, portrait de Lisa')]);
    await publishArticle({ t, cookie }, 'salle-2', [text('Le Radeau de la Méduse')]);
    expect((await visit('/visit/musee-a?lang=ja')).html).toContain('<h1>[ja] Musée A</h1>');

    // A new article whose title the checks refuse twice (markup the source does not have).
    fake.setBehaviour({
      type: 'answer',
      translations: (segments) =>
        segments.map((s) => ({
          id: s.id,
          text: s.text.includes('Sacre') ? '<b>x</b>' : `[ja] ${s.text}`,
        })),
    });
    await publishArticle({ t, cookie }, 'salle-3', [text('Le Sacre de Napoléon')]);
    const refused = await visit('/visit/musee-a?lang=ja');
    expect(refused.res.status).toBe(200);
    expect(refused.html).toContain('<html lang="ja" dir="ltr">');
    expect(refused.html).toContain('<h1>[ja] Musée A</h1>');
    expect(refused.html).toContain('[ja] La Joconde, portrait de Lisa');
    expect(refused.html).toContain('[ja] Le Radeau de la Méduse');
    expect(refused.html).toContain(inFrench('Le Sacre de Napoléon'));
    // The visitor page's words for texts the checks refused.
    expect(refused.html).toContain(ja.refusedShown);
    // Within its pause: what is stored, the same, with no new call.
    const calls = fake.calls.length;
    const paused = await visit('/visit/musee-a?lang=ja');
    expect(paused.html).toContain('[ja] La Joconde, portrait de Lisa');
    expect(paused.html).toContain(inFrench('Le Sacre de Napoléon'));
    expect(fake.calls.length).toBe(calls);

    // After the pause the engine times out for that title: the same page, said so, not kept.
    t.clock.advance(61_000);
    fake.setBehaviour((call) =>
      call.segments.some((s) => s.text.includes('Sacre')) ? { type: 'hang' } : { type: 'ok' },
    );
    const timedOut = await visit('/visit/musee-a?lang=ja');
    expect(fake.calls.length).toBe(calls + 1);
    expect(timedOut.res.status).toBe(200);
    expect(timedOut.html).toContain('<h1>[ja] Musée A</h1>');
    expect(timedOut.html).toContain('[ja] Le Radeau de la Méduse');
    expect(timedOut.html).toContain(inFrench('Le Sacre de Napoléon'));
    expect(timedOut.html).toContain(ja.partlyOriginal);
    expect(timedOut.html).not.toContain(ja.refusedShown);
    expect(timedOut.res.headers.get('cache-control')).toBe('no-store');
  });
});
