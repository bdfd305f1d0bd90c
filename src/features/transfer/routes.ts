import { tmpdir } from 'node:os';
import { multipartType } from '../../server/http/multipart-form.ts';
import path from 'node:path';
import { Hono } from 'hono';
import { museum, type StaffEnv } from '../../server/context.ts';
import { ApiError } from '../../server/http/errors.ts';
import { receiveFile } from '../../server/http/multipart-file.ts';
import { MAX_ARCHIVE_BYTES } from './format.ts';
import type { TransferService } from './service.ts';
import { fileSource } from './zip-source.ts';

/** Room for the multipart envelope around the archive. */
const ENVELOPE_BYTES = 16 * 1024;

/**
 * Where an uploaded archive is kept while it is restored: the system's temporary folder, on
 * disk (docs/adr/0036). Each file is removed when its restore ends, whatever the outcome.
 */
export const RESTORE_UPLOADS_DIR = path.join(tmpdir(), 'legenda-restores');

/**
 * Restores at once in one process: each holds its archive on disk (up to 1 GB) and an entry in
 * memory, so a few curators sending archives together cannot fill either.
 */
export const MAX_RESTORES_AT_ONCE = 2;
/** When a curator refused for that may try again. */
const RETRY_AFTER_S = 30;

const busy = () =>
  new ApiError(429, 'restore_busy', 'Other restores are running: try again shortly.', {
    details: { retryAfter: RETRY_AFTER_S },
    headers: { 'Retry-After': String(RETRY_AFTER_S) },
  });

const tooLarge = () =>
  new ApiError(413, 'payload_too_large', 'A museum export may be at most 1 GB.', {
    details: { maxBytes: MAX_ARCHIVE_BYTES },
  });

/**
 * The uploaded archive written to a temporary file as it arrives (never whole in memory), given
 * to `work`, then removed.
 */
async function withUploadedArchive<T>(
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
  work: (source: Awaited<ReturnType<typeof fileSource>>) => Promise<T>,
): Promise<T> {
  const received = await receiveFile(body, contentType, {
    field: 'archive',
    maxBytes: MAX_ARCHIVE_BYTES,
    envelopeBytes: ENVELOPE_BYTES,
    tooLarge,
    dir: RESTORE_UPLOADS_DIR,
  });
  if (!received) {
    throw new ApiError(422, 'invalid_body', 'Send the export in a form field named archive.', {
      details: { field: 'archive' },
    });
  }
  try {
    if (received.size === 0) throw new ApiError(422, 'empty_file', 'The file is empty.');
    const source = await fileSource(received.path);
    try {
      return await work(source);
    } finally {
      await source.close();
    }
  } finally {
    await received.remove();
  }
}

/**
 * The whole museum out and in, under /api (behind the session middleware): GET /export/museum
 * (a zip, streamed), GET /read/restore (whether a restore may go in) and POST /upload/museum
 * (multipart, the zip in the field `archive`).
 * Mounted before the uploads' /upload/:kind, so this route answers.
 */
export function transferRoutes(transfer: TransferService) {
  const app = new Hono<StaffEnv>();
  let restoring = 0;

  app.get('/export/museum', async (c) => {
    const { filename, body } = await transfer.exportMuseum(museum(c));
    return c.body(body, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'X-Content-Type-Options': 'nosniff',
    });
  });

  /** Whether the museum may receive an export: `empty`, `demo` (replaced) or `not_empty`. */
  app.get('/read/restore', async (c) => c.json({ into: await transfer.restoreInto(museum(c)) }));

  app.post('/upload/museum', async (c) => {
    const type = multipartType(c, 'Send the export as multipart/form-data, in the field archive.');
    if (Number(c.req.header('content-length') ?? 0) > MAX_ARCHIVE_BYTES + ENVELOPE_BYTES) {
      throw tooLarge();
    }
    // Refused before a byte of the archive is written: a museum with articles takes none.
    await transfer.checkEmpty(museum(c));
    if (restoring >= MAX_RESTORES_AT_ONCE) throw busy();
    restoring++;
    try {
      const answer = await withUploadedArchive(c.req.raw.body, type, (source) =>
        transfer.restore(museum(c), source),
      );
      return c.json(answer);
    } finally {
      restoring--;
    }
  });

  return app;
}
