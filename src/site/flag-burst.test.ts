import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BURST_OFFSETS_MS, blasterKind, isIOS } from './flag-blaster.ts';
import { burstFlights, crossesAny, flagPose, flightBox, type FlagFlight } from './flag-burst.ts';
import { animate, createFlagRenderer, type FlagRenderer } from './flag-burst-renderer.ts';
import { FLAG_RECTS, FLAG_SPRITE } from './flag-sprite.ts';
import { FLAG_COUNTRIES } from './flags.ts';

/** A WebP's width and height from its header (VP8, VP8L or VP8X). */
function webpSize(bytes: Buffer): { width: number; height: number } {
  const chunk = bytes.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8X') {
    return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  }
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
}

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

describe('flag bursts', () => {
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
        expect(FLAG_COUNTRIES).toContain(flight.flag);
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
    expect(new Set(flights.map((f) => f.flag)).size).toBeLessThanOrEqual(12);
    // Other blasters ignore the visual viewport and mix many more flags.
    const desktop = burstFlights('desktop', 200, viewport);
    expect(desktop.some((f) => f.y > 500)).toBe(true);
    expect(new Set(desktop.map((f) => f.flag)).size).toBeGreaterThan(12);
  });

  it('keeps every flight off the text being read, at every point of its arc', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    // The contact page on a laptop: title, lead, the two cards, the founder's text.
    const contact = [
      { left: 84, top: 100, right: 260, bottom: 160 },
      { left: 84, top: 170, right: 790, bottom: 230 },
      { left: 84, top: 263, right: 628, bottom: 511 },
      { left: 652, top: 263, right: 1196, bottom: 511 },
      { left: 84, top: 559, right: 852, bottom: 790 },
    ];
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
      { viewport: { innerWidth: 1280, innerHeight: 800 }, text: contact },
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
        const faults: string[] = [];
        for (const [index, flight] of flights.entries()) {
          if (crossesAny(flight, text)) faults.push(`flight ${index} crosses the text`);
          const box = flightBox(flight);
          for (let step = 0; step <= 200; step++) {
            const pose = flagPose(flight, step / 200);
            const [x, y] = [flight.x + pose.dx, flight.y + pose.dy];
            // The flag (1.3 em by 0.975 em, turned: 0.81 em from its centre) stays inside its
            // box and off every block of text.
            const half = flight.fontSize * 0.82;
            const flag = { left: x - half, right: x + half, top: y - half, bottom: y + half };
            const inside =
              flag.left >= box.left &&
              flag.right <= box.right &&
              flag.top >= box.top &&
              flag.bottom <= box.bottom;
            if (!inside) faults.push(`flight ${index} leaves its box at ${step}`);
            for (const t of text) {
              if (
                flag.left < t.right &&
                t.left < flag.right &&
                flag.top < t.bottom &&
                t.top < flag.bottom
              ) {
                faults.push(`flight ${index} touches text at ${step}`);
              }
            }
          }
        }
        expect(faults).toEqual([]);
      }
    }
    // Flags still fly up between blocks of text (a phone's contact page, with a gap above the
    // cards): not all of them are the last resort's, rising from the bottom edge.
    const phone = [
      { left: 20, top: 90, right: 370, bottom: 150 },
      { left: 20, top: 160, right: 370, bottom: 330 },
      { left: 20, top: 360, right: 370, bottom: 700 },
    ];
    const between = Array.from({ length: 10 }, () =>
      burstFlights('narrow', 20, { innerWidth: 390, innerHeight: 844 }, random, phone),
    ).flat();
    expect(between.filter((f) => f.y < 844 && f.rise > 0).length).toBeGreaterThan(5);
    // Without text to avoid, flights cross the whole window as before.
    const free = burstFlights('desktop', 50, { innerWidth: 1280, innerHeight: 800 }, random);
    expect(free.some((f) => crossesAny(f, cases[0]!.text))).toBe(true);
  });

  it('bursts the flags of many countries', () => {
    expect(new Set(FLAG_COUNTRIES).size).toBe(FLAG_COUNTRIES.length);
    expect(FLAG_COUNTRIES.length).toBeGreaterThanOrEqual(80);
    for (const code of FLAG_COUNTRIES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('has every flag in the sprite, in a cell of its own inside the picture', () => {
    // flag-sprite.ts is written with flag-sprite.webp by tools/marketing/flags/make-flag-sprite.ts
    // (npm run flags): a flag added to flags.ts without rerunning it would never be drawn.
    expect(Object.keys(FLAG_RECTS).sort()).toEqual([...FLAG_COUNTRIES].sort());
    const cells = Object.values(FLAG_RECTS);
    for (const [left, top, width, height] of cells) {
      expect(left).toBeGreaterThanOrEqual(0);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(left + width).toBeLessThanOrEqual(FLAG_SPRITE.width);
      expect(top + height).toBeLessThanOrEqual(FLAG_SPRITE.height);
      // 4:3, as the flag-icons set draws them, and big enough for the largest flag.
      expect(width / height).toBeCloseTo(4 / 3, 2);
      expect(width).toBeGreaterThanOrEqual(55);
    }
    // No two cells touch: a scaled copy of one never takes in its neighbour's edge.
    for (const [i, a] of cells.entries()) {
      for (const b of cells.slice(i + 1)) {
        const apart =
          a[0] + a[2] < b[0] || b[0] + b[2] < a[0] || a[1] + a[3] < b[1] || b[1] + b[3] < a[1];
        expect(apart).toBe(true);
      }
    }
  });

  it('sprite picture matches its index (size and WebP)', () => {
    const bytes = readFileSync(new URL('./flag-sprite.webp', import.meta.url));
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(bytes.length).toBeLessThan(60 * 1024);
    expect(webpSize(bytes)).toEqual(FLAG_SPRITE);
  });

  it('flies each flag up to the top of its arc, then down below its start, fading out', () => {
    const flight: FlagFlight = {
      flag: 'FR',
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
      setSprite: () => {},
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

describe('the flag bursts’ renderer', () => {
  /** A canvas whose 2D context records the pictures drawn on it. */
  function fakeCanvas() {
    const draws: { image: unknown; cell: number[] }[] = [];
    const context = {
      setTransform: () => {},
      clearRect: () => {},
      globalAlpha: 1,
      imageSmoothingEnabled: false,
      imageSmoothingQuality: 'low',
      drawImage: (image: unknown, ...args: number[]) =>
        draws.push({ image, cell: args.slice(0, 4) }),
    };
    const canvas = { width: 0, height: 0, getContext: () => context };
    return { canvas: canvas as unknown as OffscreenCanvas, draws };
  }
  const flight = (flag: string): FlagFlight => ({
    flag,
    fontSize: 30,
    x: 100,
    y: 400,
    dx: 0,
    rise: 100,
    fall: 100,
    rotation: 0,
    durationMs: 1000,
  });
  const sprite = { width: FLAG_SPRITE.width, height: FLAG_SPRITE.height } as ImageBitmap;

  it('draws each flag from its cell of the sprite, never text', () => {
    const { canvas, draws } = fakeCanvas();
    const renderer = createFlagRenderer(canvas);
    renderer.resize(1280, 800, 1);
    renderer.setSprite(sprite);
    renderer.add([flight('JP'), flight('BR')], 0);
    expect(renderer.frame(10)).toBe(true);
    expect(draws).toEqual([
      { image: sprite, cell: [...FLAG_RECTS.JP!] },
      { image: sprite, cell: [...FLAG_RECTS.BR!] },
    ]);
    expect(renderer.drawn).toBe(2);
    expect(renderer.frame(1000)).toBe(false);
  });

  it('holds flights until the sprite arrives, and drops them if it never does', () => {
    const { canvas, draws } = fakeCanvas();
    const renderer = createFlagRenderer(canvas);
    renderer.add([flight('FR')], 0);
    // Waiting: the loop keeps going, nothing is drawn, and the flight has not started yet.
    expect(renderer.frame(500)).toBe(true);
    expect(draws).toHaveLength(0);
    renderer.setSprite(sprite);
    expect(renderer.frame(2000)).toBe(true);
    expect(renderer.frame(2999)).toBe(true);
    expect(renderer.frame(3000)).toBe(false);
    expect(renderer.drawn).toBe(1);

    const failed = fakeCanvas();
    const nothing = createFlagRenderer(failed.canvas);
    nothing.add([flight('FR')], 0);
    nothing.setSprite(null);
    expect(nothing.frame(10)).toBe(false);
    nothing.add([flight('DE')], 20);
    expect(nothing.frame(30)).toBe(false);
    expect(failed.draws).toHaveLength(0);
    expect(nothing.drawn).toBe(0);
  });
});
