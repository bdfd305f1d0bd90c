/**
 * What curators may upload. Types are judged by the bytes, never by the
 * file name or the browser's claim. SVG is refused: it is a document that can carry scripts, and
 * served from our origin it could act on a signed-in curator's behalf; PNG, JPEG, WebP, AVIF and
 * GIF cover photographs and drawings.
 */
export const UPLOAD_KINDS = ['image', 'video', 'subtitles', 'audio'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const isUploadKind = (kind: string): kind is UploadKind =>
  (UPLOAD_KINDS as readonly string[]).includes(kind);

export const MAX_SUBTITLES_BYTES = 512 * 1024;

/** Detected MIME type → the extension the stored file gets. */
export const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
};

/** Formats every current browser plays; QuickTime (.mov) is not among them on Android. */
export const VIDEO_TYPES: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/x-m4v': 'm4v',
  'video/webm': 'webm',
  'video/ogg': 'ogv',
};

/**
 * Sound (read aloud): MP3, AAC (in MP4 as .m4a, or bare ADTS), Ogg Opus and Ogg Vorbis, WAV; every
 * current browser plays them in <audio>. An MP4 of another brand than M4A (what some phones'
 * recorders write, 'isom' or 'mp42') is taken as .m4a too: <audio> plays its sound. MP3's
 * cousins MP1 and MP2, Speex and FLAC in Ogg are refused: not every browser plays them.
 */
export const AUDIO_TYPES: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/x-m4a': 'm4a',
  'audio/mp4': 'm4a',
  'video/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/ogg; codecs=opus': 'opus',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
};
/** The detected extensions within those types that we take (file-type's `ext`). */
export const AUDIO_EXTENSIONS: ReadonlySet<string> = new Set([
  'mp3',
  'm4a',
  'm4b',
  'f4a',
  'f4b',
  'mp4',
  'aac',
  'opus',
  'ogg',
  'wav',
]);

/** Extension of a stored file → the Content-Type it is served with. */
export const SERVED_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  vtt: 'text/vtt; charset=utf-8',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  opus: 'audio/ogg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
};

/** The folder of each kind under a museum's media. */
export const KIND_FOLDERS: Record<UploadKind, string> = {
  image: 'images',
  video: 'videos',
  subtitles: 'subtitles',
  audio: 'audio',
};

/**
 * A media file's name under its kind's folder, as uploads make them ({id}.{ext}, an image's
 * smaller sizes with their width before the extension) and as a museum's restore takes them
 * (letters, digits, `_` and `-`): the purge must recognise every name a restore may write, or it
 * would remove a file an article names.
 */
export const MEDIA_FILE_NAME = '[A-Za-z0-9][A-Za-z0-9_-]{0,95}(?:\\.\\d{1,5})?\\.[a-z0-9]{2,4}';
