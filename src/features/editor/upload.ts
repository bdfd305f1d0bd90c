/**
 * Uploads from the editor: multipart POST /api/upload/{kind} with the file in a field
 * named after the kind, the article id, and the video id for videos and subtitles (read aloud's
 * sounds too, as `audio`, without a video id). The browser
 * writes the multipart Content-Type itself (with its boundary), so none is set here. Sent with
 * XMLHttpRequest, as fetch cannot tell how much of a request body has gone.
 */

export type UploadKind = 'image' | 'video' | 'subtitles' | 'audio';

/** What each file input accepts. */
export const ACCEPT: Record<UploadKind, string> = {
  image: 'image/*',
  video: 'video/*',
  subtitles: '.vtt,text/vtt',
  // .opus and .m4a: not every system maps them to audio/*.
  audio: 'audio/*,.mp3,.m4a,.aac,.opus,.ogg,.oga,.wav',
};

export type Uploaded = {
  mediaUrl: string;
  videoId: string | null;
  /** The most a visitor downloads for the file (an image's heaviest stored size), if told. */
  visitorBytes: number | null;
};

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

type Options = {
  articleId: number;
  videoId?: string;
  /** How much of the file has gone, from 0 to 1. */
  onProgress?: (sent: number) => void;
};

/** Sends one file. Resolves for every HTTP answer; rejects when the request could not be made. */
export function uploadMedia(
  kind: UploadKind,
  file: File,
  { articleId, videoId, onProgress }: Options,
): Promise<UploadResult> {
  const form = new FormData();
  form.append(kind, file);
  form.append('articleId', String(articleId));
  if ((kind === 'video' || kind === 'subtitles') && videoId) form.append('videoId', videoId);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/upload/${kind}`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => resolve(resultOf(request.status, request.responseText));
    request.onerror = () => reject(new Error('The upload could not be sent.'));
    request.onabort = () => reject(new Error('The upload was stopped.'));
    request.send(form);
  });
}

function resultOf(status: number, text: string): UploadResult {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's page): the status alone speaks.
  }
  if (status >= 200 && status < 300) {
    const answer = body as Partial<Uploaded> | null;
    if (typeof answer?.mediaUrl === 'string') {
      const id = typeof answer.videoId === 'string' ? answer.videoId : null;
      const bytes = typeof answer.visitorBytes === 'number' ? answer.visitorBytes : null;
      return {
        ok: true,
        uploaded: { mediaUrl: answer.mediaUrl, videoId: id, visitorBytes: bytes },
      };
    }
  }
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return {
    ok: false,
    status,
    code: typeof error?.code === 'string' ? error.code : undefined,
    message: typeof error?.message === 'string' ? error.message : undefined,
    body,
  };
}

let limits: Promise<Partial<Record<UploadKind, number>>> | undefined;

/**
 * The largest file of each kind the server takes (GET /api/upload/limits), asked once per page.
 * Unknown (an older server, no network) is no limit here: the server still says 413.
 */
export function uploadLimits(): Promise<Partial<Record<UploadKind, number>>> {
  limits ??= fetch('/api/upload/limits', {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  })
    .then((res) => (res.ok ? (res.json() as Promise<Partial<Record<UploadKind, number>>>) : {}))
    .catch(() => {
      limits = undefined;
      return {};
    });
  return limits;
}
