import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from 'openai';
import type { Logger } from '../../server/log.ts';
import { checkAnswer, clean, segmentProblem } from './answer.ts';
import type { AnswerLanguages, CheckedAnswer } from './answer.ts';
import { answerEntries } from './answer-stream.ts';
import { BadAnswerError, EngineUnavailableError } from './errors.ts';
import { loadLanguageIdentifier } from './language-check.ts';
import { estimateTokens } from './batches.ts';
import { answerSchema, systemPrompt, userMessage } from './prompt.ts';
import { reviewAnswer, reviewPrompt, reviewSchema, reviewMessage } from './review-prompt.ts';
import type { ReviewAnswer, ReviewRequest } from './review-prompt.ts';
import type { SegmentText } from './segments.ts';

/**
 * The model asked for when OPENAI_MODEL is unset: OpenAI's gpt-4o-mini, cheap, good at
 * translation and able to follow a strict JSON schema. Any other server needs OPENAI_MODEL.
 */
export const DEFAULT_MODEL = 'gpt-4o-mini';

export interface EngineOptions {
  /** OPENAI_BASE_URL: any OpenAI-compatible server (OpenAI, Mistral, Ollama, vLLM…). */
  baseUrl?: string | undefined;
  /** OPENAI_API_KEY; servers on premises often need none. */
  apiKey?: string | undefined;
  /** OPENAI_MODEL; DEFAULT_MODEL when unset. */
  model?: string | undefined;
  /** Time allowed to one HTTP attempt, answer included. */
  timeoutMs: number;
  /** The SDK's retries of connection errors, timeouts, 408, 409, 429 and 5xx. */
  maxRetries: number;
  /**
   * The most one translate() call may last, retries and waits included: the SDK obeys a
   * server's `retry-after` however long it is. Default: every attempt's timeout plus 2 s of
   * back-off and slack each.
   */
  deadlineMs?: number | undefined;
  /** Where the engine says, once, that it fell back on `json_object`. */
  log?: Logger | undefined;
  /** TRANSLATION_REVIEW=on: the engine has `review`, a second opinion on each batch. */
  review?: boolean | undefined;
  /**
   * TRANSLATION_LANGUAGE_CHECK: answers in another language are refused. The app passes the
   * setting (on unless set off); an engine made without it, as tests and the bench make the
   * fake's (`[es] ` and the source text), does not check.
   */
  languageCheck?: boolean | undefined;
}

/** What one engine call cost: its answer's `usage`, or counted when the engine gave none. */
export interface EngineUsage {
  promptTokens: number;
  completionTokens: number;
  /** The engine gave no `usage`: counted as batches.ts estimates tokens. */
  counted: boolean;
}

export interface Metered {
  /** Told once per engine call that got an answer (checked or not), with what it cost. */
  onUsage?: ((usage: EngineUsage) => void) | undefined;
}

export interface TranslateRequest extends Metered {
  segments: readonly SegmentText[];
  sourceLang: string;
  targetLang: string;
  instructions: string;
  signal?: AbortSignal | undefined;
  /**
   * Given: the answer is streamed (ADR 0020) and each translation is told here as soon as it
   * has arrived and passed the checks of its own text (answer.ts segmentProblem), once, in the
   * order the engine writes them. The returned answer is still the whole answer checked: a text
   * told here may yet be lost with it (a bad answer, an engine that stops halfway).
   */
  onText?: ((id: string, text: string) => void) | undefined;
}

export interface Engine {
  readonly model: string;
  /**
   * Translates one batch: id → translated text for every segment whose text passed the checks,
   * and id → reason for the others (answer.ts). Throws BadAnswerError when the answer as a
   * whole is unusable (not JSON of the schema, wrong ids, too large) and EngineUnavailableError
   * when there is no answer.
   */
  translate(request: TranslateRequest): Promise<CheckedAnswer>;
  /**
   * With TRANSLATION_REVIEW=on only: the errors a second call finds in each translation of a
   * batch (GEMBA-MQM: major or minor, a category, the words at fault), by segment id; ids it
   * left out have none. Throws BadAnswerError or EngineUnavailableError like translate.
   */
  review?: ((request: ReviewRequest & Metered) => Promise<ReviewAnswer>) | undefined;
}

/**
 * The most an answer may weigh: a multiple of the batch's source (the user message, in bytes),
 * at least ANSWER_FLOOR_BYTES. A translation is rarely more than 3 times its source, escaped
 * JSON and a reasoning model's thoughts add some; anything larger is a bad answer, stopped
 * while it arrives so that memory never grows with it.
 */
export const ANSWER_FACTOR = 32;
export const ANSWER_FLOOR_BYTES = 128 * 1024;

export const answerCap = (sourceBytes: number): number =>
  Math.max(ANSWER_FLOOR_BYTES, ANSWER_FACTOR * sourceBytes);

/** An answer's body went past its cap: the body stream is cancelled and the read fails. */
export class AnswerTooLargeError extends Error {
  override readonly name = 'AnswerTooLargeError';
}

/**
 * `fetch` whose answers' bodies fail once they pass `maxBytes` (as delivered, decompressed): a
 * declared Content-Length above the cap fails at once without reading; otherwise the bytes are
 * counted as they arrive and the connection is dropped past the cap. `tripped` is set either way.
 */
export function cappedFetch(
  maxBytes: number,
  tripped: { tooLarge: boolean },
  inner: typeof fetch = globalThis.fetch,
): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    const body = response.body;
    if (!body) return response;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    const declared = Number(response.headers.get('content-length') ?? 0);
    let limited: ReadableStream<Uint8Array>;
    if (declared > maxBytes) {
      tripped.tooLarge = true;
      await body.cancel().catch(() => {});
      limited = new ReadableStream({
        start(controller) {
          controller.error(new AnswerTooLargeError(`the answer declares ${declared} bytes`));
        },
      });
    } else {
      let seen = 0;
      limited = body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            seen += chunk.byteLength;
            if (seen > maxBytes) {
              tripped.tooLarge = true;
              // Errors the pipe, which cancels the body: the connection is dropped.
              controller.error(new AnswerTooLargeError(`the answer passed ${maxBytes} bytes`));
              return;
            }
            controller.enqueue(chunk);
          },
        }),
      );
    }
    return new Response(limited, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}

/** What an engine's 400 said (its message and error body), or undefined for any other failure. */
function badRequestSaid(error: unknown): string | undefined {
  if (!(error instanceof EngineUnavailableError) || error.status !== 400) return undefined;
  const cause = error.cause;
  if (!(cause instanceof APIError)) return undefined;
  return `${cause.message} ${JSON.stringify(cause.error ?? null)}`;
}

const NAMES_FORMAT = /response_format|json_schema/i;

/**
 * A 400 that refuses `response_format: json_schema` (DeepSeek, some hosted and on-premises
 * servers): its message names the setting.
 */
const refusesSchema = (error: unknown): boolean => NAMES_FORMAT.test(badRequestSaid(error) ?? '');

/**
 * A 400 that refuses `stream: true` (a server that only answers whole): its message names
 * streaming and not the response format.
 */
function refusesStream(error: unknown): boolean {
  const said = badRequestSaid(error) ?? '';
  return /stream/i.test(said) && !NAMES_FORMAT.test(said);
}

/**
 * A refusal of `stream_options` (asked for the usage of a streamed answer): a 400 or 422 that
 * names it. Some servers know streaming but not this option.
 */
function refusesStreamOptions(error: unknown): boolean {
  if (!(error instanceof EngineUnavailableError)) return false;
  if (error.status !== 400 && error.status !== 422) return false;
  const cause = error.cause;
  if (!(cause instanceof APIError)) return false;
  return /stream_options/i.test(`${cause.message} ${JSON.stringify(cause.error ?? null)}`);
}

/** The usage an answer gave, or undefined when it gave none. */
function usageOf(usage: OpenAI.CompletionUsage | null | undefined): EngineUsage | undefined {
  if (!usage || typeof usage.prompt_tokens !== 'number') return undefined;
  return {
    promptTokens: usage.prompt_tokens,
    completionTokens: typeof usage.completion_tokens === 'number' ? usage.completion_tokens : 0,
    counted: false,
  };
}

/** What the SDK said, for the log. */
const causeOf = (error: unknown): unknown =>
  error instanceof Error && error.cause instanceof Error ? error.cause : error;

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

  /**
   * What reads a streamed answer ahead: each entry of an id sent, its text checked alone once
   * the language identifier is there, told to `onText` when it passes.
   */
  function readAhead(
    segments: readonly SegmentText[],
    languages: AnswerLanguages,
    identifier: Promise<unknown> | undefined,
    onText: (id: string, text: string) => void,
  ): (delta: string) => Promise<void> {
    const sources = new Map(segments.map((s) => [s.id, s.text]));
    const arrived: [string, string][] = [];
    const entries = answerEntries((id, text) => {
      if (sources.has(id)) arrived.push([id, clean(text)]);
    });
    return async (delta) => {
      entries.write(delta);
      if (arrived.length === 0) return;
      await identifier;
      for (const [id, text] of arrived.splice(0)) {
        if (segmentProblem(sources.get(id) ?? '', text, languages) === undefined) onText(id, text);
      }
    };
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
      ? streamed(capped, params, options, cap, onDelta, () => stalled.abort(), seen)
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
      if (seen.answered && onUsage) {
        onUsage(
          seen.usage ?? {
            promptTokens: estimateTokens(system) + estimateTokens(user),
            completionTokens: estimateTokens(seen.content),
            counted: true,
          },
        );
      }
    }
  }

  /**
   * A streamed completion (ADR 0020): its content pieces given to `onDelta` as they arrive, the
   * whole content at the end. Content past `cap` characters ends it; so does nothing for
   * `timeoutMs` (the SDK's own timeout ends when the answer starts): `stall` aborts the request.
   */
  async function streamed(
    api: OpenAI,
    params: Omit<OpenAI.ChatCompletionCreateParamsStreaming, 'stream'>,
    options: { signal: AbortSignal; timeout: number; maxRetries: number },
    cap: number,
    onDelta: (delta: string) => Promise<void>,
    stall: () => void,
    seen: Seen,
  ): Promise<string> {
    let idle: ReturnType<typeof setTimeout> | undefined;
    const awake = () => {
      clearTimeout(idle);
      idle = setTimeout(stall, timeoutMs);
    };
    awake();
    try {
      const { data: stream, response } = await api.chat.completions
        .create(
          {
            ...params,
            stream: true,
            ...(usageAsked && { stream_options: { include_usage: true } }),
          },
          options,
        )
        .withResponse();
      seen.answered = true;
      if (isJson(response)) {
        // A server that answers whole whatever it is asked: read so, and asked so from now on.
        stopStreaming('the engine answers a streamed request with a whole JSON body');
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

  return { model, translate, review: options.review ? review : undefined };
}

/** What a call received, for its usage: an answer came, its content so far, its `usage`. */
interface Seen {
  answered: boolean;
  content: string;
  usage: EngineUsage | undefined;
}

/**
 * How many bytes of a streamed answer's body one character of content may take: each event
 * wraps a few characters in ~200 bytes of JSON.
 */
const STREAM_OVERHEAD = 64;

/**
 * A streamed request answered with no content at all (no event, `[DONE]` alone, or events
 * without text): the engine is asked again for a whole answer, once, and from then on.
 */
class EmptyStreamError extends BadAnswerError {
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
function contentOf(completion: OpenAI.ChatCompletion): string {
  const choice = completion.choices[0];
  if (!choice) throw new BadAnswerError('the answer has no choice');
  if (choice.message.refusal) throw new BadAnswerError('the engine refused');
  if (choice.finish_reason === 'length') throw new BadAnswerError('the answer was cut short');
  const content = choice.message.content;
  if (typeof content !== 'string') throw new BadAnswerError('the answer has no content');
  return content;
}

/** SDK errors become EngineUnavailableError; our own errors pass. */
function unavailable(error: unknown, deadline: AbortSignal): unknown {
  if (error instanceof BadAnswerError || error instanceof EngineUnavailableError) return error;
  if (error instanceof APIUserAbortError) {
    return deadline.aborted
      ? new EngineUnavailableError('deadline', 'no answer before the deadline', { cause: error })
      : new EngineUnavailableError('aborted', 'the translation was cancelled', { cause: error });
  }
  if (error instanceof APIConnectionTimeoutError) {
    return new EngineUnavailableError('timeout', 'the engine did not answer in time', {
      cause: error,
    });
  }
  if (error instanceof APIConnectionError) {
    return new EngineUnavailableError('connection', 'the engine cannot be reached', {
      cause: error,
    });
  }
  if (error instanceof APIError) {
    const status = error.status;
    const reason =
      status === 429 ? 'rate-limit' : status !== undefined && status >= 500 ? 'server' : 'refused';
    return new EngineUnavailableError(reason, `the engine answered ${status ?? 'an error'}`, {
      cause: error,
      status,
    });
  }
  return new EngineUnavailableError('unknown', 'the engine call failed', { cause: error });
}
