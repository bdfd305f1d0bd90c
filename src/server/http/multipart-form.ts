import type { Context } from 'hono';
import { ApiError } from './errors.ts';

/**
 * The request's multipart form. A body that cannot be read as one is a 400; an ApiError raised
 * while reading it (the body limit's 413) passes through as it is.
 */
export async function readForm(c: Context): Promise<FormData> {
  try {
    return await c.req.formData();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, 'invalid_form', 'The upload is not a readable multipart form.');
  }
}

/**
 * The request's content type when it is a multipart form, else a 415 saying what to send
 * (`message`): every upload route's first check, before a byte of the body is read.
 */
export function multipartType(c: Context, message: string): string {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new ApiError(415, 'unsupported_media_type', message);
  }
  return type;
}
