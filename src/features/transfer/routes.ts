import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { museum, type StaffEnv } from '../../server/context.ts';
import { ApiError } from '../../server/http/errors.ts';
import type { ReceivedFile } from '../../server/http/multipart-file.ts';
import { readUpload } from '../../server/http/upload.ts';
import { MAX_ARCHIVE_BYTES } from './format.ts';
import type { TransferService } from './service.ts';
import { fileSource } from '../../server/zip/source.ts';

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

/** The uploaded archive (on disk, docs/adr/0036) given to `work`, then removed. */
async function withArchive<T>(
  received: ReceivedFile,
  work: (source: Awaited<ReturnType<typeof fileSource>>) => Promise<T>,
): Promise<T> {
  try {
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
    let counted = false;
    try {
      const received = await readUpload(c, 'archive', MAX_ARCHIVE_BYTES, {
        sendAs: 'Send the export as multipart/form-data, in the field archive.',
        tooLarge,
        missing: () =>
          new ApiError(422, 'invalid_body', 'Send the export in a form field named archive.', {
            details: { field: 'archive' },
          }),
        empty: () => new ApiError(422, 'empty_file', 'The file is empty.'),
        toDisk: RESTORE_UPLOADS_DIR,
        beforeReading: async () => {
          // Refused before a byte of the archive is written: a museum with articles takes none.
          await transfer.checkEmpty(museum(c));
          if (restoring >= MAX_RESTORES_AT_ONCE) throw busy();
          restoring++;
          counted = true;
        },
      });
      return c.json(await withArchive(received, (source) => transfer.restore(museum(c), source)));
    } finally {
      if (counted) restoring--;
    }
  });

  return app;
}
