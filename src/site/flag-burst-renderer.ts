import { FLAG_WIDTH_EMS, flagPose, type FlagFlight } from './flag-burst.ts';
import { FLAG_RECTS } from './flag-sprite.ts';

/**
 * Draws the flag bursts on one canvas: every frame copies each flag's cell of the flag sprite
 * (flag-sprite.webp, one picture of every flag in flags.ts; flag-sprite.ts says where each is),
 * turned, scaled and faded. No emoji and no font: the flags look the same on every system. The
 * same code runs in a worker on an OffscreenCanvas (flag-burst-worker.ts) or, where a browser
 * cannot hand a canvas to a worker, on the page's own thread.
 *
 * The sprite is loaded when the bursts start (by the worker from the file the page fetched, or
 * by loadFlagSprite on the page's thread) and handed over with setSprite. Flights added before it arrives wait and start when it does; if it cannot be
 * loaded (setSprite(null)), they are dropped: nothing is drawn rather than empty boxes.
 */

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
type Surface = HTMLCanvasElement | OffscreenCanvas;
/** An ImageBitmap (page or worker) or, in browsers without createImageBitmap, an <img>. */
export type FlagSprite = ImageBitmap | HTMLImageElement;

export interface FlagRenderer {
  /** Adds a burst; its flights start at `now` (ms, the clock of the frames). */
  add(flights: readonly FlagFlight[], now: number): void;
  /** The flag sprite once loaded, or null when it could not be. */
  setSprite(sprite: FlagSprite | null): void;
  /** The canvas's size in CSS pixels, and device pixels per CSS pixel. */
  resize(width: number, height: number, pixelRatio: number): void;
  /**
   * Draws the frame at `now`; false once every flag has landed (the canvas is then clear).
   * While the sprite is on its way, flights wait and this is true.
   */
  frame(now: number): boolean;
  /** Flags drawn from the sprite at least once so far. */
  readonly drawn: number;
}

/** Sharp enough on any phone, and a 2560 × 1600 canvas at most on a laptop. */
export const MAX_PIXEL_RATIO = 2;

interface Flying {
  flight: FlagFlight;
  start: number;
  seen: boolean;
}

export function createFlagRenderer(canvas: Surface): FlagRenderer {
  const context = canvas.getContext('2d') as Context2D | null;
  if (!context) throw new Error('No 2D context for the flag bursts');
  const ctx = context;
  let sprite: FlagSprite | null | undefined;
  let waiting: FlagFlight[] = [];
  let flying: Flying[] = [];
  let ratio = 1;
  let drawn = 0;

  return {
    get drawn() {
      return drawn;
    },
    add(flights, now) {
      if (sprite === undefined) waiting.push(...flights);
      else if (sprite)
        for (const flight of flights) flying.push({ flight, start: now, seen: false });
    },
    setSprite(image) {
      sprite = image;
      if (!image) waiting = [];
    },
    resize(width, height, pixelRatio) {
      ratio = Math.min(MAX_PIXEL_RATIO, Math.max(1, pixelRatio));
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
    },
    frame(now) {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      if (sprite === undefined) return waiting.length > 0;
      for (const flight of waiting) flying.push({ flight, start: now, seen: false });
      waiting = [];
      flying = flying.filter((f) => now - f.start < f.flight.durationMs);
      if (!sprite) return false;
      ctx.imageSmoothingEnabled = true;
      ctx.imageSmoothingQuality = 'medium';
      for (const f of flying) {
        const cell = FLAG_RECTS[f.flight.flag];
        if (!cell) continue;
        const [sx, sy, sw, sh] = cell;
        const width = f.flight.fontSize * FLAG_WIDTH_EMS;
        const height = (width * sh) / sw;
        const pose = flagPose(f.flight, Math.max(0, now - f.start) / f.flight.durationMs);
        const turn = (pose.rotation * Math.PI) / 180;
        const cos = Math.cos(turn) * ratio;
        const sin = Math.sin(turn) * ratio;
        ctx.globalAlpha = pose.opacity;
        ctx.setTransform(
          cos,
          sin,
          -sin,
          cos,
          (f.flight.x + pose.dx) * ratio,
          (f.flight.y + pose.dy) * ratio,
        );
        ctx.drawImage(sprite, sx, sy, sw, sh, -width / 2, -height / 2, width, height);
        if (!f.seen) {
          f.seen = true;
          drawn += 1;
        }
      }
      ctx.globalAlpha = 1;
      return flying.length > 0;
    },
  };
}

/**
 * Fetches and decodes the flag sprite for drawing on the page's thread (createImageBitmap), or
 * through an <img> where a browser has no createImageBitmap; null when it cannot be had. Where a
 * worker draws, the page still fetches the file (a worker's fetches answer to the worker script's
 * own CSP, which for files under /_astro/ is `default-src 'none'`: netlify.toml,
 * security-headers.ts) and the worker decodes it.
 */
export async function loadFlagSprite(url: string): Promise<FlagSprite | null> {
  try {
    if (typeof createImageBitmap === 'function') {
      const response = await fetch(url);
      if (!response.ok) return null;
      return await createImageBitmap(await response.blob());
    }
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } catch {
    return null;
  }
}

/**
 * Runs frames while flags fly, and sleeps when none do: `schedule` is requestAnimationFrame
 * (page or worker) or a timer where a worker has none.
 */
export function animate(
  renderer: FlagRenderer,
  schedule: (step: (now: number) => void) => void,
  onFrame: (drawn: number, active: boolean) => void,
): { wake(): void } {
  let running = false;
  let lastDrawn = -1;
  const step = (now: number) => {
    const active = renderer.frame(now);
    if (renderer.drawn !== lastDrawn || !active) {
      lastDrawn = renderer.drawn;
      onFrame(renderer.drawn, active);
    }
    if (active) schedule(step);
    else running = false;
  };
  return {
    wake() {
      if (running) return;
      running = true;
      schedule(step);
    },
  };
}
