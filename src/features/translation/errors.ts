/** The engine answered, but not a usable translation of the batch: worth one more try. */
export class BadAnswerError extends Error {
  override readonly name = 'BadAnswerError';
}

export type UnavailableReason =
  | 'timeout'
  | 'deadline'
  | 'aborted'
  | 'connection'
  | 'rate-limit'
  | 'server'
  | 'refused'
  | 'unknown'
  /** Not sent: past the visitors' characters a minute or the museum's budget (engine-guard.ts). */
  | 'held';

/**
 * The engine could not be reached or would not answer (after the SDK's own retries): not worth
 * another try during this request. `refused` is a 4xx other than 429 (a key, model or setting to
 * fix), worth an error in the log.
 */
export class EngineUnavailableError extends Error {
  override readonly name = 'EngineUnavailableError';
  readonly reason: UnavailableReason;
  readonly status: number | undefined;

  constructor(
    reason: UnavailableReason,
    message: string,
    options?: { cause?: unknown; status?: number | undefined },
  ) {
    super(message, { cause: options?.cause });
    this.reason = reason;
    this.status = options?.status;
  }
}
