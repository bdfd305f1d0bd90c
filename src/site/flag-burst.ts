import type { BlasterKind } from './flag-blaster.ts';
import { FLAG_COUNTRIES } from './flags.ts';

/**
 * The flag bursts of the landing and contact pages: four bursts of 35, 35, 50 and 50
 * flags, 15, 15, 20 and 20 below 720 px, font size 21 to 42, a blaster of its own for iPhones
 * and iPads under 720 px. The page's script (FlagBurst.astro) picks the blaster and fires
 * (flag-blaster.ts, all the page's thread needs where a worker draws).
 *
 * This module plans the flights; flag-burst-renderer.ts draws them on one canvas, from a worker
 * where the browser can (flag-burst-worker.ts), so the page's main thread does no work per flag
 * or per frame. See docs/adr/0007-flag-burst-on-the-compositor.md and
 * docs/adr/0009-flag-burst-on-a-canvas-in-a-worker.md.
 */

export const FONT_SIZE = { min: 21, max: 42 } as const;

/** A flag's width in font sizes (about an emoji flag's), its height 3/4 of that. */
export const FLAG_WIDTH_EMS = 1.3;

export interface ViewportLike {
  innerWidth: number;
  innerHeight: number;
  visualViewport?: { offsetLeft: number; offsetTop: number; width: number; height: number } | null;
}

/** One flag's flight: where it starts, how far it rises and falls, for how long. */
export interface FlagFlight {
  /** The country (flags.ts), whose flag is drawn from the sprite. */
  flag: string;
  /** The flag's size: it is FLAG_WIDTH_EMS of this wide, 3/4 of that high. */
  fontSize: number;
  x: number;
  y: number;
  /** Sideways drift and rise to the top of the arc, then the fall below the start, in px. */
  dx: number;
  rise: number;
  fall: number;
  rotation: number;
  durationMs: number;
}

const between = (random: () => number, min: number, max: number) => min + random() * (max - min);

/**
 * The flights of one burst. The iOS blaster (narrow iPhones and iPads): mobile Safari's toolbars
 * grow and shrink while the page loads and scrolls, so the layout viewport (innerWidth,
 * innerHeight) is not what the visitor sees; flags start in the visual viewport instead. A burst
 * there uses at most 12 different flags, drifts less sideways (a narrow screen keeps them in
 * view) and lives shorter, which keeps older iPhones smooth.
 *
 * `avoid`: the boxes of the text a visitor is reading (elements marked data-no-flags, in
 * viewport pixels); no flight crosses them at any point of its arc, so the flags never hide what is read.
 */
export function burstFlights(
  kind: BlasterKind,
  count: number,
  viewport: ViewportLike,
  random: () => number = Math.random,
  avoid: readonly Box[] = [],
): FlagFlight[] {
  const ios = kind === 'ios-narrow';
  const area = (ios ? viewport.visualViewport : undefined) ?? {
    offsetLeft: 0,
    offsetTop: 0,
    width: viewport.innerWidth,
    height: viewport.innerHeight,
  };
  const flags = FLAG_COUNTRIES;
  const start = Math.floor(random() * flags.length);
  const palette = ios
    ? Array.from({ length: 12 }, (_, i) => flags[(start + i * 7) % flags.length] ?? 'FR')
    : flags;
  const plan = (): FlagFlight => ({
    flag: palette[Math.floor(random() * palette.length)] ?? 'FR',
    fontSize: Math.round(between(random, FONT_SIZE.min, FONT_SIZE.max)),
    x: area.offsetLeft + random() * area.width,
    y: area.offsetTop + between(random, 0.35, 1) * area.height,
    dx: between(random, ios ? -60 : -180, ios ? 60 : 180),
    rise: between(random, 0.15, 0.45) * area.height,
    fall: between(random, 0.2, 0.5) * area.height,
    rotation: between(random, -240, 240),
    durationMs: Math.round(between(random, ios ? 1300 : 1600, ios ? 1900 : 2600)),
  });
  return Array.from({ length: count }, () => {
    let flight = plan();
    for (let attempt = 1; attempt < AVOID_ATTEMPTS && crossesAny(flight, avoid); attempt++) {
      flight = plan();
    }
    return crossesAny(flight, avoid) ? underTheText(flight, avoid, area) : flight;
  });
}

/** A box in CSS pixels of the viewport (a DOMRect's fields). */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** How many flights are drawn before giving up on one that misses the text. */
const AVOID_ATTEMPTS = 60;

/**
 * Everything a flight covers: from its start up to its apex and down to its end, from its start
 * to its sideways drift, widened by the flag's turning size (a flag is 1.3 em by 0.975 em, so
 * half its diagonal is 0.81 em).
 */
export function flightBox(flight: FlagFlight): Box {
  const half = flight.fontSize;
  return {
    left: Math.min(flight.x, flight.x + flight.dx) - half,
    right: Math.max(flight.x, flight.x + flight.dx) + half,
    top: flight.y - flight.rise - half,
    bottom: flight.y + flight.fall + half,
  };
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Pieces a flight's path is checked in. */
const PATH_STEPS = 32;

/**
 * Whether the flight's flag touches any of the boxes at any point of its arc. A flight whose
 * whole box (flightBox) misses them is clear at once. Otherwise its path is followed: a flag
 * moves along two straight lines (flagPose: up to the apex, then down), so the box of each piece
 * between two consecutive points holds the piece, and widened by the flag's turning size it
 * holds the flag; each must miss the boxes. So a flight may pass beside or between blocks of
 * text, not only far from them.
 */
export function crossesAny(flight: FlagFlight, boxes: readonly Box[]): boolean {
  const box = flightBox(flight);
  const near = boxes.filter((b) => overlaps(box, b));
  if (near.length === 0) return false;
  const half = flight.fontSize;
  let last = flagPose(flight, 0);
  for (let step = 1; step <= PATH_STEPS; step++) {
    const pose = flagPose(flight, step / PATH_STEPS);
    const segment = {
      left: flight.x + Math.min(last.dx, pose.dx) - half,
      right: flight.x + Math.max(last.dx, pose.dx) + half,
      top: flight.y + Math.min(last.dy, pose.dy) - half,
      bottom: flight.y + Math.max(last.dy, pose.dy) + half,
    };
    if (near.some((b) => overlaps(segment, b))) return true;
    last = pose;
  }
  return false;
}

/**
 * The last resort when no drawn flight misses the text (text over most of a small screen): the
 * flag starts at the bottom edge and rises no higher than the lowest text above it; with no room
 * there, it only falls out of view.
 */
function underTheText(
  flight: FlagFlight,
  avoid: readonly Box[],
  area: { offsetTop: number; height: number },
): FlagFlight {
  const y = area.offsetTop + area.height + flight.fontSize;
  const moved = { ...flight, y, rise: 0 };
  const column = flightBox(moved);
  const above = avoid.filter((b) => b.left < column.right && column.left < b.right);
  const lowest = Math.max(area.offsetTop, ...above.map((b) => b.bottom));
  const rise = Math.max(0, Math.min(flight.rise, y - lowest - 2 * flight.fontSize));
  return { ...moved, rise };
}

/** Where a flag is, `progress` (0 to 1) into its flight: offset from its start, turn, opacity. */
export interface FlagPose {
  dx: number;
  dy: number;
  rotation: number;
  opacity: number;
}

/** The top of the arc, as a share of the flight. */
const APEX = 0.4;
const easeOut = (t: number) => 1 - (1 - t) * (1 - t);
const easeIn = (t: number) => t * t;

/**
 * The flight's arc: up and sideways to the apex, slowing (ease-out); then down below the start,
 * faster and faster (ease-in), fading out as it falls.
 */
export function flagPose(flight: FlagFlight, progress: number): FlagPose {
  const p = Math.min(1, Math.max(0, progress));
  if (p < APEX) {
    const u = easeOut(p / APEX);
    return {
      dx: (flight.dx / 2) * u,
      dy: -flight.rise * u,
      rotation: (flight.rotation / 2) * u,
      opacity: 1,
    };
  }
  const u = easeIn((p - APEX) / (1 - APEX));
  return {
    dx: flight.dx / 2 + (flight.dx / 2) * u,
    dy: -flight.rise + (flight.rise + flight.fall) * u,
    rotation: flight.rotation / 2 + (flight.rotation / 2) * u,
    opacity: 1 - u,
  };
}
