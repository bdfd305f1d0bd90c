import type { z } from 'zod';
import { ApiError } from '../../server/http/errors.ts';
import { MAX_SUBTITLES_BYTES } from '../uploads/kinds.ts';
import {
  DATA_FILES,
  FORMAT,
  FORMAT_VERSION,
  MAX_DATA_BYTES,
  MAX_ENTRIES,
  MAX_UNPACKED_BYTES,
  MEDIA_ENTRY,
  articlesSchema,
  circuitsSchema,
  foldersSchema,
  glossarySchema,
  manifestSchema,
  qrcodesSchema,
  settingsSchema,
  translationsSchema,
  type DataPart,
  type MediaFolder,
} from './format.ts';
import { listEntries, looksLikeZip, readEntry, type ZipEntry } from './zip-read.ts';

/** The largest media file of each kind a restore takes, as uploads bound them. */
export interface MediaLimits {
  images: number;
  videos: number;
  subtitles: number;
  audio: number;
}

export const mediaLimits = (max: { video: number; audio: number; image: number }): MediaLimits => ({
  images: max.image,
  videos: max.video,
  subtitles: MAX_SUBTITLES_BYTES,
  audio: max.audio,
});

/** A restore's input read and checked in shape: its data, and where each media file is. */
export interface Archive {
  manifest: z.infer<typeof manifestSchema>;
  settings: z.infer<typeof settingsSchema>;
  folders: z.infer<typeof foldersSchema>;
  articles: z.infer<typeof articlesSchema>;
  translations: z.infer<typeof translationsSchema>;
  glossary: z.infer<typeof glossarySchema>;
  circuits: z.infer<typeof circuitsSchema>;
  qrcodes: z.infer<typeof qrcodesSchema>;
  media: { folder: MediaFolder; file: string; entry: ZipEntry }[];
  /** The archive's bytes, from which media entries are read one at a time. */
  bytes: Uint8Array;
}

export const invalidArchive = (reason: string, message: string, extra: object = {}) =>
  new ApiError(422, 'invalid_archive', message, { details: { reason, ...extra } });

const SCHEMAS = {
  manifest: manifestSchema,
  settings: settingsSchema,
  folders: foldersSchema,
  articles: articlesSchema,
  translations: translationsSchema,
  glossary: glossarySchema,
  circuits: circuitsSchema,
  qrcodes: qrcodesSchema,
} as const;

const DATA_NAMES = new Map<string, DataPart>(
  Object.entries(DATA_FILES).map(([part, file]) => [file, part as DataPart]),
);

/** Refuses a name that is not one the export writes: nothing can point outside the archive. */
function place(entry: ZipEntry, limits: MediaLimits) {
  const part = DATA_NAMES.get(entry.name);
  if (part) {
    if (entry.size > MAX_DATA_BYTES)
      throw invalidArchive('too_large', `${entry.name} is too large.`);
    return { part };
  }
  const media = MEDIA_ENTRY.exec(entry.name);
  if (media) {
    const folder = media[1] as MediaFolder;
    if (entry.size > limits[folder]) {
      throw invalidArchive('too_large', `${entry.name} is larger than Legenda takes for its kind.`);
    }
    return { media: { folder, file: media[2]!, entry } };
  }
  throw invalidArchive(
    'unexpected_file',
    `The archive holds a file a Legenda export does not: ${JSON.stringify(entry.name.slice(0, 200))}.`,
    { file: entry.name.slice(0, 200) },
  );
}

function parseJson(bytes: Uint8Array, name: string): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw invalidArchive('invalid_json', `${name} is not readable JSON.`, { file: name });
  }
}

function checked<P extends DataPart>(part: P, value: unknown): z.infer<(typeof SCHEMAS)[P]> {
  const result = SCHEMAS[part].safeParse(value);
  if (result.success) return result.data as z.infer<(typeof SCHEMAS)[P]>;
  const issue = result.error.issues[0];
  const where = issue ? issue.path.join('.') : '';
  throw invalidArchive(
    'invalid_data',
    `${DATA_FILES[part]} is not what a Legenda export holds${where ? ` (at ${where})` : ''}: ${issue?.message ?? ''}`,
    { file: DATA_FILES[part], path: where },
  );
}

function checkManifest(value: unknown) {
  const shape = value as { format?: unknown; version?: unknown } | null;
  if (typeof shape !== 'object' || shape === null || shape.format !== FORMAT) {
    throw invalidArchive('not_export', 'This archive is not a Legenda museum export.');
  }
  if (shape.version !== FORMAT_VERSION) {
    throw invalidArchive(
      'version',
      `This export is of format version ${String(shape.version)}; this Legenda reads version ${FORMAT_VERSION}.`,
      { version: shape.version },
    );
  }
  return checked('manifest', value);
}

/**
 * Reads an uploaded archive: its list of files (every name one the export writes, sizes within
 * bounds, all of them together too), then each data file, checked against its schema. Media
 * files are only located here; they are read one at a time when written.
 */
export function readArchive(bytes: Uint8Array, limits: MediaLimits): Archive {
  if (!looksLikeZip(bytes)) throw invalidArchive('not_zip', 'This file is not a zip archive.');
  const entries = listEntries(bytes, MAX_ENTRIES).filter(
    (entry) => !entry.name.endsWith('/') || entry.size > 0,
  );
  const seen = new Set<string>();
  const data = new Map<DataPart, ZipEntry>();
  const media: Archive['media'] = [];
  let total = 0;
  for (const entry of entries) {
    if (seen.has(entry.name))
      throw invalidArchive('duplicate', `${entry.name} is in the archive twice.`);
    seen.add(entry.name);
    total += entry.size;
    const found = place(entry, limits);
    if (found.part) data.set(found.part, entry);
    else media.push(found.media);
  }
  if (total > MAX_UNPACKED_BYTES) {
    throw invalidArchive('too_large', 'The archive unpacks to more than Legenda takes at once.');
  }
  const read = <P extends DataPart>(part: P) => {
    const entry = data.get(part);
    if (!entry) {
      throw invalidArchive(
        'missing',
        `The archive has no ${DATA_FILES[part]}: it is not a whole Legenda export.`,
        {
          file: DATA_FILES[part],
        },
      );
    }
    return parseJson(readEntry(bytes, entry), entry.name);
  };
  const manifest = checkManifest(read('manifest'));
  return {
    manifest,
    settings: checked('settings', read('settings')),
    folders: checked('folders', read('folders')),
    articles: checked('articles', read('articles')),
    translations: checked('translations', read('translations')),
    glossary: checked('glossary', read('glossary')),
    circuits: checked('circuits', read('circuits')),
    qrcodes: checked('qrcodes', read('qrcodes')),
    media,
    bytes,
  };
}
