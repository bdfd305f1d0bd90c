import { describe, expect, it } from 'vitest';
import { createEventBus, type Emitter } from './events.ts';
import { silentLogger, type Logger } from './log.ts';

interface Events {
  saved: { id: number };
  renamed: { id: number; name: string };
}

function recordingLog() {
  const errors: { message: string; extra: unknown }[] = [];
  const log: Logger = {
    ...silentLogger,
    error: (message, extra) => void errors.push({ message, extra }),
  };
  return { log, errors };
}

describe('the event bus', () => {
  it('tells each subscriber the event, in the order they were added', async () => {
    const bus = createEventBus<Events>({ log: silentLogger });
    const seen: string[] = [];
    bus.on('saved', 'first', ({ id }) => void seen.push(`first ${id}`));
    bus.on('renamed', 'other event', () => void seen.push('renamed'));
    bus.on('saved', 'second', ({ id }) => void seen.push(`second ${id}`));
    bus.on('saved', 'third', ({ id }) => void seen.push(`third ${id}`));
    await bus.emit('saved', { id: 7 });
    expect(seen).toEqual(['first 7', 'second 7', 'third 7']);
    expect(bus.labels('saved')).toEqual(['first', 'second', 'third']);
    expect(bus.labels('renamed')).toEqual(['other event']);
  });

  it('runs subscribers that return nothing before emit returns', () => {
    const bus = createEventBus<Events>({ log: silentLogger });
    const seen: number[] = [];
    bus.on('saved', 'one', ({ id }) => void seen.push(id));
    bus.on('saved', 'two', ({ id }) => void seen.push(id * 10));
    void bus.emit('saved', { id: 2 });
    // Not awaited: a publisher that cannot wait still finds them done.
    expect(seen).toEqual([2, 20]);
  });

  it('waits for a subscriber that returns a promise before the next one', async () => {
    const bus = createEventBus<Events>({ log: silentLogger });
    const seen: string[] = [];
    let finish!: () => void;
    bus.on('saved', 'slow', async () => {
      seen.push('slow started');
      await new Promise<void>((resolve) => (finish = resolve));
      seen.push('slow done');
    });
    bus.on('saved', 'next', () => void seen.push('next'));
    let emitted = false;
    const emitting = bus.emit('saved', { id: 1 }).then(() => (emitted = true));
    await Promise.resolve();
    expect(seen).toEqual(['slow started']);
    expect(emitted).toBe(false);
    finish();
    await emitting;
    expect(seen).toEqual(['slow started', 'slow done', 'next']);
  });

  it('does not wait for work a subscriber starts and leaves running', async () => {
    const bus = createEventBus<Events>({ log: silentLogger });
    const seen: string[] = [];
    let finish!: () => void;
    const background = new Promise<void>((resolve) => (finish = resolve)).then(
      () => void seen.push('background done'),
    );
    bus.on('saved', 'starts work', () => void background);
    bus.on('saved', 'next', () => void seen.push('next'));
    await bus.emit('saved', { id: 1 });
    expect(seen).toEqual(['next']);
    finish();
    await background;
    expect(seen).toEqual(['next', 'background done']);
  });

  it('logs a subscriber that throws or rejects, and still runs the others', async () => {
    const { log, errors } = recordingLog();
    const bus = createEventBus<Events>({ log });
    const seen: string[] = [];
    const thrown = new Error('thrown');
    const rejected = new Error('rejected');
    bus.on('saved', 'throws', () => {
      throw thrown;
    });
    bus.on('saved', 'after the throw', () => void seen.push('after the throw'));
    bus.on('saved', 'rejects', () => Promise.reject(rejected));
    bus.on('saved', 'after the rejection', () => void seen.push('after the rejection'));
    // The publisher is not stopped: emit resolves.
    await expect(bus.emit('saved', { id: 3 })).resolves.toBeUndefined();
    expect(seen).toEqual(['after the throw', 'after the rejection']);
    expect(errors).toEqual([
      { message: 'event saved: throws failed', extra: thrown },
      { message: 'event saved: rejects failed', extra: rejected },
    ]);
  });

  it('tells nobody of an event without subscribers', async () => {
    const bus = createEventBus<Events>({ log: silentLogger });
    await expect(bus.emit('renamed', { id: 1, name: 'x' })).resolves.toBeUndefined();
  });

  it('keeps a subscriber added during an event for the next one', async () => {
    const bus = createEventBus<Events>({ log: silentLogger });
    const seen: string[] = [];
    bus.on('saved', 'adds one', () => {
      seen.push('adds one');
      bus.on('saved', 'added', () => void seen.push('added'));
    });
    await bus.emit('saved', { id: 1 });
    expect(seen).toEqual(['adds one']);
  });

  it('is typed: a publisher takes the bus only for an event it carries, with its shape', () => {
    const bus = createEventBus<Events>({ log: silentLogger });
    const saved: Emitter<'saved', { id: number }> = bus;
    // @ts-expect-error an event the bus does not carry
    const unknown: Emitter<'deleted', { id: number }> = bus;
    // @ts-expect-error the event with another shape
    const wrong: Emitter<'saved', { id: string }> = bus;
    // @ts-expect-error a field the subscribers rely on left out
    const partial: Emitter<'renamed', { id: number }> = bus;
    expect([saved, unknown, wrong, partial].every((emitter) => emitter === bus)).toBe(true);
    // @ts-expect-error a subscriber reading what the event does not carry
    bus.on('saved', 'reads a name', (event: { name: string }) => void event.name);
  });
});
