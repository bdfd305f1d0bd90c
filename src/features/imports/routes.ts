import { Hono } from 'hono';
import { museum, type StaffEnv } from '../../server/context.ts';
import { ApiError } from '../../server/http/errors.ts';
import { readUpload } from '../../server/http/upload.ts';
import { pathArray } from '../articles/ids.ts';
import {
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS,
  type ImportsService,
  type IncomingDocument,
} from './service.ts';

const invalid = (reason: string, message: string, details: Record<string, number> = {}) =>
  new ApiError(422, 'invalid_document', message, { details: { reason, ...details } });

/** The folder, as the tree's calls name it: a JSON array of folder ids from the root. */
function folderOf(field: FormDataEntryValue | null): number[] {
  let value: unknown = [];
  try {
    if (typeof field === 'string' && field !== '') value = JSON.parse(field);
  } catch {
    // Not JSON: refused below.
  }
  const parsed = pathArray.safeParse(value);
  if (typeof field !== 'string' || !parsed.success) {
    throw invalid('path', 'pathArray must be a JSON array of folder ids.');
  }
  return parsed.data;
}

/**
 * POST /api/upload/documents: multipart, the files in fields named `documents` (.docx or .md,
 * 1 to 50, 20 MB each) and `pathArray`, the folder. Answers {articleIds, skippedImages}.
 */
export function importRoutes(imports: ImportsService) {
  const app = new Hono<StaffEnv>();

  app.post('/upload/documents', async (c) => {
    const museumId = museum(c);
    // Each file's own bounds (empty, over 20 MB) are the service's, which names the file.
    const { files, form } = await readUpload(c, 'documents', MAX_DOCUMENT_BYTES, {
      sendAs: 'Send the documents as multipart/form-data.',
      tooLarge: () =>
        new ApiError(413, 'invalid_document', 'Send at most 50 documents of 20 MB each.', {
          details: { reason: 'too_many', max: MAX_DOCUMENTS },
        }),
      missing: () => invalid('none', 'Send the files in fields named "documents".'),
      many: {
        max: MAX_DOCUMENTS,
        tooMany: () =>
          invalid('too_many', `Send at most ${MAX_DOCUMENTS} documents at once.`, {
            max: MAX_DOCUMENTS,
          }),
      },
    });
    const path = folderOf(form.get('pathArray'));
    const documents: IncomingDocument[] = [];
    for (const file of files) {
      documents.push({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    }
    return c.json(await imports.importDocuments(museumId, path, documents), 201);
  });

  return app;
}
