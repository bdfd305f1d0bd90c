import type { BlobStore } from '../../server/blobs/store.ts';
import type { Emitter } from '../../server/events.ts';
import type { MuseumChanged } from '../settings/service.ts';
import { readArchive, type MediaLimits } from './archive.ts';
import { exportMuseum, type MuseumExport } from './export.ts';
import type { RestoreAnswer } from './format.ts';
import { planRestore } from './plan.ts';
import type { TransferRepo } from './repo.ts';
import type { RestoreInto } from './restore-into.ts';
import { notEmpty, writeData, writeMedia } from './restore.ts';
import { bytesSource, type ZipSource } from '../../server/zip/source.ts';

/**
 * The whole museum out (a zip) and into another Legenda. `events` is told after a restore, as
 * after a change of settings: what this process kept of the museum (its pages, where its codes
 * lead, the overview's counts) is made again.
 */
export function transferService(deps: {
  repo: TransferRepo;
  blobs: BlobStore;
  limits: MediaLimits;
  now: () => Date;
  events?: Emitter<'museumChanged', MuseumChanged> | undefined;
}) {
  const { repo, blobs } = deps;
  /**
   * Throws 409 when the museum has articles: a restore goes only into an empty museum, or one
   * holding nothing but a new Legenda's untouched demo (restore-into.ts).
   */
  const checkEmpty = async (museumId: number): Promise<RestoreInto> => {
    const into = await repo.restoreInto(museumId);
    if (into.kind === 'not_empty') throw notEmpty();
    return into;
  };
  return {
    checkEmpty,

    async exportMuseum(museumId: number): Promise<MuseumExport> {
      return exportMuseum(repo, blobs, museumId, deps.now());
    },

    /** What a restore would do now: go into an empty museum, replace the demo, or be refused. */
    async restoreInto(museumId: number): Promise<RestoreInto['kind']> {
      return (await repo.restoreInto(museumId)).kind;
    },

    /**
     * Restores an export into the museum when it has no articles yet (or only the untouched
     * demo, replaced in the data's transaction): the archive's data read
     * and checked whole first, then each media file checked and written, then the data in one
     * transaction. If any of that fails, the media files it wrote are removed: nothing of the
     * restore remains. A
     * process stopped while it writes leaves files no article names, which the uploads' purge
     * removes after a day (features/uploads/purge.ts). The archive is read a range at a time
     * (from the uploaded file on disk): memory holds one entry, never the archive.
     */
    async restore(museumId: number, input: ZipSource | Uint8Array): Promise<RestoreAnswer> {
      await checkEmpty(museumId);
      const source = input instanceof Uint8Array ? bytesSource(input) : input;
      const archive = await readArchive(source, deps.limits, museumId);
      const plan = planRestore(archive);
      const written: string[] = [];
      let answer: Omit<RestoreAnswer, 'media'>;
      try {
        await writeMedia(archive, blobs, museumId, written);
        answer = await writeData(repo, museumId, plan);
      } catch (error) {
        // Another restore into this museum that won the race may name the same files: they
        // stay, and the hourly purge removes any no article names.
        const raced = await repo
          .restoreInto(museumId)
          .then((into) => into.kind === 'not_empty')
          .catch(() => false);
        if (!raced) await Promise.allSettled(written.map((key) => blobs.remove(key)));
        throw error;
      }
      await deps.events?.emit('museumChanged', { museumId });
      return { ...answer, media: archive.media.length };
    },
  };
}

export type TransferService = ReturnType<typeof transferService>;
