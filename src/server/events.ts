import type { Logger } from './log.ts';

/**
 * What a service that publishes one event needs of the bus. A feature names its event and the
 * shape it sends; the composition hands it the app's bus, and TypeScript checks there that the
 * bus carries that event with that shape (docs/adr/0026-in-process-events.md).
 */
export interface Emitter<Name extends string, Event> {
  emit: (name: Name, event: Event) => Promise<void>;
}

/** Told an event; returns a promise when the next subscriber must wait for it. */
export type Subscriber<Event> = (event: Event) => void | Promise<void>;

export interface EventBus<Events> {
  /** Adds a subscriber after those the event already has; `label` names it in the log. */
  on<K extends keyof Events & string>(
    name: K,
    label: string,
    subscriber: Subscriber<Events[K]>,
  ): void;
  /**
   * Tells the event's subscribers, one after the other in the order they were added. Those that
   * return nothing run at once, before `emit` returns; one that returns a promise is waited for
   * before the next starts. A subscriber that throws or rejects is logged and the others still
   * run: the promise returned never rejects.
   */
  emit<K extends keyof Events & string>(name: K, event: Events[K]): Promise<void>;
  /** The labels of the event's subscribers, in the order they run. */
  labels<K extends keyof Events & string>(name: K): string[];
}

interface Entry<Event> {
  label: string;
  run: Subscriber<Event>;
}

/**
 * A bus for the events of one process, typed by `Events` (event name → what it carries). It
 * knows no event itself: the composition names them (src/app/subscribers.ts).
 */
export function createEventBus<Events>(options: { log: Logger }): EventBus<Events> {
  const entries = new Map<keyof Events, Entry<never>[]>();
  const listOf = <K extends keyof Events>(name: K) =>
    (entries.get(name) ?? []) as Entry<Events[K]>[];

  const failed = (name: string, label: string, error: unknown) =>
    options.log.error(`event ${name}: ${label} failed`, error);

  return {
    on(name, label, run) {
      entries.set(name, [...listOf(name), { label, run }] as Entry<never>[]);
    },

    emit(name, event) {
      // The list as it is now (`on` makes a new one): a subscriber added meanwhile waits for the next event.
      const list = listOf(name);
      const from = (start: number): Promise<void> => {
        for (let i = start; i < list.length; i += 1) {
          const { label, run } = list[i]!;
          let result: void | Promise<void>;
          try {
            result = run(event);
          } catch (error) {
            failed(name, label, error);
            continue;
          }
          if (result instanceof Promise) {
            return result.then(
              () => from(i + 1),
              (error: unknown) => {
                failed(name, label, error);
                return from(i + 1);
              },
            );
          }
        }
        return Promise.resolve();
      };
      return from(0);
    },

    labels(name) {
      return listOf(name).map((entry) => entry.label);
    },
  };
}
