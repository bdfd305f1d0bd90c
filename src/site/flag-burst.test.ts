import { describe, expect, it } from 'vitest';
import {
  BURST_OFFSETS_MS,
  blastSettings,
  blasterKind,
  burstCounts,
  FLAG_CLASS,
  isIOS,
} from './flag-burst.ts';
import { FLAG_COUNTRIES, FLAGS, flagEmoji } from './flags.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

describe('flag bursts (spec 2)', () => {
  it('fires 35, 35, 50, 50 from 720 px and 15, 15, 20, 20 below', () => {
    expect(burstCounts(blasterKind(1280, false))).toEqual([35, 35, 50, 50]);
    expect(burstCounts(blasterKind(720, true))).toEqual([35, 35, 50, 50]);
    expect(burstCounts(blasterKind(719, false))).toEqual([15, 15, 20, 20]);
    expect(burstCounts(blasterKind(390, true))).toEqual([15, 15, 20, 20]);
  });

  it('uses the iOS blaster on iPhones and iPads under 720 px only', () => {
    const phone = { userAgent: IPHONE, platform: 'iPhone', maxTouchPoints: 5 };
    const iPad = { userAgent: MAC_SAFARI, platform: 'MacIntel', maxTouchPoints: 5 };
    const mac = { userAgent: MAC_SAFARI, platform: 'MacIntel', maxTouchPoints: 0 };
    const android = { userAgent: ANDROID, platform: 'Linux armv8l', maxTouchPoints: 5 };
    expect([phone, iPad, mac, android].map(isIOS)).toEqual([true, true, false, false]);
    expect(blasterKind(390, isIOS(phone))).toBe('ios-narrow');
    expect(blasterKind(1024, isIOS(iPad))).toBe('desktop');
    expect(blasterKind(390, isIOS(android))).toBe('narrow');
  });

  it('spaces the four bursts 400 to 700 ms apart', () => {
    expect(BURST_OFFSETS_MS).toHaveLength(4);
    for (let i = 1; i < BURST_OFFSETS_MS.length; i += 1) {
      const gap = (BURST_OFFSETS_MS[i] ?? 0) - (BURST_OFFSETS_MS[i - 1] ?? 0);
      expect(gap).toBeGreaterThanOrEqual(400);
      expect(gap).toBeLessThanOrEqual(700);
    }
  });

  it('gives emoji-blast the count, the flags, font sizes 21 to 42 and hidden, untabbable flags', () => {
    const viewport = { innerWidth: 390, innerHeight: 800, visualViewport: null };
    const container = {} as HTMLElement;
    for (const kind of ['desktop', 'narrow', 'ios-narrow'] as const) {
      const made: Element[] = [];
      const settings = blastSettings(kind, container, 15, (el) => made.push(el), viewport);
      expect(settings.emojiCount).toBe(15);
      expect(settings.className).toBe(FLAG_CLASS);
      expect(settings.container).toBe(container);
      expect(settings.emojis).toEqual(FLAGS);
      expect(settings.physics?.fontSize).toEqual({ min: 21, max: 42 });
      const attributes = new Map<string, string>();
      const element = { setAttribute: (n: string, v: string) => attributes.set(n, v) };
      settings.process?.(element as unknown as Element);
      expect(Object.fromEntries(attributes)).toEqual({ tabindex: '-1', 'aria-hidden': 'true' });
      expect(made).toEqual([element]);
    }
  });

  it('places the iOS blaster’s flags in the visual viewport', () => {
    const viewport = {
      innerWidth: 390,
      innerHeight: 844,
      visualViewport: { offsetLeft: 10, offsetTop: 300, width: 100, height: 200 },
    };
    const settings = blastSettings('ios-narrow', {} as HTMLElement, 15, () => {}, viewport);
    expect(typeof settings.position).toBe('function');
    for (let i = 0; i < 50; i += 1) {
      const { x, y } = (settings.position as () => { x: number; y: number })();
      expect(x).toBeGreaterThanOrEqual(10);
      expect(x).toBeLessThanOrEqual(110);
      expect(y).toBeGreaterThanOrEqual(300);
      expect(y).toBeLessThanOrEqual(500);
    }
    expect(settings.uniqueness).toBe(12);
  });

  it('bursts the flags of many countries', () => {
    expect(new Set(FLAG_COUNTRIES).size).toBe(FLAG_COUNTRIES.length);
    expect(FLAG_COUNTRIES.length).toBeGreaterThanOrEqual(80);
    for (const code of FLAG_COUNTRIES) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(flagEmoji('FR')).toBe('🇫🇷');
    expect(flagEmoji('jp')).toBe('🇯🇵');
  });
});
