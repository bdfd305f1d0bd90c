import type { BlasterKind } from './flag-blaster.ts';
import { burstFlights, type Box } from './flag-burst.ts';
import { animate, createFlagRenderer, loadFlagSprite } from './flag-burst-renderer.ts';

/**
 * How the flag bursts' script (FlagBurst.astro) has flags drawn: by a worker where the browser
 * can hand it the canvas, or else by the page's own thread. The page's script loads this module
 * only in the second case (older browsers, Safari before 16.4), so a browser whose worker draws
 * never downloads, parses or runs the planning and drawing code on the page's thread.
 */
export interface Painter {
  /** Loads the flag sprite: true once flags can be drawn, false when they never can. */
  sprite(url: string): Promise<boolean>;
  /** Plans and flies one burst of `count` flags around the text being read (`avoid`). */
  burst(kind: BlasterKind, count: number, avoid: Box[]): void;
  /** Follows the window's size. */
  resize(): void;
}

export interface CanvasSize {
  width: number;
  height: number;
  pixelRatio: number;
}

/** The same drawing as the worker's, on this thread, planned and drawn here. */
export function pagePainter(
  canvas: HTMLCanvasElement,
  size: () => CanvasSize,
  report: (drawn: number, active: boolean) => void,
): Painter {
  const renderer = createFlagRenderer(canvas);
  const resize = () => {
    const { width, height, pixelRatio } = size();
    renderer.resize(width, height, pixelRatio);
  };
  resize();
  const loop = animate(renderer, requestAnimationFrame, report);
  return {
    async sprite(url) {
      const sprite = await loadFlagSprite(url);
      renderer.setSprite(sprite);
      loop.wake();
      return sprite !== null;
    },
    burst(kind, count, avoid) {
      renderer.add(burstFlights(kind, count, window, Math.random, avoid), performance.now());
      loop.wake();
    },
    resize,
  };
}
