import { BadAnswerError, EngineUnavailableError } from './errors.ts';
import { sdkErrors } from './openai-sdk.ts';

/** Whether `error` is one of the SDK's errors of that name (none before the SDK loads). */
function isSdk<
  N extends 'APIError' | 'APIUserAbortError' | 'APIConnectionTimeoutError' | 'APIConnectionError',
>(error: unknown, name: N): error is InstanceType<NonNullable<ReturnType<typeof sdkErrors>>[N]> {
  const sdk = sdkErrors();
  return sdk !== undefined && error instanceof sdk[name];
}

/** What an engine's 400 said (its message and error body), or undefined for any other failure. */
function badRequestSaid(error: unknown): string | undefined {
  if (!(error instanceof EngineUnavailableError) || error.status !== 400) return undefined;
  const cause = error.cause;
  if (!isSdk(cause, 'APIError')) return undefined;
  return `${cause.message} ${JSON.stringify(cause.error ?? null)}`;
}

const NAMES_FORMAT = /response_format|json_schema/i;

/**
 * A 400 that refuses `response_format: json_schema` (DeepSeek, some hosted and on-premises
 * servers): its message names the setting.
 */
export const refusesSchema = (error: unknown): boolean =>
  NAMES_FORMAT.test(badRequestSaid(error) ?? '');

/**
 * A 400 that refuses `stream: true` (a server that only answers whole): its message names
 * streaming and not the response format.
 */
export function refusesStream(error: unknown): boolean {
  const said = badRequestSaid(error) ?? '';
  return /stream/i.test(said) && !NAMES_FORMAT.test(said);
}

/**
 * A refusal of `stream_options` (asked for the usage of a streamed answer): a 400 or 422 that
 * names it. Some servers know streaming but not this option.
 */
export function refusesStreamOptions(error: unknown): boolean {
  if (!(error instanceof EngineUnavailableError)) return false;
  if (error.status !== 400 && error.status !== 422) return false;
  const cause = error.cause;
  if (!isSdk(cause, 'APIError')) return false;
  return /stream_options/i.test(`${cause.message} ${JSON.stringify(cause.error ?? null)}`);
}

/** What the SDK said, for the log. */
export const causeOf = (error: unknown): unknown =>
  error instanceof Error && error.cause instanceof Error ? error.cause : error;

/** SDK errors become EngineUnavailableError; our own errors pass. */
export function unavailable(error: unknown, deadline: AbortSignal): unknown {
  if (error instanceof BadAnswerError || error instanceof EngineUnavailableError) return error;
  if (isSdk(error, 'APIUserAbortError')) {
    return deadline.aborted
      ? new EngineUnavailableError('deadline', 'no answer before the deadline', { cause: error })
      : new EngineUnavailableError('aborted', 'the translation was cancelled', { cause: error });
  }
  if (isSdk(error, 'APIConnectionTimeoutError')) {
    return new EngineUnavailableError('timeout', 'the engine did not answer in time', {
      cause: error,
    });
  }
  if (isSdk(error, 'APIConnectionError')) {
    return new EngineUnavailableError('connection', 'the engine cannot be reached', {
      cause: error,
    });
  }
  if (isSdk(error, 'APIError')) {
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
