import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Every API error answers `{"error": {"code", "message"}}` with a fitting status, never a 500 for what a client sent. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly headers: Record<string, string>;
  readonly details: unknown;
  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    options: { headers?: Record<string, string>; details?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.headers = options.headers ?? {};
    this.details = options.details;
  }
}

export function errorBody(code: string, message: string, details?: unknown) {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

export function sendError(c: Context, error: ApiError): Response {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  c.header('Cache-Control', 'no-store');
  return c.json(errorBody(error.code, error.message, error.details), error.status);
}

export const notFound = (what = 'Not found') => new ApiError(404, 'not_found', what);
export const unauthorized = () => new ApiError(401, 'unauthorized', 'Sign in first.');
