/// <reference lib="webworker" />
import type { BlasterKind } from './flag-blaster.ts';
import { burstFlights, type Box, type ViewportLike } from './flag-burst.ts';
import { animate, createFlagRenderer } from './flag-burst-renderer.ts';

/**
 * The flag bursts' worker: the page hands it its canvas (transferControlToOffscreen), then the
 * flag sprite's file as the page fetched it (a Blob; null if it could not), and for each burst
 * only what to plan: the blaster, how many flags, the window and the text to fly around. The
 * worker decodes the sprite, plans every flight (burstFlights, with its many tries around the
 * text) and draws every frame, so the page's own thread, the one that answers a visitor's taps,
 * does next to nothing while flags fly: no decoding, no planning, no drawing.
 *
 * It answers once the sprite is decoded (or not), then with how many flags it has drawn, and
 * `active: false` when the last has landed.
 */
export type ToWorker =
  | { type: 'start'; canvas: OffscreenCanvas; width: number; height: number; pixelRatio: number }
  | { type: 'resize'; width: number; height: number; pixelRatio: number }
  | { type: 'sprite'; sprite: Blob | null }
  | { type: 'burst'; kind: BlasterKind; count: number; viewport: ViewportLike; avoid: Box[] };

export type FromWorker =
  { type: 'sprite'; loaded: boolean } | { type: 'frame'; drawn: number; active: boolean };

const scope = self as unknown as DedicatedWorkerGlobalScope;
const schedule = (step: (now: number) => void) => {
  if (typeof scope.requestAnimationFrame === 'function') scope.requestAnimationFrame(step);
  else setTimeout(() => step(performance.now()), 16);
};
const answer = (message: FromWorker) => scope.postMessage(message);

let loop: { wake(): void } | undefined;
let renderer: ReturnType<typeof createFlagRenderer> | undefined;

/** The sprite decoded here, off the page's thread; null when it is not a picture. */
async function decode(file: Blob | null): Promise<ImageBitmap | null> {
  if (!file) return null;
  try {
    return await createImageBitmap(file);
  } catch {
    return null;
  }
}

scope.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'start') {
    renderer = createFlagRenderer(message.canvas);
    renderer.resize(message.width, message.height, message.pixelRatio);
    loop = animate(renderer, schedule, (drawn, active) => answer({ type: 'frame', drawn, active }));
  } else if (message.type === 'resize') {
    renderer?.resize(message.width, message.height, message.pixelRatio);
  } else if (message.type === 'sprite') {
    void decode(message.sprite).then((sprite) => {
      renderer?.setSprite(sprite);
      loop?.wake();
      answer({ type: 'sprite', loaded: sprite !== null });
    });
  } else if (message.type === 'burst') {
    const { kind, count, viewport, avoid } = message;
    renderer?.add(burstFlights(kind, count, viewport, Math.random, avoid), performance.now());
    loop?.wake();
  }
};
