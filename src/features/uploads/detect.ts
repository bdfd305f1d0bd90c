import { fileTypeFromBuffer } from 'file-type';
import webvtt from 'webvtt-parser';
import { ApiError } from '../../server/http/errors.ts';
import {
  AUDIO_EXTENSIONS,
  AUDIO_TYPES,
  IMAGE_TYPES,
  VIDEO_TYPES,
  type UploadKind,
} from './kinds.ts';

/** `reason` lets the interface say it in the curator's language (src/ui/apiErrors.ts). */
const unsupported = (reason: string, message: string) =>
  new ApiError(415, 'unsupported_type', message, { details: { reason } });

/**
 * The extension to store an upload under, from what its bytes are. Throws 415 for a file of
 * another kind and 422 for subtitles that are not valid WebVTT.
 */
export async function detectUpload(kind: UploadKind, bytes: Uint8Array): Promise<string> {
  if (kind === 'subtitles') {
    checkWebVtt(bytes);
    return 'vtt';
  }
  const found = await fileTypeFromBuffer(bytes);
  if (kind === 'audio') {
    const ext = found && AUDIO_EXTENSIONS.has(found.ext) ? AUDIO_TYPES[found.mime] : undefined;
    if (ext) return ext;
    throw unsupported(
      'audio',
      'This file is not a sound Legenda accepts: use MP3, M4A (AAC), Ogg (Opus) or WAV.',
    );
  }
  const table = kind === 'image' ? IMAGE_TYPES : VIDEO_TYPES;
  const ext = found ? table[found.mime] : undefined;
  if (ext) return ext;
  if (kind === 'image') {
    if (found?.mime === 'image/heic' || found?.mime === 'image/heif') {
      throw unsupported(
        'heic',
        'HEIC photos are not accepted: use JPEG, PNG, WebP, AVIF or GIF (a phone can save its photos as JPEG).',
      );
    }
    throw looksLikeSvg(bytes)
      ? unsupported(
          'svg',
          'SVG images are not accepted, as they can carry scripts. Export the image as PNG.',
        )
      : unsupported(
          'image',
          'This file is not an image Legenda accepts: use JPEG, PNG, WebP, AVIF or GIF.',
        );
  }
  throw found?.mime === 'video/quicktime'
    ? unsupported(
        'quicktime',
        'QuickTime (.mov) videos do not play on every phone. Export the video as MP4.',
      )
    : unsupported('video', 'This file is not a video Legenda accepts: use MP4, WebM or Ogg.');
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 1024)).toLowerCase();
  return head.includes('<svg');
}

const { WebVTTParser } = webvtt;

/**
 * Tags (`<i>`, `<b>`, `<c.class>`, `<v Name>`…) the cues of one file may hold together: the
 * parser keeps about 2 KB for each and recurses into nested ones, so 512 KB of `<b>` overflowed
 * its stack (a 500) and a flat flood took 124 MB; a film's subtitles hold a few hundred.
 */
export const MAX_SUBTITLE_TAGS = 10_000;

/** The cues' tags, counted before anything is parsed. */
function tagsOf(text: string): number {
  let tags = 0;
  for (let at = text.indexOf('<'); at >= 0; at = text.indexOf('<', at + 1)) tags++;
  return tags;
}

/** Subtitles must be UTF-8 text that parses as WebVTT with at least one cue. */
export function checkWebVtt(bytes: Uint8Array): void {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw unsupported('encoding', 'Subtitles must be a WebVTT (.vtt) text file in UTF-8.');
  }
  const invalid = (details: { reason: string; line?: number; max?: number }, detail: string) =>
    new ApiError(422, 'invalid_subtitles', `These subtitles are not valid WebVTT: ${detail}`, {
      details,
    });
  if (!/^\uFEFF?WEBVTT(?:[ \t]|\r?\n|\r|$)/.test(text)) {
    throw invalid(
      { reason: 'header' },
      'the file must start with "WEBVTT". Subtitles in SRT must be converted first.',
    );
  }
  const tooComplex = () =>
    invalid(
      { reason: 'too_complex', max: MAX_SUBTITLE_TAGS },
      `the cues hold more than ${MAX_SUBTITLE_TAGS} tags or nest them too deeply.`,
    );
  if (tagsOf(text) > MAX_SUBTITLE_TAGS) throw tooComplex();
  let tree: ReturnType<InstanceType<typeof WebVTTParser>['parse']>;
  try {
    tree = new WebVTTParser().parse(text, 'subtitles');
  } catch (error) {
    // Tags nested thousands deep exhaust the parser's stack: the file's fault, not the server's.
    if (error instanceof RangeError) throw tooComplex();
    throw error;
  }
  const error = tree.errors[0];
  if (error) {
    throw invalid({ reason: 'line', line: error.line }, `line ${error.line}: ${error.message}`);
  }
  if (tree.cues.length === 0) throw invalid({ reason: 'empty' }, 'it holds no subtitle cue.');
}
