import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import type { BlobStore } from '../../server/blobs/store.ts';
import { notFound } from '../../server/http/errors.ts';
import { DATA_FILES, FORMAT, FORMAT_VERSION, MEDIA_ENTRY, type Manifest } from './format.ts';
import { isNamed, namedIn } from '../uploads/named.ts';
import type { TransferRepo } from './repo.ts';

/** What the export route sends: a name to save under, and the zip as it is made. */
export interface MuseumExport {
  filename: string;
  body: ReadableStream<Uint8Array>;
}

/** Bytes the zip may hold ready before the reader takes them: one blob chunk's worth, twice. */
const HIGH_WATER = 256 * 1024;

/** 'Musée des Beaux-Arts' → 'musee-des-beaux-arts': a file name any system keeps. */
export function safeName(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return plain || 'museum';
}

/** The folders' names from the root to each folder, for a person reading the archive. */
function folderPaths(rows: { id: number; parentId: number | null; name: string }[]) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const paths = new Map<number, string[]>();
  const pathOf = (id: number, seen = new Set<number>()): string[] => {
    const known = paths.get(id);
    if (known) return known;
    const row = byId.get(id);
    if (!row || seen.has(id)) return [];
    seen.add(id);
    const path = [...(row.parentId === null ? [] : pathOf(row.parentId, seen)), row.name];
    paths.set(id, path);
    return path;
  };
  return (folderId: number | null) => (folderId === null ? [] : pathOf(folderId));
}

/**
 * The files the export names: those of the articles' content, the version visitors read, which
 * is what the export holds (drafts and past revisions stay behind). Circuits and settings name
 * no file, nor do translations and the glossary, which are texts.
 */
function namedMedia(articles: readonly { content: unknown }[]): Set<string> {
  const named = new Set<string>();
  for (const article of articles) namedIn(JSON.stringify(article.content), named);
  return named;
}

/** Everything but the media files, read before the answer starts (a failure is a clean error). */
async function readData(repo: TransferRepo, blobs: BlobStore, museumId: number, now: Date) {
  const museum = await repo.museum(museumId);
  if (!museum) throw notFound('No such museum.');
  const [folders, articleRows, translations, glossary, circuits, qrcodes, keys] = await Promise.all(
    [
      repo.folders(museumId),
      repo.articles(museumId),
      repo.translations(museumId),
      repo.glossary(museumId),
      repo.circuits(museumId),
      repo.qrcodes(museumId),
      blobs.list(`media/${museumId}`),
    ],
  );
  const pathOf = folderPaths(folders);
  const articles = articleRows.map((row) => ({ ...row, folderPath: pathOf(row.folderId) }));
  const named = namedMedia(articleRows);
  // Only what a restore takes back (the kinds' folders, plain file names) and what the
  // exported articles name: an upload left unsaved in an editor stays behind.
  const media = keys
    .filter((key) => isNamed(`${museumId}/${key}`, named))
    .map((key) => `media/${key}`)
    .filter((name) => MEDIA_ENTRY.test(name));
  const { name, ...settings } = museum;
  const manifest: Manifest = {
    format: FORMAT,
    version: FORMAT_VERSION,
    exportedAt: now.toISOString(),
    museum: { name },
    mediaPrefix: `/media/${museumId}/`,
    counts: {
      articles: articles.length,
      folders: folders.length,
      media: media.length,
      translations: translations.length,
      glossary: glossary.length,
      circuits: circuits.length,
      qrcodes: qrcodes.length,
    },
  };
  const data = { manifest, settings, folders, articles, translations, glossary, circuits, qrcodes };
  return { name, data, media };
}

/**
 * The museum as a zip, made while it is sent: the data files first, then each media file read
 * from the blob store a chunk at a time, only as fast as the client takes the answer, so a
 * museum's videos never sit in memory together.
 */
export async function exportMuseum(
  repo: TransferRepo,
  blobs: BlobStore,
  museumId: number,
  now: Date,
): Promise<MuseumExport> {
  const { name, data, media } = await readData(repo, blobs, museumId, now);
  let wake: (() => void) | undefined;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const zip = new Zip((error, chunk, final) => {
          if (error) return controller.error(error);
          if (!cancelled) controller.enqueue(chunk);
          if (final && !cancelled) controller.close();
        });
        const drained = async () => {
          while (!cancelled && (controller.desiredSize ?? 1) <= 0) {
            await new Promise<void>((resolve) => (wake = resolve));
          }
          if (cancelled) throw new Error('export cancelled');
        };
        writeZip(zip, data, media, blobs, museumId, drained).catch((error: unknown) => {
          zip.terminate();
          if (!cancelled) controller.error(error);
        });
      },
      pull() {
        wake?.();
      },
      cancel() {
        cancelled = true;
        wake?.();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: HIGH_WATER }),
  );
  const day = now.toISOString().slice(0, 10);
  return { filename: `legenda-${safeName(name)}-${day}.zip`, body };
}

async function writeZip(
  zip: Zip,
  data: Record<keyof typeof DATA_FILES, unknown>,
  media: string[],
  blobs: BlobStore,
  museumId: number,
  drained: () => Promise<void>,
): Promise<void> {
  for (const [part, file] of Object.entries(DATA_FILES) as [keyof typeof DATA_FILES, string][]) {
    const entry = new ZipDeflate(file, { level: 6 });
    zip.add(entry);
    entry.push(strToU8(JSON.stringify(data[part], null, 1)), true);
    await drained();
  }
  for (const name of media) {
    // Photos, videos and sounds are compressed already: stored as they are.
    const entry = new ZipPassThrough(name);
    zip.add(entry);
    const stream = await blobs.getStream(`media/${museumId}/${name.slice('media/'.length)}`);
    if (stream) {
      for await (const chunk of stream) {
        entry.push(chunk);
        await drained();
      }
    }
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
}
