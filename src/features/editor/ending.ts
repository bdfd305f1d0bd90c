import { notFound } from '../../server/http/errors.ts';
import { invalidBody } from '../../server/http/json-body.ts';
import type { DraftsRepo } from '../articles/drafts.ts';
import type { ArticleEvents } from '../articles/events.ts';
import type { EditorRepo } from '../articles/repo.ts';

/**
 * An article's end on the guide: taken back from visitors now, or at a planned time
 * (docs/adr/0038-scheduled-end-of-publication.md). A planned end is done by the same unpublish
 * as a curator's, so the visitor pages, guide home, circuits and CDN forget it alike.
 */

export interface EndingDeps {
  repo: EditorRepo;
  drafts: DraftsRepo;
  events?: ArticleEvents | undefined;
  now: () => Date;
}

export const missingArticle = () => notFound('No such article in your museum.');

/** A planned time: undefined for now, or a time to come (422 naming `at` otherwise). */
export function plannedTime(at: string | undefined, now: Date): Date | undefined {
  if (at === undefined) return undefined;
  const time = new Date(at);
  if (Number.isNaN(time.getTime())) {
    throw invalidBody([{ path: 'at', message: 'must be an ISO 8601 date and time' }]);
  }
  if (time.getTime() <= now.getTime()) {
    throw invalidBody([{ path: 'at', message: 'must be in the future' }]);
  }
  return time;
}

/**
 * A planned publish comes before a planned end: each is refused (422 naming `at`) when it would
 * not, so the article is never planned to go live after it has left.
 */
export function checkOrder(planned: { publishAt: Date | null; unpublishAt: Date | null }): void {
  const { publishAt, unpublishAt } = planned;
  if (!publishAt || !unpublishAt || publishAt.getTime() < unpublishAt.getTime()) return;
  throw invalidBody([
    {
      path: 'at',
      message: `the planned publish (${publishAt.toISOString()}) must come before the planned end (${unpublishAt.toISOString()})`,
    },
  ]);
}

/** Visitors see 'not available yet' from now on; any planned publish or end is done with. */
export async function unpublishNow(d: EndingDeps, museumId: number, id: number): Promise<void> {
  if (!(await d.drafts.unpublish(museumId, id))) throw missingArticle();
  await d.events?.emit('articleChanged', { how: 'unpublished', museumId, articleId: id });
}

/** Plans the end at `at`, an ISO 8601 time to come, after any planned publish. */
export async function planEnd(d: EndingDeps, museumId: number, id: number, at: string) {
  const time = plannedTime(at, d.now())!;
  const row = await d.repo.findEdited(museumId, id);
  if (!row) throw missingArticle();
  checkOrder({ publishAt: row.publishAt, unpublishAt: time });
  if (!(await d.drafts.scheduleEnd(museumId, id, time))) throw missingArticle();
}

/** The planned end called off: the article stays on the guide. */
export async function cancelEnd(d: EndingDeps, museumId: number, id: number): Promise<void> {
  if (!(await d.drafts.scheduleEnd(museumId, id, null))) throw missingArticle();
}

/** Ends every planned end whose time has come; the ids of the articles taken back. */
export async function unpublishDue(d: EndingDeps): Promise<number[]> {
  const ended: number[] = [];
  for (const due of await d.drafts.dueEnds(d.now())) {
    await unpublishNow(d, due.museumId, due.id);
    ended.push(due.id);
  }
  return ended;
}
