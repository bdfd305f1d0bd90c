import type { BlobStore } from '../../server/blobs/store.ts';
import { ApiError } from '../../server/http/errors.ts';
import { contentSchema, type ArticleContent } from '../articles/content.ts';
import { MAX_TITLE_LENGTH, MEDIA_PREFIX } from '../articles/content-fields.ts';
import { HashGate, HashingBusyError } from '../auth/passwords.ts';
import type { ArticleDraft, TreeService } from '../tree/service.ts';
import type { UploadsService } from '../uploads/service.ts';
import { refused, type DocumentDraft, type DraftBlock } from './blocks.ts';
import { readDocx } from './docx.ts';
import { importImages } from './images.ts';
import { readMarkdown } from './markdown.ts';

/**
 * Documents brought in as articles, all or nothing: every file is read and checked first, then
 * the images stored, then the articles made in one transaction; images stored for an import
 * that fails are removed again.
 */

export const MAX_DOCUMENTS = 50;
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

/** The editor saves an article of at most 1 MB: an imported one must stay editable. */
const MAX_ARTICLE_CHARACTERS = 900 * 1024;

export interface IncomingDocument {
  name: string;
  bytes: Uint8Array;
}

export interface ImportAnswer {
  articleIds: number[];
  /** Images a Markdown file names by a web or relative address: not imported. */
  skippedImages: { file: string; src: string }[];
}

/** The private name a file gives its article: its name without the extension. */
export function nameOf(file: string): string {
  const base = file.replace(/\.(docx|md|markdown)$/i, '');
  const clean = base
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.slice(0, MAX_TITLE_LENGTH).trim() || 'Document';
}

/**
 * One document read at a time in the process, some waiting their turn: within its bounds a
 * document may still take a few hundred megabytes to read (ADR 0035), so that is the most all
 * imports together take, whoever sends them. Past the line, 503 and a moment to wait.
 */
export const documentReading = new HashGate(1, 10);
const BUSY_RETRY_SECONDS = 5;

async function readDocument(doc: IncomingDocument): Promise<DocumentDraft> {
  if (doc.bytes.byteLength === 0) throw refused(422, doc.name, 'empty', 'the file is empty.');
  if (doc.bytes.byteLength > MAX_DOCUMENT_BYTES) {
    throw refused(413, doc.name, 'too_large', 'the file is larger than 20 MB.', {
      maxBytes: MAX_DOCUMENT_BYTES,
    });
  }
  const read = /\.docx$/i.test(doc.name)
    ? readDocx
    : /\.(md|markdown)$/i.test(doc.name)
      ? readMarkdown
      : undefined;
  if (!read) {
    throw refused(415, doc.name, 'extension', 'only Word (.docx) and Markdown (.md) files import.');
  }
  try {
    return await documentReading.run(() => read(doc.name, doc.bytes));
  } catch (error) {
    if (!(error instanceof HashingBusyError)) throw error;
    const seconds = BUSY_RETRY_SECONDS;
    throw new ApiError(
      503,
      'imports_busy',
      `Other documents are being read: try again in ${seconds} seconds.`,
      {
        headers: { 'Retry-After': String(seconds) },
        details: { retryAfter: seconds },
      },
    );
  }
}

function blockOf(block: DraftBlock, src: (image: number) => string) {
  switch (block.type) {
    case 'text':
      return block;
    case 'link':
      return { type: 'link', content: block.content, link: block.link };
    case 'image':
      return { type: 'image', src: src(block.image), alt: block.alt };
  }
}

/** The article's content, checked by the model's own schema (a placeholder url until made). */
function contentOf(draft: DocumentDraft, src: (image: number) => string): ArticleContent {
  const parsed = contentSchema.safeParse([
    { type: 'metadatas', url: 'imported', publicTitle: draft.publicTitle },
    ...draft.blocks.map((block) => blockOf(block, src)),
  ]);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw refused(
      422,
      draft.file,
      'content',
      `the document does not fit an article: ${issue?.message}`,
    );
  }
  if (JSON.stringify(parsed.data).length > MAX_ARTICLE_CHARACTERS) {
    throw refused(422, draft.file, 'too_long', 'the document is longer than an article may be.');
  }
  return parsed.data;
}

export function importsService(deps: {
  tree: TreeService;
  uploads: UploadsService;
  blobs: BlobStore;
}) {
  const { storeImages, removeAll } = importImages(deps);

  return {
    async importDocuments(
      museumId: number,
      path: number[],
      documents: readonly IncomingDocument[],
    ): Promise<ImportAnswer> {
      const drafts: DocumentDraft[] = [];
      for (const doc of documents) {
        const draft = await readDocument(doc);
        // Checked before anything is stored: the images' places stand in for their urls.
        contentOf(draft, () => `${MEDIA_PREFIX}0/images/pending.png`);
        drafts.push(draft);
      }
      const urls = await storeImages(museumId, drafts);
      const articles: ArticleDraft[] = drafts.map((draft, i) => ({
        name: nameOf(draft.file),
        content: contentOf(draft, (image) => urls[i]![image]!),
      }));
      try {
        const articleIds = await deps.tree.addArticles(museumId, path, articles);
        const skippedImages = drafts.flatMap((d) =>
          d.skippedImages.map((src) => ({ file: d.file, src })),
        );
        return { articleIds, skippedImages };
      } catch (error) {
        await removeAll(urls.flat());
        throw error;
      }
    },
  };
}

export type ImportsService = ReturnType<typeof importsService>;
