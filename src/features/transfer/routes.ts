import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { museum, type StaffEnv } from '../../server/context.ts';
import { ApiError } from '../../server/http/errors.ts';
import { readForm } from '../../server/http/multipart-form.ts';
import { MAX_ARCHIVE_BYTES } from './format.ts';
import type { TransferService } from './service.ts';

/** Room for the multipart envelope around the archive. */
const ENVELOPE_BYTES = 16 * 1024;

const tooLarge = () =>
  new ApiError(413, 'payload_too_large', 'A museum export may be at most 1 GB.', {
    details: { maxBytes: MAX_ARCHIVE_BYTES },
  });

/**
 * The whole museum out and in, under /api (behind the session middleware): GET /export/museum
 * (a zip, streamed) and POST /upload/museum (multipart, the zip in the field `archive`).
 * Mounted before the uploads' /upload/:kind, so this route answers.
 */
export function transferRoutes(transfer: TransferService) {
  const app = new Hono<StaffEnv>();

  app.get('/export/museum', async (c) => {
    const { filename, body } = await transfer.exportMuseum(museum(c));
    return c.body(body, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'X-Content-Type-Options': 'nosniff',
    });
  });

  app.post(
    '/upload/museum',
    async (c, next) => {
      const type = c.req.header('content-type') ?? '';
      if (!/^multipart\/form-data\s*;/i.test(type)) {
        throw new ApiError(
          415,
          'unsupported_media_type',
          'Send the export as multipart/form-data, in the field archive.',
        );
      }
      return bodyLimit({
        maxSize: MAX_ARCHIVE_BYTES + ENVELOPE_BYTES,
        onError: () => {
          throw tooLarge();
        },
      })(c, next);
    },
    async (c) => {
      const form = await readForm(c);
      const file = form.get('archive');
      if (!(file instanceof File)) {
        throw new ApiError(422, 'invalid_body', 'Send the export in a form field named archive.', {
          details: { field: 'archive' },
        });
      }
      if (file.size > MAX_ARCHIVE_BYTES) throw tooLarge();
      if (file.size === 0) throw new ApiError(422, 'empty_file', 'The file is empty.');
      const bytes = new Uint8Array(await file.arrayBuffer());
      return c.json(await transfer.restore(museum(c), bytes));
    },
  );

  return app;
}
