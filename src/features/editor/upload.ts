/**
 * Uploads from the editor: multipart POST /api/upload/{kind} with the file in a field
 * named after the kind, the article id, and the video id for videos and subtitles (read aloud's
 * sounds too, as `audio`, without a video id). The browser
 * writes the multipart Content-Type itself (with its boundary), so none is set here.
 */

export type UploadKind = 'image' | 'video' | 'subtitles' | 'audio';

/** Images over 200 KB are refused before they are sent. */
export const MAX_IMAGE_BYTES = 200 * 1024;

/** What each file input accepts. */
export const ACCEPT: Record<UploadKind, string> = {
  image: 'image/*',
  video: 'video/*',
  subtitles: '.vtt,text/vtt',
  // .opus and .m4a: not every system maps them to audio/*.
  audio: 'audio/*,.mp3,.m4a,.aac,.opus,.ogg,.oga,.wav',
};

export type Uploaded = { mediaUrl: string; videoId: string | null };

export type UploadResult =
  | { ok: true; uploaded: Uploaded }
  | {
      ok: false;
      status: number;
      code: string | undefined;
      message: string | undefined;
      /** The answer's JSON body, for its translated message (src/ui/apiErrors.ts). */
      body: unknown;
    };

type Options = { articleId: number; videoId?: string };

/** Sends one file. Resolves for every HTTP answer; rejects when the request could not be made. */
export async function uploadMedia(
  kind: UploadKind,
  file: File,
  { articleId, videoId }: Options,
): Promise<UploadResult> {
  const form = new FormData();
  form.append(kind, file);
  form.append('articleId', String(articleId));
  if ((kind === 'video' || kind === 'subtitles') && videoId) form.append('videoId', videoId);
  const response = await fetch(`/api/upload/${kind}`, {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const answer = body as Partial<Uploaded> | null;
    if (typeof answer?.mediaUrl === 'string') {
      const id = typeof answer.videoId === 'string' ? answer.videoId : null;
      return { ok: true, uploaded: { mediaUrl: answer.mediaUrl, videoId: id } };
    }
  }
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return {
    ok: false,
    status: response.status,
    code: typeof error?.code === 'string' ? error.code : undefined,
    message: typeof error?.message === 'string' ? error.message : undefined,
    body,
  };
}
