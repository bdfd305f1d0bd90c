import type { Engine } from './engine-types.ts';
import type { EngineUsage } from './engine-usage.ts';

/** The engine with every call's usage told to `onUsage`. */
export function metered(
  engine: Engine,
  onUsage: ((usage: EngineUsage) => void) | undefined,
): Engine {
  if (!onUsage) return engine;
  const review = engine.review;
  return {
    model: engine.model,
    translate: (request) => engine.translate({ ...request, onUsage }),
    review: review && ((request) => review({ ...request, onUsage })),
  };
}
