import { lazyClient } from './openai-sdk.ts';
import type { Logger } from '../../server/log.ts';
import { checkAnswer } from './answer.ts';
import type { CheckedAnswer } from './answer.ts';
import { FormatNegotiation, formatAsked, type AnswerFormat } from './engine-format.ts';
import { readAhead } from './engine-read-ahead.ts';
import { transport } from './engine-transport.ts';
import type { Metered } from './engine-usage.ts';
import type { Engine, EngineOptions, TranslateRequest } from './engine-types.ts';
import { loadLanguageIdentifier } from './language-check.ts';
import { answerSchema, systemPrompt, userMessage } from './prompt.ts';
import { reviewAnswer, reviewPrompt, reviewSchema, reviewMessage } from './review-prompt.ts';
import type { ReviewAnswer, ReviewRequest } from './review-prompt.ts';

/**
 * The model asked for when OPENAI_MODEL is unset: OpenAI's gpt-4o-mini, cheap, good at
 * translation and able to follow a strict JSON schema. Any other server needs OPENAI_MODEL.
 */
export const DEFAULT_MODEL = 'gpt-4o-mini';

/** The engine of the settings, or undefined when none is configured (no base URL, no key). */
export function createEngine(options: EngineOptions): Engine | undefined {
  const { baseUrl, apiKey, timeoutMs, maxRetries, log } = options;
  const languageCheck = options.languageCheck ?? false;
  if (!baseUrl && !apiKey) return undefined;
  const model = options.model || DEFAULT_MODEL;
  const deadlineMs = options.deadlineMs ?? (timeoutMs + 2_000) * (maxRetries + 1);
  const client = lazyClient({
    // Given explicitly, so the SDK never falls back on its own reading of the environment.
    baseURL: baseUrl || 'https://api.openai.com/v1',
    // The SDK insists on a key; local servers ignore it.
    apiKey: apiKey || 'none',
    timeout: timeoutMs,
    maxRetries,
  });
  const negotiation = new FormatNegotiation(log);
  const ask = transport({ client, model, timeoutMs, maxRetries, deadlineMs }, negotiation);
  const identifier = languageIdentifier(log);

  /** One batch asked for in `format`, its answer checked. */
  async function attempt(request: TranslateRequest, format: AnswerFormat): Promise<CheckedAnswer> {
    const { segments } = request;
    const asked = formatAsked(format, 'translations', answerSchema(segments.map((s) => s.id)));
    // Loaded while the engine writes (once a process): the answer's language is checked with it.
    const loaded = languageCheck ? identifier() : undefined;
    const languages = { ...request, checkLanguage: languageCheck };
    const content = await ask({
      system: systemPrompt(request, asked.prompt),
      user: userMessage(request),
      responseFormat: asked.responseFormat,
      signal: request.signal,
      onUsage: request.onUsage,
      onDelta: request.onText && readAhead(segments, languages, loaded, request.onText),
    });
    await loaded;
    return checkAnswer(content, segments, languages);
  }

  /** A second opinion on a batch's translations (TRANSLATION_REVIEW=on). */
  async function review(request: ReviewRequest & Metered): Promise<ReviewAnswer> {
    if (request.segments.length === 0) return {};
    const schema = reviewSchema(request.segments.map((s) => s.id));
    const asked = formatAsked(negotiation.format, 'review', schema);
    const content = await ask({
      system: reviewPrompt(request, asked.prompt),
      user: reviewMessage(request),
      responseFormat: asked.responseFormat,
      signal: request.signal,
      onUsage: request.onUsage,
    });
    return reviewAnswer(content, request.segments);
  }

  return {
    model,
    translate: (request) =>
      request.segments.length === 0
        ? Promise.resolve({ translations: {}, rejected: {} })
        : negotiation.translate(request, attempt),
    review: options.review ? review : undefined,
  };
}

/**
 * The language identifier, loading (once a process); when it does not load, said once in the
 * log and only scripts are checked.
 */
function languageIdentifier(log: Logger | undefined): () => Promise<unknown> {
  let warned = false;
  const failed = (error: unknown) => {
    if (warned) return;
    warned = true;
    log?.warn('translation: the language identifier did not load; only scripts are checked', error);
  };
  return () => loadLanguageIdentifier().catch(failed);
}
