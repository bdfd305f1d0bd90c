// Same-origin JSON calls for islands. Resolves for every HTTP status; rejects only when the
// request could not be made at all (network down, CORS, aborted).

export type ApiError = { error: { code: string; message: string } };

export type ApiResult<T = unknown> = {
  status: number;
  ok: boolean;
  /** Parsed JSON body, or null when the body is empty or not JSON. */
  body: T | null;
  headers: Headers;
};

export type ApiOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. POSTs without a body send `{}` so the server always sees JSON. */
  body?: unknown;
  signal?: AbortSignal;
};

export async function api<T = unknown>(
  path: string,
  options: ApiOptions = {},
): Promise<ApiResult<T>> {
  const method = options.method ?? 'GET';
  const hasBody = method !== 'GET';
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: hasBody
      ? { Accept: 'application/json', 'Content-Type': 'application/json' }
      : { Accept: 'application/json' },
  };
  if (hasBody) init.body = JSON.stringify(options.body ?? {});
  if (options.signal) init.signal = options.signal;
  const response = await fetch(path, init);
  let body: T | null = null;
  const text = await response.text().catch(() => '');
  if (text) {
    try {
      body = JSON.parse(text) as T;
    } catch {
      body = null;
    }
  }
  return { status: response.status, ok: response.ok, body, headers: response.headers };
}

/** The server's error code, when the body is `{"error":{"code",...}}`. */
export function errorCode(result: ApiResult): string | undefined {
  const body = result.body as Partial<ApiError> | null;
  return typeof body?.error?.code === 'string' ? body.error.code : undefined;
}
