import { ApiError, notFound } from '../../server/http/errors.ts';
import { withBlockIds } from '../articles/block-ids.ts';
import { readContent, type ArticleContent } from '../articles/content.ts';
import type { DraftResult, DraftsRepo } from '../articles/drafts.ts';
import type { ArticleEvents } from '../articles/events.ts';
import type { EditorRepo } from '../articles/repo.ts';
import type { RevisionAuthor, RevisionsRepo } from '../articles/revisions.ts';
import { stopTakenError } from '../articles/stops.ts';
import {
  draftDocument,
  publicationOf,
  type DraftDocument,
  type Publication,
} from './publication.ts';
import {
  cancelEnd,
  checkOrder,
  missingArticle,
  planEnd,
  plannedTime,
  unpublishDue,
  unpublishNow,
} from './ending.ts';
import type { EditorService } from './service.ts';
import { wordsOf } from './words.ts';

/**
 * Drafts, publishing at a date, unpublishing and the revisions kept
 * (docs/adr/0028-drafts-and-revisions.md). Publishing goes through the editor's save
 * (`editor.update`), so what visitors read changes in one place: the translation of what
 * changed, the ArticleChanged event and the visitor pages forgotten happen as for any save.
 */

export interface PublishingDeps {
  repo: EditorRepo;
  drafts: DraftsRepo;
  revisions: RevisionsRepo;
  editor: EditorService;
  /** Told when an article is taken back from visitors (its pages forgotten). */
  events?: ArticleEvents | undefined;
  now?: (() => Date) | undefined;
}

/** A draft as save_draft sends it. */
export interface DraftInput {
  content: ArticleContent;
  title: string;
  instructions: string;
  revision?: number | undefined;
}

/** What save_draft, discard_draft and restore_revision answer. */
export interface DraftSaved {
  id: number;
  revision: number;
  draft: DraftDocument | null;
}

/** What publish, cancel_schedule, unpublish and cancel_unpublish answer. */
export interface Published {
  id: number;
  revision: number;
  publication: Publication;
}

const missing = missingArticle;

function stale(current: number, sent: number | undefined): ApiError {
  return new ApiError(
    409,
    'stale_revision',
    `Someone else saved this article meanwhile: it is at revision ${current}, not ${sent}. Reload it, or send revision ${current} to overwrite it.`,
    { details: { revision: current } },
  );
}

/** A guarded draft write's answer, or its 404 or 409 (stale, or its stop number taken). */
function written(result: DraftResult, sent: number | undefined): { revision: number } {
  if (result === undefined) throw missing();
  if ('stale' in result) throw stale(result.stale, sent);
  if ('stopTaken' in result) throw stopTakenError(result.stopTaken);
  return result;
}

/** What every call works with: the dependencies and the clock. */
interface Publishing extends PublishingDeps {
  now: () => Date;
}

/** The article's publication as it stands now. */
async function state({ repo }: Publishing, museumId: number, id: number): Promise<Published> {
  const row = await repo.findEdited(museumId, id);
  if (!row) throw missing();
  return { id, revision: row.revision, publication: publicationOf(row) };
}

/** Publishes the draft (or the published version again, when none) now. */
async function publishNow(
  p: Publishing,
  museumId: number,
  id: number,
  by: RevisionAuthor,
  expected: number | undefined,
): Promise<Published> {
  const row = await p.repo.findEdited(museumId, id);
  if (!row) throw missing();
  if (expected !== undefined && row.revision !== expected) throw stale(row.revision, expected);
  const source = row.draft ?? {
    content: row.content,
    unformattedName: row.unformattedName,
    instructions: row.instructions,
  };
  await p.editor.update(museumId, id, {
    content: readContent(source.content, row.name),
    title: source.unformattedName,
    instructions: source.instructions,
    // Based on what was read: a draft saved meanwhile is not published unseen.
    revision: row.revision,
    by,
  });
  return state(p, museumId, id);
}

async function saveDraft(
  p: Publishing,
  museumId: number,
  by: RevisionAuthor,
  id: number,
  input: DraftInput,
): Promise<DraftSaved> {
  const draft = {
    content: withBlockIds(input.content),
    unformattedName: input.title,
    instructions: input.instructions,
  };
  const keep = { by, words: wordsOf(input.content) };
  const result = await p.drafts.writeDraft(museumId, id, input.revision, { draft, keep }, p.now());
  const { revision } = written(result, input.revision);
  return { id, revision, draft: draftDocument(draft) };
}

/** Now, or planned at `at` (an ISO 8601 time to come). */
async function publish(
  p: Publishing,
  museumId: number,
  by: RevisionAuthor,
  id: number,
  options: { at?: string | undefined; revision?: number | undefined } = {},
): Promise<Published> {
  const at = plannedTime(options.at, p.now());
  if (!at) return publishNow(p, museumId, id, by, options.revision);
  const row = await p.repo.findEdited(museumId, id);
  if (!row) throw missing();
  checkOrder({ publishAt: at, unpublishAt: row.unpublishAt });
  if (!(await p.drafts.schedule(museumId, id, at, by.userId))) throw missing();
  return state(p, museumId, id);
}

/** One kept version, read whole. */
async function readRevision(p: Publishing, museumId: number, id: number, revision: number) {
  const row = await p.revisions.find(museumId, id, revision);
  if (!row) throw notFound('No such revision of this article in your museum.');
  const { content, unformattedName, instructions, savedAt, ...entry } = row;
  return {
    ...entry,
    savedAt: savedAt.toISOString(),
    ...draftDocument({ content, unformattedName, instructions }),
  };
}

/** The revision becomes the draft (kept as a revision of its own); nothing is published. */
async function restore(
  p: Publishing,
  museumId: number,
  by: RevisionAuthor,
  id: number,
  revision: number,
  expected?: number,
): Promise<DraftSaved> {
  const row = await p.revisions.find(museumId, id, revision);
  if (!row) throw notFound('No such revision of this article in your museum.');
  const draft = {
    content: row.content,
    unformattedName: row.unformattedName,
    instructions: row.instructions,
  };
  const keep = { by, words: row.words, fresh: true };
  const result = await p.drafts.writeDraft(museumId, id, expected, { draft, keep }, p.now());
  return { id, revision: written(result, expected).revision, draft: draftDocument(draft) };
}

/** What the runner of planned publishes and ends did. */
export interface DueDone {
  published: number[];
  failed: { id: number; reason: string }[];
  /** Articles whose planned end came: taken back from visitors. */
  ended: number[];
}

/**
 * Publishes every planned publish whose time has come (the Node server every minute, the
 * scheduled function on Netlify). One that cannot be made (its url or stop number taken meanwhile) is called
 * off and named in `failed`, so it is not tried every minute for ever. Then the planned ends
 * whose time has come, so one due in the same minute as its publish still ends it
 * (docs/adr/0038-scheduled-end-of-publication.md).
 */
async function publishDue(p: Publishing): Promise<DueDone> {
  const published: number[] = [];
  const failed: { id: number; reason: string }[] = [];
  for (const due of await p.drafts.due(p.now())) {
    try {
      await publishNow(p, due.museumId, due.id, due.by, undefined);
      published.push(due.id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      await p.drafts.schedule(due.museumId, due.id, null, null);
      failed.push({ id: due.id, reason: error.message });
    }
  }
  return { published, failed, ended: await unpublishDue(p) };
}

export function publishingService(deps: PublishingDeps) {
  const p: Publishing = { ...deps, now: deps.now ?? (() => new Date()) };
  const { drafts, revisions } = deps;
  return {
    saveDraft: (museumId: number, by: RevisionAuthor, id: number, input: DraftInput) =>
      saveDraft(p, museumId, by, id, input),
    publish: (
      museumId: number,
      by: RevisionAuthor,
      id: number,
      options?: { at?: string | undefined; revision?: number | undefined },
    ) => publish(p, museumId, by, id, options),

    /** The planned publish called off; what visitors read stays as it is. */
    async cancelSchedule(museumId: number, id: number): Promise<Published> {
      if (!(await drafts.schedule(museumId, id, null, null))) throw missing();
      return state(p, museumId, id);
    },

    async discardDraft(museumId: number, id: number, revision?: number): Promise<DraftSaved> {
      const result = await drafts.writeDraft(museumId, id, revision, { draft: null }, p.now());
      return { id, revision: written(result, revision).revision, draft: null };
    },

    /**
     * Visitors see 'not available yet' from now on, or from `at` (an ISO 8601 time to come,
     * after any planned publish); the texts and translations stay.
     */
    async unpublish(museumId: number, id: number, at?: string): Promise<Published> {
      if (at === undefined) await unpublishNow(p, museumId, id);
      else await planEnd(p, museumId, id, at);
      return state(p, museumId, id);
    },

    /** The planned end called off; what visitors read stays as it is. */
    async cancelUnpublish(museumId: number, id: number): Promise<Published> {
      await cancelEnd(p, museumId, id);
      return state(p, museumId, id);
    },

    /** The article's kept versions, newest first. */
    async list(museumId: number, id: number) {
      const rows = await revisions.list(museumId, id);
      if (!rows) throw missing();
      return rows.map((row) => ({ ...row, savedAt: row.savedAt.toISOString() }));
    },

    read: (museumId: number, id: number, revision: number) =>
      readRevision(p, museumId, id, revision),
    restore: (
      museumId: number,
      by: RevisionAuthor,
      id: number,
      revision: number,
      expected?: number,
    ) => restore(p, museumId, by, id, revision, expected),
    publishDue: () => publishDue(p),
  };
}

export type PublishingService = ReturnType<typeof publishingService>;
