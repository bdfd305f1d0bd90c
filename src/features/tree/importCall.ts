/**
 * POST /api/upload/documents from the articles screen: the chosen files in fields named
 * `documents` and the folder as the tree's calls name it (`pathArray`). Sent with
 * XMLHttpRequest, which tells how much of the body has gone (fetch does not); the browser
 * writes the multipart Content-Type itself.
 */

/** What the server takes at once (its limits, checked again there). */
export const MAX_DOCUMENTS = 50;
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
export const DOCUMENT_ACCEPT = '.docx,.md,.markdown';

export type ImportAnswer = { articleIds: number[]; skippedImages: { file: string; src: string }[] };

export type ImportResult =
  | { ok: true; answer: ImportAnswer }
  /** status 0: the request could not be made. `body` is the JSON error, for apiErrors.ts. */
  | { ok: false; status: number; body: unknown };

function isAnswer(body: unknown): body is ImportAnswer {
  const answer = body as Partial<ImportAnswer> | null;
  return Array.isArray(answer?.articleIds) && Array.isArray(answer.skippedImages);
}

export function importDocuments(
  files: readonly File[],
  pathArray: readonly number[],
  onProgress: (fraction: number) => void,
): Promise<ImportResult> {
  const form = new FormData();
  for (const file of files) form.append('documents', file, file.name);
  form.append('pathArray', JSON.stringify(pathArray));
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/upload/documents');
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText) as unknown;
      } catch {
        // Not JSON: no body.
      }
      const ok = request.status >= 200 && request.status < 300;
      if (ok && isAnswer(body)) resolve({ ok: true, answer: body });
      else resolve({ ok: false, status: request.status, body });
    };
    request.onerror = () => resolve({ ok: false, status: 0, body: null });
    request.send(form);
  });
}
