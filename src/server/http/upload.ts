import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from './errors.ts';
import { receiveFile, type ReceivedFile } from './multipart-file.ts';
import { multipartType, readForm } from './multipart-form.ts';

/**
 * Every upload route's reading of its multipart body, the rule written once: a 415 before a byte
 * is read when the body is not a form, a 413 while it streams in past its bound (each file's
 * room plus the envelope's), a 400 for a form that cannot be read, then the file of `field`
 * checked (missing, over `maxBytes`, empty). Held in memory (FormData), or written to disk as
 * it arrives for the museum archives (docs/adr/0036).
 */

/** Room for the multipart envelope and the small fields around each file. */
export const ENVELOPE_BYTES = 16 * 1024;

export interface UploadOptions {
  /** The 415's message: what to send, in which field. */
  sendAs: string;
  /** Thrown when the body is past its bound, or the file past `maxBytes`. */
  tooLarge: () => ApiError;
  /** Thrown when the form holds no file in the field. */
  missing: () => ApiError;
  /** Thrown for a file of no bytes; without it, an empty file is the caller's to refuse. */
  empty?: () => ApiError;
}

/** Several files in the field: their count bounded, each file's own bounds the caller's. */
export interface ManyOptions extends UploadOptions {
  many: { max: number; tooMany: () => ApiError };
}

/** The file written to a new file of `toDisk`, never whole in memory. */
export interface DiskOptions extends UploadOptions {
  toDisk: string;
  /** Checks that must pass before a byte of the body is read (after the content type's). */
  beforeReading?: () => Promise<void>;
}

export interface FormUpload {
  file: File;
  form: FormData;
}

export interface FormUploads {
  files: File[];
  form: FormData;
}

export function readUpload(
  c: Context,
  field: string,
  maxBytes: number,
  options: DiskOptions,
): Promise<ReceivedFile>;
export function readUpload(
  c: Context,
  field: string,
  maxBytes: number,
  options: ManyOptions,
): Promise<FormUploads>;
export function readUpload(
  c: Context,
  field: string,
  maxBytes: number,
  options: UploadOptions,
): Promise<FormUpload>;
export function readUpload(
  c: Context,
  field: string,
  maxBytes: number,
  options: UploadOptions | ManyOptions | DiskOptions,
): Promise<FormUpload | FormUploads | ReceivedFile> {
  if ('toDisk' in options) return toDisk(c, field, maxBytes, options);
  if ('many' in options) return manyFiles(c, field, maxBytes, options);
  return oneFile(c, field, maxBytes, options);
}

/** The form, read once its body is known to be within `maxBodyBytes` (hono's bodyLimit). */
async function boundedForm(c: Context, maxBodyBytes: number, options: UploadOptions) {
  multipartType(c, options.sendAs);
  await bodyLimit({
    maxSize: maxBodyBytes,
    onError: () => {
      throw options.tooLarge();
    },
  })(c, async () => {});
  return readForm(c);
}

async function oneFile(
  c: Context,
  field: string,
  maxBytes: number,
  options: UploadOptions,
): Promise<FormUpload> {
  const form = await boundedForm(c, maxBytes + ENVELOPE_BYTES, options);
  const file = form.get(field);
  if (!(file instanceof File)) throw options.missing();
  if (file.size > maxBytes) throw options.tooLarge();
  if (file.size === 0 && options.empty) throw options.empty();
  return { file, form };
}

async function manyFiles(
  c: Context,
  field: string,
  maxBytes: number,
  options: ManyOptions,
): Promise<FormUploads> {
  const { max, tooMany } = options.many;
  const form = await boundedForm(c, max * (maxBytes + ENVELOPE_BYTES), options);
  const files = form.getAll(field).filter((entry) => entry instanceof File);
  if (files.length === 0) throw options.missing();
  if (files.length > max) throw tooMany();
  return { files, form };
}

async function toDisk(
  c: Context,
  field: string,
  maxBytes: number,
  options: DiskOptions,
): Promise<ReceivedFile> {
  const type = multipartType(c, options.sendAs);
  if (Number(c.req.header('content-length') ?? 0) > maxBytes + ENVELOPE_BYTES) {
    throw options.tooLarge();
  }
  await options.beforeReading?.();
  const received = await receiveFile(c.req.raw.body, type, {
    field,
    maxBytes,
    envelopeBytes: ENVELOPE_BYTES,
    tooLarge: options.tooLarge,
    dir: options.toDisk,
  });
  if (!received) throw options.missing();
  if (received.size === 0 && options.empty) {
    await received.remove();
    throw options.empty();
  }
  return received;
}
