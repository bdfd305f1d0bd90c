import type OpenAI from 'openai';
import { AnswerTooLargeError, answerCap, cappedFetch } from './engine-fetch.ts';
import { unavailable } from './engine-errors.ts';
import { contentOf, STREAM_OVERHEAD, streamed, type StreamHabits } from './engine-stream.ts';
import { usageOf, usageOrCounted, type EngineUsage, type Seen } from './engine-usage.ts';
import { BadAnswerError, EngineUnavailableError } from './errors.ts';

/** The engine's connection and its limits. */
export interface TransportOptions {
  /** The SDK's client, loaded at the first question (openai-sdk.ts). */
  client: () => Promise<OpenAI>;
  model: string;
  /** Time allowed to one HTTP attempt; for a streamed answer, also to a silence in it. */
  timeoutMs: number;
  maxRetries: number;
  /** The most one call may last, retries and the server's `retry-after` waits included. */
  deadlineMs: number;
}

/** One chat completion to ask for. */
export interface Question {
  system: string;
  user: string;
  responseFormat: OpenAI.ChatCompletionCreateParams['response_format'];
  signal?: AbortSignal | undefined;
  /** Told what a call that got an answer cost, even an answer then refused. */
  onUsage?: ((usage: EngineUsage) => void) | undefined;
  /** Given: the answer is streamed and each piece of its content given here as it arrives. */
  onDelta?: ((delta: string) => Promise<void>) | undefined;
}

/** The client, or the engine unavailable when the SDK does not load. */
async function loaded(client: () => Promise<OpenAI>): Promise<OpenAI> {
  try {
    return await client();
  } catch (error) {
    throw new EngineUnavailableError('unknown', 'the engine client did not load', { cause: error });
  }
}

/** Asks one question: the answer's message content. */
export type Ask = (question: Question) => Promise<string>;

/**
 * The engine's transport: each question one chat completion within the deadline, read through
 * a capped fetch (an answer far larger than its question is dropped as it arrives) and, when
 * streamed, given up after `timeoutMs` without anything arriving. Failures come out as
 * BadAnswerError (too large) or EngineUnavailableError.
 */
export function transport(options: TransportOptions, habits: StreamHabits): Ask {
  const { client, model, timeoutMs, maxRetries, deadlineMs } = options;
  return async function ask(question) {
    const { system, user, onDelta } = question;
    const seen: Seen = { answered: false, content: '', usage: undefined };
    const tripped = { tooLarge: false };
    const cap = answerCap(Buffer.byteLength(user));
    // A stream wraps each few characters of content in an event of ~200 bytes.
    const api = (await loaded(client)).withOptions({
      fetch: cappedFetch(onDelta ? STREAM_OVERHEAD * cap : cap, tripped),
    });
    const limits = callLimits(deadlineMs, timeoutMs, question.signal);
    const params = {
      model,
      messages: [
        { role: 'system' as const, content: system },
        { role: 'user' as const, content: user },
      ],
      response_format: question.responseFormat,
    };
    const options = { signal: limits.signal, timeout: timeoutMs, maxRetries };
    const call = onDelta
      ? streamed({
          api,
          params,
          options,
          habits,
          timeoutMs,
          cap,
          onDelta,
          stall: limits.stall,
          seen,
        })
      : api.chat.completions.create(params, options).then((completion) => {
          seen.answered = true;
          seen.usage = usageOf(completion.usage);
          seen.content = completion.choices[0]?.message.content ?? '';
          return contentOf(completion);
        });
    try {
      return await limits.race(call);
    } catch (error) {
      if (tripped.tooLarge || error instanceof AnswerTooLargeError) {
        throw new BadAnswerError('the answer is far larger than its batch', { cause: error });
      }
      throw unavailable(error, limits.deadline);
    } finally {
      limits.end();
      if (seen.answered && question.onUsage) {
        question.onUsage(usageOrCounted(seen, system, user));
      }
    }
  };
}

/** The limits of one call, and the signal that ends its request at the first of them. */
interface CallLimits {
  /** Aborted by the caller's signal, the deadline, a stall or the call's end. */
  signal: AbortSignal;
  /** Aborted at the deadline. */
  deadline: AbortSignal;
  /** Ends a streamed answer from which nothing came for `timeoutMs`. */
  stall: () => void;
  /** The call, or the reason it was cut short as soon as it is (the SDK may not notice). */
  race: <T>(call: Promise<T>) => Promise<T>;
  /** The call is over: its request, if still open, is aborted. */
  end: () => void;
}

function callLimits(
  deadlineMs: number,
  timeoutMs: number,
  requestSignal: AbortSignal | undefined,
): CallLimits {
  const stop = new AbortController();
  const stalled = new AbortController();
  const deadline = AbortSignal.timeout(deadlineMs);
  const signal = AbortSignal.any(
    [stop.signal, stalled.signal, deadline, requestSignal].filter(
      (s): s is AbortSignal => s !== undefined,
    ),
  );
  // The SDK sleeps through a retry-after without looking at the signal: the race answers at the
  // deadline, and the request, when it wakes, finds the signal aborted.
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () =>
      reject(
        deadline.aborted
          ? new EngineUnavailableError('deadline', `no answer within ${deadlineMs} ms`)
          : stalled.signal.aborted
            ? new EngineUnavailableError('timeout', `nothing more came for ${timeoutMs} ms`)
            : new EngineUnavailableError('aborted', 'the translation was cancelled'),
      );
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => {});
  return {
    signal,
    deadline,
    stall: () => stalled.abort(),
    race(call) {
      call.catch(() => {});
      return Promise.race([call, aborted]);
    },
    end() {
      signal.removeEventListener('abort', onAbort);
      stop.abort();
    },
  };
}
