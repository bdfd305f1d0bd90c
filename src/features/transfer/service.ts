import type { BlobStore } from '../../server/blobs.ts';
import type { Emitter } from '../../server/events.ts';
import type { MuseumChanged } from '../settings/service.ts';
import { readArchive, type MediaLimits } from './archive.ts';
import { exportMuseum, type MuseumExport } from './export.ts';
import type { RestoreAnswer } from './format.ts';
import { planRestore } from './plan.ts';
import type { TransferRepo } from './repo.ts';
import { checkMedia, notEmpty, writeData, writeMedia } from './restore.ts';

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
  return {
    async exportMuseum(museumId: number): Promise<MuseumExport> {
      return exportMuseum(repo, blobs, museumId, deps.now());
    },

    /**
     * Restores an export into the museum when it has no articles yet: the archive read and
     * checked whole first, then the media files written, then the data in one transaction.
     * If that fails, the media files it wrote are removed: nothing of the restore remains.
     */
    async restore(museumId: number, bytes: Uint8Array): Promise<RestoreAnswer> {
      if (await repo.hasArticles(museumId)) throw notEmpty();
      const archive = readArchive(bytes, deps.limits);
      const plan = planRestore(archive, museumId);
      await checkMedia(archive);
      const written: string[] = [];
      let answer: Omit<RestoreAnswer, 'media'>;
      try {
        await writeMedia(archive, blobs, museumId, written);
        answer = await writeData(repo, museumId, plan);
      } catch (error) {
        // Another restore into this museum that won the race may name the same files: they
        // stay, and the hourly purge removes any no article names.
        const raced = await repo.hasArticles(museumId).catch(() => false);
        if (!raced) await Promise.allSettled(written.map((key) => blobs.remove(key)));
        throw error;
      }
      await deps.events?.emit('museumChanged', { museumId });
      return { ...answer, media: archive.media.length };
    },
  };
}

export type TransferService = ReturnType<typeof transferService>;
