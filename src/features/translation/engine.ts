import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from 'openai';
import { checkAnswer } from './answer.ts';
import { BadAnswerError, EngineUnavailableError } from './errors.ts';
import { answerSchema, systemPrompt, userMessage } from './prompt.ts';
import type { Segment } from './segments.ts';

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
}

export interface TranslateRequest {
  segments: readonly Segment[];
  sourceLang: string;
  targetLang: string;
  instructions: string;
  signal?: AbortSignal | undefined;
}

export interface Engine {
  readonly model: string;
  /**
   * Translates one batch: id → translated text for every segment. Throws BadAnswerError when
   * the answer is unusable and EngineUnavailableError when there is no answer.
   */
  translate(request: TranslateRequest): Promise<Record<string, string>>;
}

/** The engine of the settings, or undefined when none is configured (DESIGN 6.7). */
export function createEngine(options: EngineOptions): Engine | undefined {
  const { baseUrl, apiKey, timeoutMs, maxRetries } = options;
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

  async function translate(request: TranslateRequest): Promise<Record<string, string>> {
    const { segments } = request;
    if (segments.length === 0) return {};
    const stop = new AbortController();
    const deadline = AbortSignal.timeout(deadlineMs);
    const signal = AbortSignal.any(
      [stop.signal, deadline, request.signal].filter((s): s is AbortSignal => s !== undefined),
    );
    const call = client.chat.completions.create(
      {
        model,
        messages: [
          { role: 'system', content: systemPrompt(request) },
          { role: 'user', content: userMessage(request) },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: {
            name: 'translations',
            strict: true,
            schema: answerSchema(segments.map((s) => s.id)),
          },
        },
      },
      { signal, timeout: timeoutMs, maxRetries },
    );
    // The SDK sleeps through a retry-after without looking at the signal: the race below answers
    // at the deadline, and the request, when it wakes, finds the signal aborted.
    let onAbort = () => {};
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () =>
        reject(
          deadline.aborted
            ? new EngineUnavailableError('deadline', `no answer within ${deadlineMs} ms`)
            : new EngineUnavailableError('aborted', 'the translation was cancelled'),
        );
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    });
    call.catch(() => {});
    aborted.catch(() => {});
    try {
      const completion = await Promise.race([call, aborted]);
      const choice = completion.choices[0];
      if (!choice) throw new BadAnswerError('the answer has no choice');
      if (choice.message.refusal) throw new BadAnswerError('the engine refused');
      if (choice.finish_reason === 'length') throw new BadAnswerError('the answer was cut short');
      const content = choice.message.content;
      if (typeof content !== 'string') throw new BadAnswerError('the answer has no content');
      return checkAnswer(content, segments);
    } catch (error) {
      throw unavailable(error, deadline);
    } finally {
      signal.removeEventListener('abort', onAbort);
      stop.abort();
    }
  }

  return { model, translate };
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
