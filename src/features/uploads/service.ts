import { customAlphabet } from 'nanoid';
import type { BlobStore, ByteRange } from '../../server/blobs.ts';
import { ApiError, notFound } from '../../server/http/errors.ts';
import { MEDIA_PREFIX } from '../articles/content.ts';
import { detectUpload } from './detect.ts';
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

/** Blob keys of media: media/{museum}/{kind folder}/{name}.{ext}; the URL is /media/ + the rest. */
const MEDIA_KEY =
  /^(\d{1,10})\/(images|videos|subtitles|audio)\/([A-Za-z0-9]{1,32}(?:-[A-Za-z0-9]{1,32})?)\.([a-z0-9]{2,4})$/;

export const usesVideoId = (kind: UploadKind) => kind === 'video' || kind === 'subtitles';

export function uploadsService(blobs: BlobStore) {
  return {
    async store(upload: Upload): Promise<Uploaded> {
      if (upload.bytes.byteLength === 0) {
        throw new ApiError(422, 'empty_file', 'The file is empty.');
      }
      const ext = await detectUpload(upload.kind, upload.bytes);
      // A video and its subtitles share a video id; images and sounds stand alone.
      const videoId = usesVideoId(upload.kind) ? (upload.videoId ?? newVideoId()) : null;
      const name = videoId ? `${videoId}-${fileId()}` : fileId();
      const path = `${upload.museumId}/${KIND_FOLDERS[upload.kind]}/${name}.${ext}`;
      await blobs.setBytes(`media/${path}`, upload.bytes);
      return { mediaUrl: `${MEDIA_PREFIX}${path}`, videoId };
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

export type UploadsService = ReturnType<typeof uploadsService>;
