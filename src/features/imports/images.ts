import type { BlobStore } from '../../server/blobs/store.ts';
import { ApiError } from '../../server/http/errors.ts';
import { MEDIA_PREFIX } from '../articles/content-fields.ts';
import type { UploadsService } from '../uploads/service.ts';
import { refused, type DocumentDraft } from './blocks.ts';

/**
 * The images of an import, stored through the uploads (checked and processed like any image a
 * curator uploads), and removed again when the import fails.
 */
export function importImages(deps: { uploads: UploadsService; blobs: BlobStore }) {
  /** Stores every image of every draft; on a refusal, what was stored goes again. */
  async function storeImages(museumId: number, drafts: DocumentDraft[]): Promise<string[][]> {
    const stored: string[] = [];
    try {
      const urls: string[][] = [];
      for (const draft of drafts) {
        const mine: string[] = [];
        for (const [index, image] of draft.images.entries()) {
          mine.push(await storeOne(museumId, draft.file, index, image.bytes));
          stored.push(mine.at(-1)!);
        }
        urls.push(mine);
      }
      return urls;
    } catch (error) {
      await removeAll(stored);
      throw error;
    }
  }

  async function storeOne(museumId: number, file: string, index: number, bytes: Uint8Array) {
    try {
      const upload = {
        kind: 'image' as const,
        museumId,
        bytes,
        articleId: undefined,
        videoId: undefined,
      };
      return (await deps.uploads.store(upload)).mediaUrl;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const why = (error.details as { reason?: unknown } | undefined)?.reason;
      throw refused(422, file, 'image', `image ${index + 1} was refused: ${error.message}`, {
        image: index + 1,
        imageReason: typeof why === 'string' ? why : error.code,
      });
    }
  }

  /**
   * Removes stored images with every file stored for each (an image may be kept in several
   * sizes beside the one its url names: `{name}.{width}.{format}`).
   */
  async function removeAll(mediaUrls: readonly string[]) {
    for (const url of mediaUrls) {
      const key = `media/${url.slice(MEDIA_PREFIX.length)}`;
      const stem = key.replace(/\.[a-z0-9]+$/, '');
      const folder = key.slice(0, key.lastIndexOf('/'));
      // Listed relative to the folder.
      for (const name of await deps.blobs.list(folder)) {
        const other = `${folder}/${name}`;
        if (other.startsWith(`${stem}.`)) await deps.blobs.remove(other);
      }
      await deps.blobs.remove(key);
    }
  }

  return { storeImages, removeAll };
}
