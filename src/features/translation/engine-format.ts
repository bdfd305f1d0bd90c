import type OpenAI from 'openai';
import type { Logger } from '../../server/log.ts';
import type { CheckedAnswer } from './answer.ts';
import { causeOf, refusesSchema, refusesStream, refusesStreamOptions } from './engine-errors.ts';
import { EmptyStreamError, type StreamHabits } from './engine-stream.ts';
import type { TranslateRequest } from './engine-types.ts';

/** How the engine is asked to shape its answer. */
export type AnswerFormat = 'json_schema' | 'json_object';

/** One call to the engine in a given format: the translation of one batch. */
export type Attempt = (request: TranslateRequest, format: AnswerFormat) => Promise<CheckedAnswer>;

/**
 * What a call asks for in `format`: with json_schema, the schema as the response format; with
 * json_object, the schema written in the system prompt instead (`prompt`, for systemPrompt and
 * reviewPrompt).
 */
export function formatAsked(
  format: AnswerFormat,
  name: string,
  schema: Record<string, unknown>,
): {
  responseFormat: OpenAI.ChatCompletionCreateParams['response_format'];
  prompt: { schemaInPrompt?: Record<string, unknown> };
} {
  return format === 'json_object'
    ? { responseFormat: { type: 'json_object' }, prompt: { schemaInPrompt: schema } }
    : {
        responseFormat: { type: 'json_schema', json_schema: { name, strict: true, schema } },
        prompt: {},
      };
}

/**
 * What one engine learnt of its server, for the process (this object), each lesson said once in
 * the log: it refuses `json_schema` (json_object from then on, the schema in the prompt), it
 * refuses streamed answers or answers them whole (whole answers from then on), it refuses
 * `stream_options` (a streamed answer's tokens counted from then on).
 */
export class FormatNegotiation implements StreamHabits {
  #log: Logger | undefined;
  #format: AnswerFormat = 'json_schema';
  /** The engine once answered a json_schema request: a later refusal changes nothing. */
  #schemaAccepted = false;
  #streams = true;
  #usageAsked = true;

  constructor(log: Logger | undefined) {
    this.#log = log;
  }

  /** The format asked for now. */
  get format(): AnswerFormat {
    return this.#format;
  }

  /** A streamed answer's usage is asked for (`stream_options.include_usage`). */
  get usageAsked(): boolean {
    return this.#usageAsked;
  }

  stopStreaming(why: string): void {
    if (!this.#streams) return;
    this.#streams = false;
    this.#log?.warn(
      `translation: ${why}; asking it for whole answers from now on (visitors wait for whole batches)`,
    );
  }

  /**
   * One batch translated through `attempt`: streamed when the request asks for it (`onText`) and
   * the engine has not refused streams; asked again whole when the stream is refused or empty,
   * again streamed without `stream_options` when that option is refused.
   */
  async translate(request: TranslateRequest, attempt: Attempt): Promise<CheckedAnswer> {
    const whole = { ...request, onText: undefined };
    if (!request.onText || !this.#streams) return this.#inFormat(whole, attempt);
    try {
      return await this.#inFormat(request, attempt);
    } catch (error) {
      if (this.#usageAsked && refusesStreamOptions(error)) {
        this.#usageAsked = false;
        this.#log?.warn(
          `translation: the engine refuses stream_options (${String(causeOf(error))}); ` +
            'its streamed answers are counted from now on',
        );
        return this.translate(request, attempt);
      }
      if (error instanceof EmptyStreamError) {
        this.stopStreaming('the engine sent an empty stream');
      } else if (refusesStream(error)) {
        this.stopStreaming(`the engine refuses streamed answers (${String(causeOf(error))})`);
      } else throw error;
      return this.#inFormat(whole, attempt);
    }
  }

  /**
   * Batches started together before the engine's first answer may each be refused once (a 400
   * costs no tokens); every batch after the first refusal asks for json_object at once. Making
   * them wait for the first call's answer instead would hold a first translation's parallel
   * batches behind one whole answer.
   */
  async #inFormat(request: TranslateRequest, attempt: Attempt): Promise<CheckedAnswer> {
    const asked = this.#format;
    try {
      const answer = await attempt(request, asked);
      if (asked === 'json_schema') this.#schemaAccepted = true;
      return answer;
    } catch (error) {
      if (asked !== 'json_schema' || !refusesSchema(error)) throw error;
      // Once, for this batch: the same request with json_object and the schema in the prompt.
      if (!this.#schemaAccepted && this.#format === 'json_schema') {
        this.#format = 'json_object';
        this.#log?.warn(
          `translation: the engine refuses response_format json_schema (${String(causeOf(error))}); ` +
            'asking it for json_object with the schema in the prompt from now on',
        );
      }
      return attempt(request, 'json_object');
    }
  }
}
