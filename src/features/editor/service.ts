import type { BlobStore } from '../../server/blobs/store.ts';
import type { CheckedRepo } from '../translation/checked.ts';
import type { FailuresRepo } from '../translation/failures.ts';
import { translationsPrefix, type TranslationMemory } from '../translation/memory.ts';
import { ApiError, notFound } from '../../server/http/errors.ts';
import { withBlockIds } from '../articles/block-ids.ts';
import type { ArticleContent } from '../articles/content.ts';
import type { ArticleEvents } from '../articles/events.ts';
import type { EditorRepo } from '../articles/repo.ts';
import { stopTakenError } from '../articles/stops.ts';
import type { RevisionAuthor } from '../articles/revisions.ts';
import { draftDocument, publicationOf } from './publication.ts';
import { wordsOf } from './words.ts';
import type { ArticleDocument, SavedArticle } from './schema.ts';

const missing = () => notFound('No such article in your museum.');

/** What the editor works with; the optional parts are left out by tests that need none. */
export interface EditorDeps {
  repo: EditorRepo;
  blobs: BlobStore;
  memory: TranslationMemory;
  /** The museum's checked translations, removed by a reset only when asked. */
  checked?: Pick<CheckedRepo, 'removeAll'> | undefined;
  /** Failed translations' back-off: a save or a reset starts every language afresh. */
  failures?: Pick<FailuresRepo, 'clearArticle'> | undefined;
  /**
   * Told after every save or reset (src/app/subscribers.ts): the visitor pages this process
   * keeps are dropped at once (other processes' expire within a second), the overview counts
   * the article again, and a save has its priority languages prepared.
   */
  events?: ArticleEvents | undefined;
  /** The clock of publishing and the revisions kept; the real one when not given. */
  now?: (() => Date) | undefined;
}

/** Who saved when no one signed in did (the demo article, a start's own writes). */
export const NOBODY: RevisionAuthor = { userId: null, email: '' };

/** The published version, with its draft and publication (docs/adr/0028-drafts-and-revisions.md). */
async function readArticle(
  repo: EditorRepo,
  museumId: number,
  id: number,
): Promise<ArticleDocument> {
  const row = await repo.findEdited(museumId, id);
  if (!row) throw missing();
  return {
    id: row.id,
    name: row.name,
    unformatted_name: row.unformattedName,
    instructions: row.instructions,
    // Named as every reader names them (block-ids.ts), so the editor saves those names.
    content: Array.isArray(row.content) ? withBlockIds(row.content) : [],
    revision: row.revision,
    draft: draftDocument(row.draft),
    publication: publicationOf(row),
  };
}

export function editorService(deps: EditorDeps) {
  const { repo, blobs, memory, checked, failures, events } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    read: (museumId: number, id: number) => readArticle(repo, museumId, id),

    /**
     * The article's public name follows the url of its metadatas entry. With `revision` (the
     * one the editor loaded), a save based on an older revision changes nothing and answers 409
     * `stale_revision` with the current revision in `details`; without it (the save's payload
     * as first defined has none), the save overwrites whatever is stored. A save publishes:
     * visitors read it at once, and any draft or planned publish is done with. A stop number
     * another article of the museum holds is refused (409 `stop_taken`, naming that article).
     */
    async update(
      museumId: number,
      id: number,
      input: {
        content: ArticleContent;
        title: string;
        instructions: string;
        revision?: number | undefined;
        by?: RevisionAuthor | undefined;
      },
    ): Promise<SavedArticle> {
      const name = input.content[0].url;
      const stamp = { at: now(), by: input.by ?? NOBODY, words: wordsOf(input.content) };
      const result = await repo.update(
        museumId,
        id,
        {
          name,
          unformattedName: input.title,
          instructions: input.instructions,
          content: withBlockIds(input.content),
        },
        input.revision,
        stamp,
      );
      if (result === undefined) throw missing();
      if (typeof result === 'object' && 'stale' in result) {
        throw new ApiError(
          409,
          'stale_revision',
          `Someone else saved this article meanwhile: it is at revision ${result.stale}, not ${input.revision}. Reload it, or send revision ${result.stale} to overwrite it.`,
          { details: { revision: result.stale } },
        );
      }
      if (typeof result === 'object' && 'stopTaken' in result) {
        throw stopTakenError(result.stopTaken);
      }
      if (result !== 'taken') {
        // Any save: its texts may read differently, or the curator wants another try.
        await failures?.clearArticle(id);
        await events?.emit('articleChanged', { how: 'saved', museumId, articleId: id });
      }
      if (result === 'taken') {
        throw new ApiError(
          409,
          'url_taken',
          `Another article already uses the url "${name}". Choose another one.`,
          { details: { url: name } },
        );
      }
      return { id, name, revision: result.revision };
    },

    /**
     * Forgets every stored translation of the article, in every language: first a
     * new generation, which every process reads with the article, then the stored documents.
     */
    async resetTranslations(
      museumId: number,
      id: number,
      options: { includeReviewed?: boolean | undefined } = {},
    ): Promise<{ cleared: number; reviewedRemoved: number }> {
      if ((await repo.newTranslationGeneration(museumId, id)) === undefined) throw missing();
      const cleared = await blobs.removeAll(translationsPrefix(id));
      // What the museum checked stays unless the curator asked: a reset forgets machine work.
      const reviewedRemoved = options.includeReviewed && checked ? await checked.removeAll(id) : 0;
      memory.forget(id);
      await failures?.clearArticle(id);
      await events?.emit('articleChanged', { how: 'reset', museumId, articleId: id });
      return { cleared, reviewedRemoved };
    },
  };
}

export type EditorService = ReturnType<typeof editorService>;
