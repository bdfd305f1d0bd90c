import { customAlphabet } from 'nanoid';
import type { BlobStore } from '../../server/blobs/store.ts';
import { ApiError } from '../../server/http/errors.ts';
import { newCode } from '../qrcodes/codes.ts';
import { newSlug } from '../tree/service.ts';
import { detectUpload } from '../uploads/detect.ts';
import type { UploadKind } from '../uploads/kinds.ts';
import type { Archive } from './archive.ts';
import { invalidArchive } from './errors.ts';
import type { MediaFolder, RestoreAnswer } from './format.ts';
import type { RestorePlan } from './plan.ts';
import type { RestoreTx, TransferRepo } from './repo.ts';
import { readEntry, type ZipEntry } from '../../server/zip/read.ts';

const KINDS: Record<MediaFolder, UploadKind> = {
  images: 'image',
  videos: 'video',
  subtitles: 'subtitles',
  audio: 'audio',
};

const circuitSuffix = customAlphabet('0123456789abcdefghijklmnopqrstuvwxyz', 8);

export const notEmpty = () =>
  new ApiError(
    409,
    'museum_not_empty',
    'An export is restored only into a museum with no articles yet (or only the untouched demo article); this one has articles.',
    { details: { reason: 'not_empty' } },
  );

/**
 * A media file judged by its bytes, as an upload is: its kind's formats only, and the extension
 * it would have been stored under.
 */
async function checkMedia(folder: MediaFolder, file: string, entry: ZipEntry, bytes: Uint8Array) {
  let ext: string;
  try {
    ext = await detectUpload(KINDS[folder], bytes);
  } catch {
    throw invalidArchive('media_type', `${entry.name} is not a file of its kind Legenda takes.`, {
      file: entry.name,
    });
  }
  if (!file.endsWith(`.${ext}`)) {
    throw invalidArchive('media_type', `${entry.name} is not what its name says.`, {
      file: entry.name,
    });
  }
}

/**
 * Writes the media files under the museum's prefix, each read from the archive, checked and
 * written before the next is read: memory holds the largest media file, never the archive
 * (docs/adr/0036). Answers the keys written in `written`, which the caller removes if a later
 * file or the database's part fails. A key already there (the same museum's own export restored
 * after its articles were deleted) is kept as it is.
 */
export async function writeMedia(
  archive: Archive,
  blobs: BlobStore,
  museumId: number,
  written: string[],
): Promise<void> {
  for (const { folder, file, entry } of archive.media) {
    const bytes = await readEntry(archive.source, entry);
    await checkMedia(folder, file, entry, bytes);
    const key = `media/${museumId}/${folder}/${file}`;
    if (await blobs.has(key)) continue;
    written.push(key);
    await blobs.setBytes(key, bytes);
  }
}

/** A name not among `taken`, made by `fresh`; the new one is taken from then on. */
function freeName(name: string, taken: Set<string>, fresh: () => string): string {
  if (!taken.has(name)) {
    taken.add(name);
    return name;
  }
  let made = fresh();
  while (taken.has(made)) made = fresh();
  taken.add(made);
  return made;
}

async function writeFolders(tx: RestoreTx, plan: RestorePlan): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (const folder of plan.folders) {
    const parent = folder.parentId === null ? null : ids.get(folder.parentId)!;
    ids.set(folder.id, await tx.insertFolder(parent, folder.name));
  }
  return ids;
}

async function writeArticles(
  tx: RestoreTx,
  plan: RestorePlan,
  folderIds: Map<number, number>,
  renamed: RestoreAnswer['renamed'],
): Promise<Map<number, number>> {
  const taken = await tx.takenNames(
    'article',
    plan.articles.map((a) => a.name),
  );
  const rows = plan.articles.map((article) => {
    const name = freeName(article.name, taken, newSlug);
    if (name !== article.name) renamed.push({ kind: 'article', from: article.name, to: name });
    const [meta, ...blocks] = article.content;
    return {
      exportId: article.exportId,
      folderId: article.folderId === null ? null : folderIds.get(article.folderId)!,
      name,
      unformattedName: article.unformattedName,
      instructions: article.instructions,
      published: article.published,
      // The metadatas entry holds the article's address too: the two stay the same.
      content: [{ ...meta, url: name }, ...blocks],
    };
  });
  const byName = await tx.insertArticles(rows);
  return new Map(rows.map((row) => [row.exportId, byName.get(row.name)!]));
}

async function writeCircuits(
  tx: RestoreTx,
  plan: RestorePlan,
  articleIds: Map<number, number>,
  renamed: RestoreAnswer['renamed'],
): Promise<Map<number, number>> {
  const taken = await tx.takenNames(
    'circuit',
    plan.circuits.map((c) => c.name),
  );
  const ids = new Map<number, number>();
  for (const circuit of plan.circuits) {
    const name = freeName(circuit.name, taken, () => `circuit-${circuitSuffix()}`);
    if (name !== circuit.name) renamed.push({ kind: 'circuit', from: circuit.name, to: name });
    const stops = circuit.articleIds.map((id) => articleIds.get(id)!);
    const { title, intro } = circuit;
    ids.set(circuit.id, await tx.insertCircuit({ name, title, intro }, stops));
  }
  return ids;
}

/** The database's whole part, in the repo's one transaction. */
export async function writeData(
  repo: TransferRepo,
  museumId: number,
  plan: RestorePlan,
): Promise<Omit<RestoreAnswer, 'media'>> {
  return repo.restore(museumId, async (tx) => {
    const into = await tx.restoreInto();
    if (into.kind === 'not_empty') throw notEmpty();
    // Before the names and codes are chosen: the archive's own `demo` and DemoLegend stay.
    if (into.kind === 'demo') await tx.removeDemo(into);
    const renamed: RestoreAnswer['renamed'] = [];
    const folderIds = await writeFolders(tx, plan);
    const articleIds = await writeArticles(tx, plan, folderIds, renamed);
    await tx.insertTranslations(
      plan.translations.map((row) => ({
        ...row,
        articleId: articleIds.get(row.articleId)!,
        checkedAt: new Date(row.checkedAt),
      })),
    );
    await tx.insertGlossary(plan.glossary);
    const circuitIds = await writeCircuits(tx, plan, articleIds, renamed);
    const taken = await tx.takenLinks(plan.qrcodes.map((q) => q.link));
    const qrNotKept: RestoreAnswer['qrNotKept'] = [];
    const codes = plan.qrcodes.map((code) => {
      const link = freeName(code.link, taken, newCode);
      if (link !== code.link) qrNotKept.push({ link: code.link, newLink: link });
      return {
        link,
        articleId: code.articleId === null ? null : articleIds.get(code.articleId)!,
        circuitId: code.circuitId === null ? null : circuitIds.get(code.circuitId)!,
      };
    });
    await tx.insertQrcodes(codes);
    await tx.finish(plan.settings);
    return {
      articles: plan.articles.length,
      folders: plan.folders.length,
      translations: plan.translations.length,
      glossary: plan.glossary.length,
      circuits: plan.circuits.length,
      qrcodes: codes.length,
      qrNotKept,
      renamed,
    };
  });
}
