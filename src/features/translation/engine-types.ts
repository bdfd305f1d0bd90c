import type { Logger } from '../../server/log.ts';
import type { CheckedAnswer } from './answer.ts';
import type { Metered } from './engine-usage.ts';
import type { ReviewAnswer, ReviewRequest } from './review-prompt.ts';
import type { SegmentText } from './segments.ts';

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
