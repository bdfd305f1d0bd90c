import { describe, expect, it } from 'vitest';
import {
  BURST_OFFSETS_MS,
  blasterKind,
  burstCounts,
  burstFlights,
  crossesAny,
  flagPose,
  flightBox,
  isIOS,
  type FlagFlight,
} from './flag-burst.ts';
import { animate, type FlagRenderer } from './flag-burst-renderer.ts';
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

  it('makes one flight per flag: a flag, font size 21 to 42, inside the window', () => {
    const viewport = { innerWidth: 390, innerHeight: 800, visualViewport: null };
    for (const kind of ['desktop', 'narrow', 'ios-narrow'] as const) {
      const flights = burstFlights(kind, 35, viewport);
      expect(flights).toHaveLength(35);
      for (const flight of flights) {
        expect(FLAGS).toContain(flight.emoji);
        expect(flight.fontSize).toBeGreaterThanOrEqual(21);
        expect(flight.fontSize).toBeLessThanOrEqual(42);
        expect(flight.x).toBeGreaterThanOrEqual(0);
        expect(flight.x).toBeLessThanOrEqual(390);
        expect(flight.y).toBeGreaterThanOrEqual(0);
        expect(flight.y).toBeLessThanOrEqual(800);
        expect(flight.durationMs).toBeGreaterThan(1000);
        expect(flight.durationMs).toBeLessThan(3000);
      }
    }
    // The extremes of the random draw stay within the bounds too.
    for (const edge of [0, 0.999999]) {
      const [flight] = burstFlights('desktop', 1, viewport, () => edge);
      expect(flight?.fontSize).toBe(edge === 0 ? 21 : 42);
    }
  });

  it('starts the iOS blaster’s flags in the visual viewport, with at most 12 different flags', () => {
    const viewport = {
      innerWidth: 390,
      innerHeight: 844,
      visualViewport: { offsetLeft: 10, offsetTop: 300, width: 100, height: 200 },
    };
    const flights = burstFlights('ios-narrow', 200, viewport);
    for (const { x, y } of flights) {
      expect(x).toBeGreaterThanOrEqual(10);
      expect(x).toBeLessThanOrEqual(110);
      expect(y).toBeGreaterThanOrEqual(300);
      expect(y).toBeLessThanOrEqual(500);
    }
    expect(new Set(flights.map((f) => f.emoji)).size).toBeLessThanOrEqual(12);
    // Other blasters ignore the visual viewport and mix many more flags.
    const desktop = burstFlights('desktop', 200, viewport);
    expect(desktop.some((f) => f.y > 500)).toBe(true);
    expect(new Set(desktop.map((f) => f.emoji)).size).toBeGreaterThan(12);
  });

  it('keeps every flight off the text being read, at every point of its arc (issue 16)', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const cases = [
      // The landing's headline on a laptop; the contact title and lead on a phone.
      {
        viewport: { innerWidth: 1280, innerHeight: 800 },
        text: [{ left: 80, top: 120, right: 700, bottom: 460 }],
      },
      {
        viewport: { innerWidth: 390, innerHeight: 844 },
        text: [
          { left: 20, top: 90, right: 370, bottom: 150 },
          { left: 20, top: 160, right: 370, bottom: 330 },
        ],
      },
      // Text over most of a small screen: the last resort still misses it.
      {
        viewport: { innerWidth: 390, innerHeight: 600 },
        text: [{ left: 0, top: 0, right: 390, bottom: 560 }],
      },
    ];
    for (const { viewport, text } of cases) {
      for (const kind of ['desktop', 'narrow'] as const) {
        const flights = burstFlights(kind, 50, { ...viewport, visualViewport: null }, random, text);
        expect(flights).toHaveLength(50);
        for (const flight of flights) {
          expect(crossesAny(flight, text)).toBe(false);
          const box = flightBox(flight);
          for (let step = 0; step <= 20; step++) {
            const pose = flagPose(flight, step / 20);
            const [x, y] = [flight.x + pose.dx, flight.y + pose.dy];
            // The flag (about 1.4 em by 1 em, turned) stays inside its box, a font size in.
            expect(x - flight.fontSize * 0.75).toBeGreaterThanOrEqual(box.left);
            expect(x + flight.fontSize * 0.75).toBeLessThanOrEqual(box.right);
            expect(y - flight.fontSize * 0.75).toBeGreaterThanOrEqual(box.top);
            expect(y + flight.fontSize * 0.75).toBeLessThanOrEqual(box.bottom);
          }
        }
      }
    }
    // Without text to avoid, flights cross the whole window as before.
    const free = burstFlights('desktop', 50, { innerWidth: 1280, innerHeight: 800 }, random);
    expect(free.some((f) => crossesAny(f, cases[0]!.text))).toBe(true);
  });

  it('bursts the flags of many countries', () => {
    expect(new Set(FLAG_COUNTRIES).size).toBe(FLAG_COUNTRIES.length);
    expect(FLAG_COUNTRIES.length).toBeGreaterThanOrEqual(80);
    for (const code of FLAG_COUNTRIES) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(flagEmoji('FR')).toBe('🇫🇷');
    expect(flagEmoji('jp')).toBe('🇯🇵');
  });

  it('flies each flag up to the top of its arc, then down below its start, fading out', () => {
    const flight: FlagFlight = {
      emoji: '🇫🇷',
      fontSize: 30,
      x: 100,
      y: 400,
      dx: 120,
      rise: 200,
      fall: 300,
      rotation: 180,
      durationMs: 2000,
    };
    expect(flagPose(flight, 0)).toEqual({ dx: 0, dy: -0, rotation: 0, opacity: 1 });
    expect(flagPose(flight, 0.4)).toEqual({ dx: 60, dy: -200, rotation: 90, opacity: 1 });
    expect(flagPose(flight, 1)).toEqual({ dx: 120, dy: 300, rotation: 180, opacity: 0 });
    // Out of range is held at the ends.
    expect(flagPose(flight, -1)).toEqual(flagPose(flight, 0));
    expect(flagPose(flight, 2)).toEqual(flagPose(flight, 1));
    // Up, slowing, then down, faster and faster; fading only on the way down.
    const poses = Array.from({ length: 101 }, (_, i) => flagPose(flight, i / 100));
    const ups = poses.slice(0, 41).map((p) => -p.dy);
    for (let i = 1; i < ups.length; i += 1) expect(ups[i]).toBeGreaterThanOrEqual(ups[i - 1]!);
    expect(ups[1]! - ups[0]!).toBeGreaterThan(ups[40]! - ups[39]!);
    const downs = poses.slice(40).map((p) => p.dy);
    for (let i = 1; i < downs.length; i += 1) expect(downs[i]).toBeGreaterThan(downs[i - 1]!);
    expect(downs[60]! - downs[59]!).toBeGreaterThan(downs[1]! - downs[0]!);
    for (let i = 1; i < poses.length; i += 1) {
      expect(poses[i]!.opacity).toBeLessThanOrEqual(poses[i - 1]!.opacity);
    }
  });
});

describe('the flag bursts’ frame loop', () => {
  it('asks for frames while flags fly, reports what was drawn, then sleeps', () => {
    let flying = 3;
    let drawn = 0;
    const renderer: FlagRenderer = {
      add: () => {},
      resize: () => {},
      frame: () => {
        drawn = 5;
        flying -= 1;
        return flying > 0;
      },
      get drawn() {
        return drawn;
      },
    };
    const queued: ((now: number) => void)[] = [];
    const reports: [number, boolean][] = [];
    const loop = animate(
      renderer,
      (step) => queued.push(step),
      (d, active) => reports.push([d, active]),
    );
    loop.wake();
    loop.wake(); // already awake: one frame asked for, not two
    expect(queued).toHaveLength(1);
    let frames = 0;
    while (queued.length > 0) {
      queued.shift()!(frames * 16);
      frames += 1;
    }
    expect(frames).toBe(3);
    // Reported when the count changed and when the last flag landed, not on every frame.
    expect(reports).toEqual([
      [5, true],
      [5, false],
    ]);
    // A new burst wakes it again.
    flying = 1;
    loop.wake();
    expect(queued).toHaveLength(1);
  });
});
