import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { museum, type StaffEnv } from '../../server/context.ts';
import { ApiError } from '../../server/http/errors.ts';
import { multipartType, readForm } from '../../server/http/multipart-form.ts';
import { pathArray } from '../articles/ids.ts';
import {
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS,
  type ImportsService,
  type IncomingDocument,
} from './service.ts';

/** Room for the multipart envelope of each file and the folder's path. */
const ENVELOPE_BYTES = 16 * 1024;
const MAX_BODY_BYTES = MAX_DOCUMENTS * (MAX_DOCUMENT_BYTES + ENVELOPE_BYTES);

const invalid = (reason: string, message: string, details: Record<string, number> = {}) =>
  new ApiError(422, 'invalid_document', message, { details: { reason, ...details } });

// Refuses an oversized body while it streams in, before anything is buffered or parsed.
const limitBody: MiddlewareHandler<StaffEnv> = async (c, next) => {
  multipartType(c, 'Send the documents as multipart/form-data.');
  return bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError(413, 'invalid_document', 'Send at most 50 documents of 20 MB each.', {
        details: { reason: 'too_many', max: MAX_DOCUMENTS },
      });
    },
  })(c, next);
};

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

  app.post('/upload/documents', limitBody, async (c) => {
    const museumId = museum(c);
    const form = await readForm(c);
    const path = folderOf(form.get('pathArray'));
    const files = form.getAll('documents').filter((entry) => entry instanceof File);
    if (files.length === 0) throw invalid('none', 'Send the files in fields named "documents".');
    if (files.length > MAX_DOCUMENTS) {
      throw invalid('too_many', `Send at most ${MAX_DOCUMENTS} documents at once.`, {
        max: MAX_DOCUMENTS,
      });
    }
    const documents: IncomingDocument[] = [];
    for (const file of files) {
      documents.push({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    }
    return c.json(await imports.importDocuments(museumId, path, documents), 201);
  });

  return app;
}
