import { customAlphabet } from 'nanoid';
import type { BlobStore, ByteRange } from '../../server/blobs/store.ts';
import { ApiError, notFound } from '../../server/http/errors.ts';
import { MEDIA_PREFIX } from '../articles/content-fields.ts';
import { sizedStem } from '../articles/image-sizes.ts';
import { detectUpload } from './detect.ts';
import { MAX_VISITOR_IMAGE_BYTES, processImage } from './images.ts';
import { KIND_FOLDERS, SERVED_TYPES, type UploadKind } from './kinds.ts';

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A video id is 6 random alphanumeric characters. */
export const newVideoId = customAlphabet(ALPHANUMERIC, 6);
/** Stored names are made here and never reused, so a URL always names the same bytes. */
const fileId = customAlphabet(ALPHANUMERIC, 16);

export interface Upload {
  kind: UploadKind;
  museumId: number;
  bytes: Uint8Array;
  /** Already checked: an article of this museum, when the upload names one. */
  articleId: number | undefined;
  videoId: string | undefined;
}

export interface Uploaded {
  mediaUrl: string;
  videoId: string | null;
  /** The most a visitor downloads for it: an image's heaviest stored file, else the file. */
  visitorBytes: number;
}

export interface Media {
  contentType: string;
  /** The whole file's size in bytes. */
  size: number;
  /**
   * The file's bytes, all or `range`, streamed from the store as they are sent: a byte range
   * of a large video reads that range, not the video.
   */
  open(range?: ByteRange): Promise<ReadableStream<Uint8Array>>;
}

/**
 * Blob keys of media: media/{museum}/{kind folder}/{name}.{ext}, a processed image's smaller
 * files with their width before the extension ({name}.480.webp, articles/image-sizes.ts); the
 * URL is /media/ + the rest.
 */
const MEDIA_KEY =
  /^(\d{1,10})\/(images|videos|subtitles|audio)\/([A-Za-z0-9]{1,32}(?:-[A-Za-z0-9]{1,32})?)(?:\.\d{1,5})?\.([a-z0-9]{2,4})$/;

export const usesVideoId = (kind: UploadKind) => kind === 'video' || kind === 'subtitles';

export function uploadsService(blobs: BlobStore) {
  /** Every file of a processed image, the fallback's (the one URL an article keeps) last. */
  async function storeProcessed(folder: string, bytes: Uint8Array): Promise<Uploaded> {
    const image = await processImage(bytes);
    const stem = sizedStem(fileId(), image.width, image.height);
    const main = `${stem}.${image.ext}`;
    const named = image.files.map((file) => ({
      name:
        file.format !== 'webp' && file.width === image.width
          ? main
          : `${stem}.${file.width}.${file.format}`,
      bytes: file.bytes,
    }));
    // The fallback, the one URL an article keeps, is written last: an editor holding a URL
    // always finds its smaller files.
    named.sort((a, b) => Number(a.name === main) - Number(b.name === main));
    for (const file of named) await blobs.setBytes(`media/${folder}/${file.name}`, file.bytes);
    return {
      mediaUrl: `${MEDIA_PREFIX}${folder}/${main}`,
      videoId: null,
      visitorBytes: Math.max(...named.map((file) => file.bytes.byteLength)),
    };
  }

  return {
    async store(upload: Upload): Promise<Uploaded> {
      if (upload.bytes.byteLength === 0) {
        throw new ApiError(422, 'empty_file', 'The file is empty.');
      }
      const ext = await detectUpload(upload.kind, upload.bytes);
      const folder = `${upload.museumId}/${KIND_FOLDERS[upload.kind]}`;
      if (upload.kind === 'image' && !keptAsItCame(ext, upload.bytes)) {
        return storeProcessed(folder, upload.bytes);
      }
      // A video and its subtitles share a video id; images and sounds stand alone.
      const videoId = usesVideoId(upload.kind) ? (upload.videoId ?? newVideoId()) : null;
      const name = videoId ? `${videoId}-${fileId()}` : fileId();
      const path = `${folder}/${name}.${ext}`;
      await blobs.setBytes(`media/${path}`, upload.bytes);
      return { mediaUrl: `${MEDIA_PREFIX}${path}`, videoId, visitorBytes: upload.bytes.byteLength };
    },

    /** An image of a museum, processed like an upload (documents brought in use it). */
    async storeImage(museumId: number, bytes: Uint8Array): Promise<Uploaded> {
      return this.store({
        kind: 'image',
        museumId,
        bytes,
        articleId: undefined,
        videoId: undefined,
      });
    },

    /** A stored file by the path after /media/ (its size, not its bytes); else not found. */
    async find(path: string): Promise<Media> {
      const match = MEDIA_KEY.exec(path);
      const contentType = match ? SERVED_TYPES[match[4]!] : undefined;
      if (!contentType) throw notFound('No such file.');
      const key = `media/${path}`;
      const size = await blobs.size(key);
      if (size === undefined) throw notFound('No such file.');
      return {
        contentType,
        size,
        async open(range) {
          const stream = await blobs.getStream(key, range);
          if (!stream) throw notFound('No such file.');
          return stream;
        },
      };
    },
  };
}

/**
 * A GIF light enough is stored as it came, so its animation plays; a heavier one becomes a
 * still of its first frame, processed like a photo (an animation cannot be held under the
 * visitor's limit at every width).
 */
const keptAsItCame = (ext: string, bytes: Uint8Array) =>
  ext === 'gif' && bytes.byteLength <= MAX_VISITOR_IMAGE_BYTES;

export type UploadsService = ReturnType<typeof uploadsService>;
