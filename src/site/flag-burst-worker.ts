/// <reference lib="webworker" />
import type { FlagFlight } from './flag-burst.ts';
import { animate, createFlagRenderer } from './flag-burst-renderer.ts';

/**
 * The flag bursts' worker: the page hands it its canvas (transferControlToOffscreen) and posts
 * each burst's flights, and the flag sprite once it has loaded it (an ImageBitmap, transferred;
 * null if it could not); the worker draws every frame, so the page's own thread, the one that
 * answers a visitor's taps, does nothing while flags fly. It answers with how many flags it has
 * drawn, and `active: false` when the last has landed.
 */
export type ToWorker =
  | { type: 'start'; canvas: OffscreenCanvas; width: number; height: number; pixelRatio: number }
  | { type: 'resize'; width: number; height: number; pixelRatio: number }
  | { type: 'sprite'; sprite: ImageBitmap | null }
  | { type: 'burst'; flights: FlagFlight[] };

export interface FromWorker {
  drawn: number;
  active: boolean;
}

const scope = self as unknown as DedicatedWorkerGlobalScope;
const schedule = (step: (now: number) => void) => {
  if (typeof scope.requestAnimationFrame === 'function') scope.requestAnimationFrame(step);
  else setTimeout(() => step(performance.now()), 16);
};

let loop: { wake(): void } | undefined;
let renderer: ReturnType<typeof createFlagRenderer> | undefined;

scope.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'start') {
    renderer = createFlagRenderer(message.canvas);
    renderer.resize(message.width, message.height, message.pixelRatio);
    loop = animate(renderer, schedule, (drawn, active) =>
      scope.postMessage({ drawn, active } satisfies FromWorker),
    );
  } else if (message.type === 'resize') {
    renderer?.resize(message.width, message.height, message.pixelRatio);
  } else if (message.type === 'sprite') {
    renderer?.setSprite(message.sprite);
    loop?.wake();
  } else if (message.type === 'burst') {
    renderer?.add(message.flights, performance.now());
    loop?.wake();
  }
};
