import type { z } from 'zod';
import { MAX_SUBTITLES_BYTES } from '../uploads/kinds.ts';
import { readList, readSmallJson } from './data-read.ts';
import { invalidArchive } from './errors.ts';
import {
  DATA_FILES,
  FORMAT,
  FORMAT_VERSION,
  MAX_DATA_BYTES,
  MAX_ENTRIES,
  MAX_ITEM_BYTES,
  MAX_SMALL_FILE_BYTES,
  MAX_UNPACKED_BYTES,
  MEDIA_ENTRY,
  listBound,
  manifestSchema,
  settingsSchema,
  type DataPart,
  type ListPart,
  type MediaFolder,
} from './format.ts';
import { checkedEntry, entryChecks, type ArticleItem } from './items.ts';
import { listEntries, looksLikeZip, type ZipEntry } from '../../server/zip/read.ts';
import type { ZipSource } from '../../server/zip/source.ts';

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

type Checks = ReturnType<typeof entryChecks>;

/** A restore's input read and checked in shape: its data, and where each media file is. */
export interface Archive {
  manifest: z.infer<typeof manifestSchema>;
  settings: z.infer<typeof settingsSchema>;
  folders: ReturnType<Checks['folders']>[];
  articles: ArticleItem[];
  translations: ReturnType<Checks['translations']>[];
  glossary: ReturnType<Checks['glossary']>[];
  circuits: ReturnType<Checks['circuits']>[];
  qrcodes: ReturnType<Checks['qrcodes']>[];
  media: { folder: MediaFolder; file: string; entry: ZipEntry }[];
  /** Where the archive is, from which media entries are read one at a time. */
  source: ZipSource;
}

const DATA_NAMES = new Map<string, DataPart>(
  Object.entries(DATA_FILES).map(([part, file]) => [file, part as DataPart]),
);

/** Refuses a name that is not one the export writes: nothing can point outside the archive. */
function place(entry: ZipEntry, limits: MediaLimits) {
  const part = DATA_NAMES.get(entry.name);
  if (part) {
    const small = part === 'manifest' || part === 'settings';
    if (entry.size > (small ? MAX_SMALL_FILE_BYTES : MAX_DATA_BYTES))
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
  return checkedEntry(manifestSchema, DATA_FILES.manifest, value);
}

/** The archive's list of files: every name one the export writes, sizes within bounds. */
async function layout(source: ZipSource, limits: MediaLimits) {
  if (!(await looksLikeZip(source)))
    throw invalidArchive('not_zip', 'This file is not a zip archive.');
  const entries = (await listEntries(source, MAX_ENTRIES)).filter(
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
  const entryOf = (part: DataPart) => {
    const entry = data.get(part);
    if (entry) return entry;
    throw invalidArchive(
      'missing',
      `The archive has no ${DATA_FILES[part]}: it is not a whole Legenda export.`,
      { file: DATA_FILES[part] },
    );
  };
  return { entryOf, media };
}

const overManifest = (file: string, count: number) =>
  invalidArchive(
    'over_manifest',
    `${file} holds more than the ${count} entries its manifest lists.`,
    { file, count },
  );

/**
 * Reads an uploaded archive: its list of files (every name one the export writes, sizes within
 * bounds, all of them together too), its manifest, then each list within what the manifest
 * counts (docs/adr/0036): a file larger than its count's entries can be is refused before it is
 * unpacked, and each list is parsed an entry at a time, each checked as it ends. Media files are
 * only located here; they are read one at a time when written. `museumId`: the museum restored
 * into, whose prefix the articles' media addresses take.
 */
export async function readArchive(
  source: ZipSource,
  limits: MediaLimits,
  museumId: number,
): Promise<Archive> {
  const { entryOf, media } = await layout(source, limits);
  const manifest = checkManifest(await readSmallJson(source, entryOf('manifest')));
  const { counts } = manifest;
  if (media.length > counts.media) throw overManifest('media/', counts.media);
  const checks = entryChecks({ from: manifest.mediaPrefix, to: `/media/${museumId}/` });
  const list = async <P extends ListPart>(part: P) => {
    const entry = entryOf(part);
    if (entry.size > listBound(part, counts[part])) throw overManifest(entry.name, counts[part]);
    const check = checks[part] as (value: unknown, index: number) => ReturnType<Checks[P]>;
    return readList(source, entry, {
      maxItems: counts[part],
      maxItemBytes: MAX_ITEM_BYTES[part],
      check,
    });
  };
  const settings = await readSmallJson(source, entryOf('settings'));
  return {
    manifest,
    settings: checkedEntry(settingsSchema, DATA_FILES.settings, settings),
    folders: await list('folders'),
    articles: await list('articles'),
    translations: await list('translations'),
    glossary: await list('glossary'),
    circuits: await list('circuits'),
    qrcodes: await list('qrcodes'),
    media,
    source,
  };
}
