import type OpenAI from 'openai';
import { AnswerTooLargeError } from './engine-fetch.ts';
import { usageOf, type Seen } from './engine-usage.ts';
import { BadAnswerError } from './errors.ts';

/** What the engine learnt of its server that a streamed call needs (engine-format.ts). */
export interface StreamHabits {
  /** `stream_options.include_usage` is asked for (the engine has not refused it). */
  readonly usageAsked: boolean;
  /** Called when the server answers a streamed request whole: asked so from now on. */
  stopStreaming(why: string): void;
}

/** One streamed call: the request, its limits, and where its content goes. */
export interface StreamCall {
  api: OpenAI;
  params: Omit<OpenAI.ChatCompletionCreateParamsStreaming, 'stream'>;
  options: { signal: AbortSignal; timeout: number; maxRetries: number };
  habits: StreamHabits;
  /** Time allowed without anything arriving. */
  timeoutMs: number;
  /** The most characters of content. */
  cap: number;
  onDelta: (delta: string) => Promise<void>;
  /** Aborts the request: nothing came for `timeoutMs`. */
  stall: () => void;
  /** What has arrived so far, for the call's usage. */
  seen: Seen;
}

/**
 * A streamed completion (ADR 0020): its content pieces given to `onDelta` as they arrive, the
 * whole content at the end. Content past `cap` characters ends it; so does nothing for
 * `timeoutMs` (the SDK's own timeout ends when the answer starts): `stall` aborts the request.
 */
export async function streamed(call: StreamCall): Promise<string> {
  const { api, params, options, habits, cap, onDelta, stall, seen } = call;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const awake = () => {
    clearTimeout(idle);
    idle = setTimeout(stall, call.timeoutMs);
  };
  awake();
  try {
    const { data: stream, response } = await api.chat.completions
      .create(
        {
          ...params,
          stream: true,
          ...(habits.usageAsked && { stream_options: { include_usage: true } }),
        },
        options,
      )
      .withResponse();
    seen.answered = true;
    if (isJson(response)) {
      // A server that answers whole whatever it is asked: read so, and asked so from now on.
      habits.stopStreaming('the engine answers a streamed request with a whole JSON body');
      const completion = (await response.json()) as OpenAI.ChatCompletion;
      seen.usage = usageOf(completion.usage);
      const content = contentOf(completion);
      seen.content = content;
      if (content.length > cap)
        throw new AnswerTooLargeError(`the answer passed ${cap} characters`);
      await onDelta(content);
      return content;
    }
    let content = '';
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      awake();
      // The usage comes in a last chunk of its own, without choices.
      seen.usage = usageOf(chunk.usage) ?? seen.usage;
      const choice = chunk.choices[0];
      if (!choice) continue;
      if (choice.delta.refusal) throw new BadAnswerError('the engine refused');
      finish = choice.finish_reason ?? finish;
      const delta = choice.delta.content ?? '';
      if (delta === '') continue;
      content += delta;
      seen.content = content;
      if (content.length > cap)
        throw new AnswerTooLargeError(`the answer passed ${cap} characters`);
      await onDelta(delta);
    }
    if (content === '' && finish !== 'length') throw new EmptyStreamError();
    if (finish === 'length') throw new BadAnswerError('the answer was cut short');
    if (content === '') throw new BadAnswerError('the answer has no content');
    return content;
  } finally {
    clearTimeout(idle);
  }
}

/**
 * How many bytes of a streamed answer's body one character of content may take: each event
 * wraps a few characters in ~200 bytes of JSON.
 */
export const STREAM_OVERHEAD = 64;

/**
 * A streamed request answered with no content at all (no event, `[DONE]` alone, or events
 * without text): the engine is asked again for a whole answer, once, and from then on.
 */
export class EmptyStreamError extends BadAnswerError {
  constructor() {
    super('the streamed answer was empty');
  }
}

/** An answer whose body is JSON, not server-sent events. */
function isJson(response: Response): boolean {
  const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json');
}

/** A whole completion's content, or why it is no answer. */
export function contentOf(completion: OpenAI.ChatCompletion): string {
  const choice = completion.choices[0];
  if (!choice) throw new BadAnswerError('the answer has no choice');
  if (choice.message.refusal) throw new BadAnswerError('the engine refused');
  if (choice.finish_reason === 'length') throw new BadAnswerError('the answer was cut short');
  const content = choice.message.content;
  if (typeof content !== 'string') throw new BadAnswerError('the answer has no content');
  return content;
}
