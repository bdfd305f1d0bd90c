// Same-origin JSON calls for islands, each through a declared route (`call`). Resolves for
// every HTTP status; rejects only when the request could not be made at all (network down,
// CORS, aborted).

const JSON_TYPE = 'application/json';

export type ApiError = { error: { code: string; message: string } };

export type ApiResult<T = unknown> = {
  status: number;
  ok: boolean;
  /** Parsed JSON body, or null when the body is empty or not JSON. */
  body: T | null;
  headers: Headers;
};

/** The server's error code, when the body is `{"error":{"code",...}}`. */
export function errorCode(result: ApiResult): string | undefined {
  const body = result.body as Partial<ApiError> | null;
  return typeof body?.error?.code === 'string' ? body.error.code : undefined;
}

/**
 * A JSON route as islands call it: method and path, and, as types only, the body it takes and
 * the answer a success carries. A feature declares its routes next to the schemas its server
 * route parses, taking both types with `import type`, so neither zod nor server code reaches the
 * browser bundle (src/features/tree/calls.ts).
 */
export type Route<Body, Answer> = {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /**
   * A run-time check of a success's body; one that fails it counts as a failed call. Declared
   * once (not made anew per call): server-state.ts tells two readings of one path apart by it.
   */
  readonly accepts?: (body: unknown) => boolean;
  /** Or: a success's body read into the answer; null counts as a failed call. Declared once. */
  readonly read?: (body: unknown) => Answer | null;
  /** Never set: carries `Body` and `Answer` to `call`. */
  readonly types?: { body: Body; answer: Answer };
};

export const getRoute = <Answer>(
  path: string,
  accepts?: (body: unknown) => boolean,
): Route<void, Answer> => ({ method: 'GET', path, ...(accepts && { accepts }) });

/** A GET whose answer is read (checked and completed) from the body rather than taken as is. */
export const readRoute = <Answer>(
  path: string,
  read: (body: unknown) => Answer | null,
): Route<void, Answer> => ({ method: 'GET', path, read });

export const postRoute = <Body, Answer>(
  path: string,
  accepts?: (body: unknown) => boolean,
): Route<Body, Answer> => ({ method: 'POST', path, ...(accepts && { accepts }) });

export type CallResult<Answer> = ApiResult & {
  /** The body of a 2xx answer that is JSON and passes the route's check; null otherwise. */
  answer: Answer | null;
};

type CallOptions = { signal?: AbortSignal };

/**
 * A declared route called: the body is checked against the route's type at compile time, the
 * answer comes typed. A GET takes no body (`call(route)`).
 */
export function call<Answer>(
  route: Route<void, Answer>,
  body?: undefined,
  options?: CallOptions,
): Promise<CallResult<Answer>>;
export function call<Body, Answer>(
  route: Route<Body, Answer>,
  body: Body,
  options?: CallOptions,
): Promise<CallResult<Answer>>;
export async function call<Body, Answer>(
  route: Route<Body, Answer>,
  body: Body,
  options: CallOptions = {},
): Promise<CallResult<Answer>> {
  const post = route.method === 'POST';
  const init: RequestInit = {
    method: route.method,
    credentials: 'include',
    headers: post ? { Accept: JSON_TYPE, 'Content-Type': JSON_TYPE } : { Accept: JSON_TYPE },
  };
  // A POST without a body sends `{}`, so the server always sees JSON.
  if (post) init.body = JSON.stringify(body ?? {});
  if (options.signal) init.signal = options.signal;
  const response = await fetch(route.path, init);
  const text = await response.text().catch(() => '');
  let parsed: unknown = null;
  try {
    if (text) parsed = JSON.parse(text) as unknown;
  } catch {
    // Not JSON: no body.
  }
  const { status, ok, headers } = response;
  const result: ApiResult = { status, ok, body: parsed, headers };
  return { ...result, answer: answerOf(route, result) };
}

function answerOf<Answer>(route: Route<unknown, Answer>, result: ApiResult): Answer | null {
  if (!result.ok || result.body === null) return null;
  if (route.read) return route.read(result.body);
  return (route.accepts?.(result.body) ?? true) ? (result.body as Answer) : null;
}
