import OpenAI from 'openai';
import { checkAnswer } from './answer.ts';
import type { CheckedAnswer } from './answer.ts';
import { AnswerTooLargeError, answerCap, cappedFetch } from './engine-fetch.ts';
import {
  causeOf,
  refusesSchema,
  refusesStream,
  refusesStreamOptions,
  unavailable,
} from './engine-errors.ts';
import { readAhead } from './engine-read-ahead.ts';
import { contentOf, EmptyStreamError, STREAM_OVERHEAD, streamed } from './engine-stream.ts';
import {
  usageOf,
  usageOrCounted,
  type EngineUsage,
  type Metered,
  type Seen,
} from './engine-usage.ts';
import type { Engine, EngineOptions, TranslateRequest } from './engine-types.ts';
import { BadAnswerError, EngineUnavailableError } from './errors.ts';
import { loadLanguageIdentifier } from './language-check.ts';
import { answerSchema, systemPrompt, userMessage } from './prompt.ts';
import { reviewAnswer, reviewPrompt, reviewSchema, reviewMessage } from './review-prompt.ts';
import type { ReviewAnswer, ReviewRequest } from './review-prompt.ts';

// Moved to modules of their own; still importable from here.
export {
  ANSWER_FACTOR,
  ANSWER_FLOOR_BYTES,
  AnswerTooLargeError,
  answerCap,
  cappedFetch,
} from './engine-fetch.ts';
export type { EngineUsage, Metered } from './engine-usage.ts';
export type { Engine, EngineOptions, TranslateRequest } from './engine-types.ts';

/**
 * The model asked for when OPENAI_MODEL is unset: OpenAI's gpt-4o-mini, cheap, good at
 * translation and able to follow a strict JSON schema. Any other server needs OPENAI_MODEL.
 */
export const DEFAULT_MODEL = 'gpt-4o-mini';

/** The engine of the settings, or undefined when none is configured (DESIGN 6.7). */
export function createEngine(options: EngineOptions): Engine | undefined {
  const { baseUrl, apiKey, timeoutMs, maxRetries, log } = options;
  const languageCheck = options.languageCheck ?? false;
  if (!baseUrl && !apiKey) return undefined;
  const model = options.model || DEFAULT_MODEL;
  const deadlineMs = options.deadlineMs ?? (timeoutMs + 2_000) * (maxRetries + 1);
  const client = new OpenAI({
    // Given explicitly, so the SDK never falls back on its own reading of the environment.
    baseURL: baseUrl || 'https://api.openai.com/v1',
    // The SDK insists on a key; local servers ignore it.
    apiKey: apiKey || 'none',
    timeout: timeoutMs,
    maxRetries,
  });

  /**
   * `json_object` once this engine refused `json_schema` and never accepted it: remembered for
   * the process (this engine object), said once in the log.
   */
  let format: 'json_schema' | 'json_object' = 'json_schema';
  let schemaAccepted = false;
  /** false once this engine refused a streamed answer, or answered one whole: remembered. */
  let streams = true;
  function stopStreaming(why: string) {
    if (!streams) return;
    streams = false;
    log?.warn(
      `translation: ${why}; asking it for whole answers from now on (visitors wait for whole batches)`,
    );
  }

  /**
   * A streamed answer's usage is asked for (`stream_options.include_usage`) until the engine
   * refuses the option: remembered, said once in the log; its answers' tokens are then counted.
   */
  let usageAsked = true;

  async function translate(request: TranslateRequest): Promise<CheckedAnswer> {
    if (request.segments.length === 0) return { translations: {}, rejected: {} };
    const whole = { ...request, onText: undefined };
    if (!request.onText || !streams) return translateAs(whole);
    try {
      return await translateAs(request);
    } catch (error) {
      if (usageAsked && refusesStreamOptions(error)) {
        usageAsked = false;
        log?.warn(
          `translation: the engine refuses stream_options (${String(causeOf(error))}); ` +
            'its streamed answers are counted from now on',
        );
        return translate(request);
      }
      if (error instanceof EmptyStreamError) {
        stopStreaming('the engine sent an empty stream');
      } else if (refusesStream(error)) {
        stopStreaming(`the engine refuses streamed answers (${String(causeOf(error))})`);
      } else throw error;
      return translateAs(whole);
    }
  }

  /**
   * Batches started together before the engine's first answer may each be refused once (a 400
   * costs no tokens); every batch after the first refusal asks for json_object at once. Making
   * them wait for the first call's answer instead would hold a first translation's parallel
   * batches behind one whole answer.
   */
  async function translateAs(request: TranslateRequest): Promise<CheckedAnswer> {
    const asked = format;
    try {
      const answer = await attempt(request, asked);
      if (asked === 'json_schema') schemaAccepted = true;
      return answer;
    } catch (error) {
      if (asked !== 'json_schema' || !refusesSchema(error)) throw error;
      // Once, for this batch: the same request with json_object and the schema in the prompt.
      if (!schemaAccepted && format === 'json_schema') {
        format = 'json_object';
        log?.warn(
          `translation: the engine refuses response_format json_schema (${String(causeOf(error))}); ` +
            'asking it for json_object with the schema in the prompt from now on',
        );
      }
      return attempt(request, 'json_object');
    }
  }

  async function attempt(
    request: TranslateRequest,
    mode: 'json_schema' | 'json_object',
  ): Promise<CheckedAnswer> {
    const { segments } = request;
    const schema = answerSchema(segments.map((s) => s.id));
    // Loaded while the engine writes (once a process): the answer's language is checked with it.
    const identifier = languageCheck ? loadLanguageIdentifier().catch(identifierFailed) : undefined;
    const languages = { ...request, checkLanguage: languageCheck };
    const content = await ask(
      systemPrompt(request, mode === 'json_object' ? { schemaInPrompt: schema } : {}),
      userMessage(request),
      mode === 'json_object'
        ? { type: 'json_object' }
        : { type: 'json_schema', json_schema: { name: 'translations', strict: true, schema } },
      request.signal,
      request.onUsage,
      request.onText && readAhead(segments, languages, identifier, request.onText),
    );
    await identifier;
    return checkAnswer(content, segments, languages);
  }

  let identifierWarned = false;
  function identifierFailed(error: unknown) {
    if (identifierWarned) return;
    identifierWarned = true;
    log?.warn('translation: the language identifier did not load; only scripts are checked', error);
  }

  /** A second opinion on a batch's translations (TRANSLATION_REVIEW=on). */
  async function review(request: ReviewRequest & Metered): Promise<ReviewAnswer> {
    if (request.segments.length === 0) return {};
    const schema = reviewSchema(request.segments.map((s) => s.id));
    const content = await ask(
      reviewPrompt(request, format === 'json_object' ? { schemaInPrompt: schema } : {}),
      reviewMessage(request),
      format === 'json_object'
        ? { type: 'json_object' }
        : { type: 'json_schema', json_schema: { name: 'review', strict: true, schema } },
      request.signal,
      request.onUsage,
    );
    return reviewAnswer(content, request.segments);
  }

  /**
   * One chat completion within the deadline and the answer's cap: its message's content. With
   * `onDelta`, the answer is streamed and each piece of its content given there as it arrives.
   * `onUsage` is told what a call that got an answer cost, even an answer then refused.
   */
  async function ask(
    system: string,
    user: string,
    responseFormat: OpenAI.ChatCompletionCreateParams['response_format'],
    requestSignal: AbortSignal | undefined,
    onUsage: ((usage: EngineUsage) => void) | undefined,
    onDelta?: ((delta: string) => Promise<void>) | undefined,
  ): Promise<string> {
    const seen: Seen = { answered: false, content: '', usage: undefined };
    const tripped = { tooLarge: false };
    const cap = answerCap(Buffer.byteLength(user));
    // A stream wraps each few characters of content in an event of ~200 bytes.
    const capped = client.withOptions({
      fetch: cappedFetch(onDelta ? STREAM_OVERHEAD * cap : cap, tripped),
    });
    const stop = new AbortController();
    /** A streamed answer from which nothing came for `timeoutMs`. */
    const stalled = new AbortController();
    const deadline = AbortSignal.timeout(deadlineMs);
    const signal = AbortSignal.any(
      [stop.signal, stalled.signal, deadline, requestSignal].filter(
        (s): s is AbortSignal => s !== undefined,
      ),
    );
    const params = {
      model,
      messages: [
        { role: 'system' as const, content: system },
        { role: 'user' as const, content: user },
      ],
      response_format: responseFormat,
    };
    const options = { signal, timeout: timeoutMs, maxRetries };
    const call = onDelta
      ? streamed(
          { timeoutMs, usageAsked, stopStreaming },
          capped,
          params,
          options,
          cap,
          onDelta,
          () => stalled.abort(),
          seen,
        )
      : capped.chat.completions.create(params, options).then((completion) => {
          seen.answered = true;
          seen.usage = usageOf(completion.usage);
          seen.content = completion.choices[0]?.message.content ?? '';
          return contentOf(completion);
        });
    // The SDK sleeps through a retry-after without looking at the signal: the race below answers
    // at the deadline, and the request, when it wakes, finds the signal aborted.
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
    call.catch(() => {});
    aborted.catch(() => {});
    try {
      return await Promise.race([call, aborted]);
    } catch (error) {
      if (tripped.tooLarge || error instanceof AnswerTooLargeError) {
        throw new BadAnswerError('the answer is far larger than its batch', { cause: error });
      }
      throw unavailable(error, deadline);
    } finally {
      signal.removeEventListener('abort', onAbort);
      stop.abort();
      if (seen.answered && onUsage) onUsage(usageOrCounted(seen, system, user));
    }
  }

  return { model, translate, review: options.review ? review : undefined };
}
