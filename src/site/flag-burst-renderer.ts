import { FONT_SIZE, flagPose, type FlagFlight } from './flag-burst.ts';

/**
 * Draws the flag bursts on one canvas: each flag's emoji is drawn once, at the largest size, into
 * a sprite of its own, then every frame copies the sprites turned, scaled and faded. The same code
 * runs in a worker on an OffscreenCanvas (flag-burst-worker.ts) or, where a browser cannot hand a
 * canvas to a worker, on the page's own thread.
 */

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
type Surface = HTMLCanvasElement | OffscreenCanvas;

export interface FlagRenderer {
  /** Adds a burst; its flights start at `now` (ms, the clock of the frames). */
  add(flights: readonly FlagFlight[], now: number): void;
  /** The canvas's size in CSS pixels, and device pixels per CSS pixel. */
  resize(width: number, height: number, pixelRatio: number): void;
  /** Draws the frame at `now`; false once every flag has landed (the canvas is then clear). */
  frame(now: number): boolean;
  /** Flags drawn at least once so far. */
  readonly drawn: number;
}

const EMOJI_FONT = '"Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", sans-serif';
/** A sprite's side, in font sizes: room for a flag's width and its glyph's overhang. */
const SPRITE_EMS = 1.5;
/** Sharp enough on any phone, and a 2560 × 1600 canvas at most on a laptop. */
export const MAX_PIXEL_RATIO = 2;

interface Flying {
  flight: FlagFlight;
  start: number;
  seen: boolean;
}

export function createFlagRenderer(
  canvas: Surface,
  makeSurface: (width: number, height: number) => Surface,
): FlagRenderer {
  const context = canvas.getContext('2d') as Context2D | null;
  if (!context) throw new Error('No 2D context for the flag bursts');
  const ctx = context;
  const sprites = new Map<string, Surface>();
  let flying: Flying[] = [];
  let ratio = 1;
  let drawn = 0;

  const spriteFontPx = () => FONT_SIZE.max * ratio;

  function sprite(emoji: string): Surface {
    let made = sprites.get(emoji);
    if (made) return made;
    const side = Math.ceil(spriteFontPx() * SPRITE_EMS);
    made = makeSurface(side, side);
    const g = made.getContext('2d') as Context2D | null;
    if (g) {
      g.font = `${spriteFontPx()}px ${EMOJI_FONT}`;
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      g.fillText(emoji, side / 2, side / 2);
    }
    sprites.set(emoji, made);
    return made;
  }

  return {
    get drawn() {
      return drawn;
    },
    add(flights, now) {
      for (const flight of flights) flying.push({ flight, start: now, seen: false });
    },
    resize(width, height, pixelRatio) {
      const next = Math.min(MAX_PIXEL_RATIO, Math.max(1, pixelRatio));
      if (next !== ratio) sprites.clear();
      ratio = next;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
    },
    frame(now) {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      flying = flying.filter((f) => now - f.start < f.flight.durationMs);
      for (const f of flying) {
        const pose = flagPose(f.flight, Math.max(0, now - f.start) / f.flight.durationMs);
        const image = sprite(f.flight.emoji);
        const scale = f.flight.fontSize / FONT_SIZE.max;
        const turn = (pose.rotation * Math.PI) / 180;
        const cos = Math.cos(turn) * scale;
        const sin = Math.sin(turn) * scale;
        ctx.globalAlpha = pose.opacity;
        ctx.setTransform(
          cos,
          sin,
          -sin,
          cos,
          (f.flight.x + pose.dx) * ratio,
          (f.flight.y + pose.dy) * ratio,
        );
        ctx.drawImage(image, -image.width / 2, -image.height / 2);
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
