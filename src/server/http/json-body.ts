import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError } from './errors.ts';

/** Bodies of staff writes are small JSON documents; anything larger is refused unread. */
export const MAX_JSON_BYTES = 64 * 1024;

/**
 * Reads a JSON body and validates it against a schema. Wrong content type: 415. Too large: 413.
 * Not JSON: 400. JSON of the wrong shape: 422 naming each field.
 */
export async function readJson<S extends z.ZodType>(
  c: Context,
  schema: S,
  maxBytes = MAX_JSON_BYTES,
): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the body as application/json.');
  }
  const declared = Number(c.req.header('content-length') ?? 'NaN');
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const text = await readLimited(c.req.raw, maxBytes);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid_json', 'The body is not valid JSON.');
  }
  refuseUnpairedSurrogates(data);
  const result = schema.safeParse(data);
  if (!result.success) {
    throw invalidBody(
      result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  }
  return result.data;
}

/**
 * A 422 `invalid_body` naming each field at fault (`articleIds.2: …`), as readJson answers a
 * schema's refusal; for the checks a schema cannot make (a service's, against the database).
 */
export function invalidBody(fields: readonly { path: string; message: string }[]): ApiError {
  return new ApiError(
    422,
    'invalid_body',
    `Invalid request: ${fields.map((f) => (f.path ? `${f.path}: ${f.message}` : f.message)).join('; ')}`,
    { details: fields },
  );
}

function tooLarge(maxBytes: number) {
  return new ApiError(413, 'payload_too_large', `The body is larger than ${maxBytes} bytes.`);
}

async function readLimited(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * Refuses text that is not well-formed UTF-16: JSON may carry `"\ud800"`, a half of a
 * character, which no database column of text or jsonb takes (PostgreSQL refuses it with an
 * error, which was a 500). Checked once here on the whole parsed body, keys included, so every
 * JSON route refuses it with 422 naming the field, before any schema or query sees it.
 */
export function refuseUnpairedSurrogates(data: unknown): void {
  const path = unpairedSurrogateAt(data, []);
  if (!path) return;
  const field = path.join('.');
  throw new ApiError(
    422,
    'invalid_text',
    `Invalid request: ${field ? `${field}: ` : ''}the text holds an unpaired surrogate (half of a character).`,
    { details: [{ path: field, message: 'unpaired surrogate' }] },
  );
}

function unpairedSurrogateAt(
  value: unknown,
  path: (string | number)[],
): (string | number)[] | undefined {
  if (typeof value === 'string') return value.isWellFormed() ? undefined : path;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = unpairedSurrogateAt(item, [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      // A bad key is named by its escape, the key itself being what cannot be printed.
      if (!key.isWellFormed()) return [...path, JSON.stringify(key)];
      const found = unpairedSurrogateAt(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
