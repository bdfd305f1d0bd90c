import { Hono } from 'hono';
import { museum, type StaffEnv } from '../../server/context.ts';
import { ApiError, notFound } from '../../server/http/errors.ts';
import { readUpload } from '../../server/http/upload.ts';
import { VIDEO_ID } from '../articles/content-fields.ts';
import type { EditorService } from '../editor/service.ts';
import { itemId } from '../articles/ids.ts';
import { isUploadKind, MAX_SUBTITLES_BYTES, type UploadKind } from './kinds.ts';
import { usesVideoId, type UploadsService } from './service.ts';

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

function tooLarge(kind: UploadKind, max: number) {
  const limit = max < 1024 * 1024 ? `${max / 1024} KB` : megabytes(max);
  const what = { image: 'Image', video: 'Video', subtitles: 'Subtitles', audio: 'Sound' }[kind];
  return new ApiError(413, 'payload_too_large', `${what} files may be at most ${limit}.`, {
    details: { maxBytes: max },
  });
}

export interface UploadLimits {
  maxImageBytes: number;
  maxVideoBytes: number;
  maxAudioBytes: number;
}

/**
 * POST /api/upload/{image|video|subtitles|audio}: multipart, the file in a
 * field named after its kind, with articleId (and videoId for videos and subtitles). Answers
 * {mediaUrl, videoId, visitorBytes} (videoId null but for videos and subtitles; visitorBytes
 * the most a visitor downloads for the file). GET /api/upload/limits: the largest file of each
 * kind, so the editor scales a photo down before sending what would be refused.
 */
export function uploadRoutes(uploads: UploadsService, editor: EditorService, limits: UploadLimits) {
  const app = new Hono<StaffEnv>();
  const maxFor = (kind: UploadKind) =>
    ({
      image: limits.maxImageBytes,
      video: limits.maxVideoBytes,
      subtitles: MAX_SUBTITLES_BYTES,
      audio: limits.maxAudioBytes,
    })[kind];

  app.get('/upload/limits', (c) =>
    c.json({
      image: limits.maxImageBytes,
      video: limits.maxVideoBytes,
      subtitles: MAX_SUBTITLES_BYTES,
      audio: limits.maxAudioBytes,
    }),
  );

  app.post('/upload/:kind', async (c) => {
    const kind = c.req.param('kind');
    if (!isUploadKind(kind)) throw notFound('Uploads are image, video, subtitles or audio.');
    const max = maxFor(kind);
    const { file, form } = await readUpload(c, kind, max, {
      sendAs: 'Send the file as multipart/form-data.',
      tooLarge: () => tooLarge(kind, max),
      missing: () =>
        new ApiError(422, 'invalid_body', `Send the file in a form field named "${kind}".`),
    });
    const museumId = museum(c);

    const articleField = form.get('articleId');
    let articleId: number | undefined;
    if (articleField !== null && articleField !== '') {
      const parsed = itemId.safeParse(articleField);
      if (!parsed.success) throw new ApiError(422, 'invalid_body', 'articleId must be an id.');
      articleId = parsed.data;
      await articleOf(editor, museumId, articleId);
    } else if (kind !== 'image') {
      throw new ApiError(422, 'invalid_body', `This ${kind} upload needs the articleId field.`);
    }

    const videoField = form.get('videoId');
    let videoId: string | undefined;
    if (usesVideoId(kind) && videoField !== null && videoField !== '') {
      if (typeof videoField !== 'string' || !VIDEO_ID.test(videoField)) {
        throw new ApiError(422, 'invalid_body', 'videoId must be 6 letters or digits.');
      }
      videoId = videoField;
    }

    const bytes = new Uint8Array(await file.arrayBuffer());
    return c.json(await uploads.store({ kind, museumId, bytes, articleId, videoId }));
  });

  return app;
}

/**
 * The article an upload names must be this museum's: otherwise 404 (never a word of another
 * museum's), with a reason the editor turns into its own sentence (src/ui/apiErrors.ts).
 */
async function articleOf(editor: EditorService, museumId: number, articleId: number) {
  try {
    await editor.read(museumId, articleId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw new ApiError(
        404,
        'not_found',
        'No such article in your museum: the file was not stored.',
        { details: { reason: 'article' } },
      );
    }
    throw error;
  }
}
