import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../server/config.ts';
import {
  engineGate,
  LIMIT_WINDOW_MS,
  SOUND_PAGE_KEEP_MS,
  type EngineBudget,
} from './engine-gate.ts';

const limits = {
  visitorTranslationsPerMinute: 3,
  visitorSoundPagesPerMinute: 2,
  museumTranslationsPerMinute: 5,
  museumSoundPagesPerMinute: 3,
  museumTranslationCharsPerMinute: 1_000,
  museumSpeechCharsPerMinute: 400,
  addressCharsPercent: 25,
};

function gate(budget?: EngineBudget) {
  let at = Date.parse('2026-11-21T10:00:00Z');
  const g = engineGate({ limits, now: () => at, budget });
  return { g, advance: (ms: number) => void (at += ms) };
}

/** A budget read from somewhere slow: each question waits a turn. */
const budgetOf = (paused: boolean): EngineBudget => ({
  translationPaused: async () => paused,
  speechPaused: async () => paused,
});

const phone = { address: '198.51.100.7', userAgent: 'Phone' };
const ask = (pair: string, visitor = phone, museumId = 1) => ({ museumId, pair, visitor });

describe('the settings', () => {
  it('default to the documented limits, and refuse what is not a count', () => {
    expect(parseConfig({}).visitorLimits).toEqual({
      visitorTranslationsPerMinute: 6,
      visitorSoundPagesPerMinute: 2,
      museumTranslationsPerMinute: 60,
      museumSoundPagesPerMinute: 20,
      museumTranslationCharsPerMinute: 400_000,
      museumSpeechCharsPerMinute: 60_000,
      addressCharsPercent: 25,
    });
    const set = parseConfig({
      VISITOR_NEW_TRANSLATIONS_PER_MINUTE: '10',
      VISITOR_NEW_SOUND_PAGES_PER_MINUTE: '4',
      MUSEUM_NEW_SOUND_PAGES_PER_MINUTE: '7',
      MUSEUM_NEW_TRANSLATIONS_PER_MINUTE: '0',
    });
    expect(set.visitorLimits).toMatchObject({
      visitorTranslationsPerMinute: 10,
      visitorSoundPagesPerMinute: 4,
      museumSoundPagesPerMinute: 7,
      museumTranslationsPerMinute: 0,
    });
    expect(
      parseConfig({
        MUSEUM_TRANSLATION_CHARS_PER_MINUTE: '1000',
        MUSEUM_SPEECH_CHARS_PER_MINUTE: '500',
        ADDRESS_CHARS_SHARE_PERCENT: '50',
      }).visitorLimits,
    ).toMatchObject({
      museumTranslationCharsPerMinute: 1000,
      museumSpeechCharsPerMinute: 500,
      addressCharsPercent: 50,
    });
    expect(() => parseConfig({ ADDRESS_CHARS_SHARE_PERCENT: '101' })).toThrow(
      /ADDRESS_CHARS_SHARE_PERCENT/,
    );
    for (const bad of ['-1', 'many', '1.5']) {
      expect(() => parseConfig({ VISITOR_NEW_TRANSLATIONS_PER_MINUTE: bad })).toThrow(
        /VISITOR_NEW_TRANSLATIONS_PER_MINUTE/,
      );
    }
  });
});

describe('engineGate', () => {
  it('holds the whole museum’s new pages read aloud, however many visitors ask', async () => {
    const { g, advance } = gate();
    const from = (n: number) => ({ address: `203.0.113.${n}`, userAgent: 'Phone' });
    for (const n of [1, 2, 3]) expect(await g.sound(ask(`${n}:es`, from(n)))).toBe(undefined);
    expect(await g.sound(ask('4:es', from(4)))).toMatchObject({ kind: 'busy' });
    // Another museum has its own; a page already let read goes on.
    expect(await g.sound(ask('4:es', from(4), 2))).toBe(undefined);
    expect(await g.sound(ask('1:es', from(1)))).toBe(undefined);
    advance(LIMIT_WINDOW_MS);
    expect(await g.sound(ask('4:es', from(4)))).toBe(undefined);
  });

  it('counts a page read aloud once when its blocks are asked together', async () => {
    const { g } = gate(budgetOf(false));
    // Each ask waits (the budget, the session) before deciding: the page's blocks interleave.
    const page = () => g.sound({ ...ask('1:es'), staffMuseum: async () => undefined });
    expect(await Promise.all([page(), page(), page()])).toEqual([undefined, undefined, undefined]);
    expect(await g.sound(ask('1:de'))).toBe(undefined);
    expect(await g.sound(ask('1:it'))).toMatchObject({ kind: 'busy' });
  });

  it('lets a visitor start a few translations a minute, then says when to come back', async () => {
    const { g, advance } = gate();
    for (const lang of ['es', 'de', 'it'])
      expect(await g.translation(ask(`1:${lang}`))).toBe(undefined);
    advance(20_000);
    expect(await g.translation(ask('1:ja'))).toEqual({ kind: 'busy', retryAfter: 40 });
    // Refusals cost nothing: past the minute of the first three, three more.
    advance(LIMIT_WINDOW_MS - 20_000);
    expect(await g.translation(ask('1:ja'))).toBe(undefined);
    // Another visitor (another browser on the same address) has their own count.
    expect(await g.translation(ask('1:ko', { ...phone, userAgent: 'Tablet' }))).toBe(undefined);
  });

  it('holds the whole museum at its ceiling, whoever asks, and no other museum', async () => {
    const { g } = gate();
    const visitors = Array.from({ length: 8 }, (_, i) => ({
      address: `203.0.113.${i}`,
      userAgent: 'x',
    }));
    const held = [];
    for (const visitor of visitors) held.push(await g.translation(ask('1:es', visitor)));
    expect(held.filter((h) => h === undefined)).toHaveLength(5);
    expect(held.slice(5)).toEqual([0, 0, 0].map(() => ({ kind: 'busy', retryAfter: 60 })));
    expect(await g.translation(ask('9:es', visitors[7], 2))).toBe(undefined);
  });

  it('counts a page read aloud once, whatever its blocks and for an hour of listening', async () => {
    const { g, advance } = gate();
    expect(await g.sound(ask('1:es'))).toBe(undefined);
    expect(await g.sound(ask('2:es'))).toBe(undefined);
    expect(await g.sound(ask('3:es'))).toMatchObject({ kind: 'busy' });
    // Every later block of the first two pages still plays, minutes later.
    for (let minute = 0; minute < 50; minute++) {
      advance(60_000);
      expect(await g.sound(ask('1:es'))).toBe(undefined);
    }
    advance(SOUND_PAGE_KEEP_MS + 1);
    expect(await g.sound(ask('3:es'))).toBe(undefined);
  });

  it('never holds staff signed in to the museum; staff of another museum are visitors', async () => {
    const { g } = gate();
    const staff = (museumId: number) => ({ ...ask('1:es'), staffMuseum: async () => museumId });
    for (let i = 0; i < 10; i++) expect(await g.translation(staff(1))).toBe(undefined);
    expect(await g.translation(ask('1:de'))).toBe(undefined);
    for (let i = 0; i < 2; i++) await g.translation(staff(2));
    expect(await g.translation(staff(2))).toMatchObject({ kind: 'busy' });
  });

  it('starts nothing for anyone while the museum’s budget is spent', async () => {
    const paused = new Set([1]);
    const budget: EngineBudget = {
      translationPaused: async (id) => paused.has(id),
      speechPaused: async (id) => paused.has(id),
    };
    const { g } = gate(budget);
    expect(await g.translation(ask('1:es'))).toEqual({ kind: 'paused' });
    expect(await g.sound(ask('1:es'))).toEqual({ kind: 'paused' });
    const staff = { ...ask('1:es'), staffMuseum: async () => 1 };
    expect(await g.translation(staff)).toEqual({ kind: 'paused' });
    expect(await g.translation(ask('1:es', phone, 2))).toBe(undefined);
    paused.clear();
    expect(await g.translation(ask('1:es'))).toBe(undefined);
  });
});

describe('the characters a minute (payer)', () => {
  // The limits above: 1,000 translation characters a museum, a quarter (250) an address.
  it('counts an address’s characters whatever its browser, and says when to come back', async () => {
    const { g, advance } = gate();
    const browsers = ['Phone', 'Tablet', 'Bot/1', 'Bot/2'].map((userAgent) => ({
      ...phone,
      userAgent,
    }));
    const payers = await Promise.all(browsers.map((v) => g.payer({ museumId: 1, visitor: v })));
    expect(payers[0]!.take('translation', 200)).toBe(undefined);
    advance(15_000);
    // Another browser on the same address shares its 250 characters.
    expect(payers[1]!.take('translation', 100)).toEqual({ kind: 'busy', retryAfter: 45 });
    expect(payers[3]!.take('translation', 50)).toBe(undefined);
    expect(payers[2]!.take('translation', 1)).toMatchObject({ kind: 'busy' });
    // Nor may a new translation start there: its first call would be refused.
    expect(await g.translation(ask('1:ja', browsers[2]))).toMatchObject({ kind: 'busy' });
    // Speech has its own count; another address its own share.
    expect(payers[2]!.take('speech', 100)).toBe(undefined);
    const other = await g.payer({ museumId: 1, visitor: { ...phone, address: '203.0.113.9' } });
    expect(other!.take('translation', 250)).toBe(undefined);
    expect(other!.museumPerMinute('translation')).toBe(1_000);
    // A call not made gives its characters back; past the minute, the address starts afresh.
    payers[0]!.giveBack('translation', 50);
    expect(payers[0]!.take('translation', 50)).toBe(undefined);
    advance(LIMIT_WINDOW_MS);
    expect(payers[1]!.take('translation', 250)).toBe(undefined);
  });

  it('leaves staff signed in to the museum without a payer (only the budget holds them)', async () => {
    const { g } = gate();
    expect(await g.payer({ museumId: 1, visitor: phone, staffMuseum: async () => 1 })).toBe(
      undefined,
    );
    expect(
      await g.payer({ museumId: 1, visitor: phone, staffMuseum: async () => 2 }),
    ).toBeDefined();
  });
});
