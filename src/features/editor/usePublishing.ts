import { useState } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { call, type ApiResult, type Route } from '../../ui/api.ts';
import { apiErrorMessage } from '../../ui/apiErrors.ts';
import { toast } from '../../ui/toast.ts';
import { cancelSchedule, cancelUnpublish, discardDraft, publish, unpublish } from './calls.ts';
import type { ReloadBase } from './useArticle.ts';

/** What is planned: the publish, or the end on the guide (ADR 0038). */
export type PlanKind = 'publish' | 'end';

/** What a planned publish came to: done, refused for its time (said in the dialog), or failed. */
export type ScheduleOutcome = 'scheduled' | 'badTime' | 'failed';

type Options = {
  t: TFn;
  articleId: number;
  reload: (base?: ReloadBase) => Promise<boolean>;
  baseRevision: () => number | null;
};

/** A 422 naming `at`: a time past or not a time. */
function refusedTime(result: ApiResult): boolean {
  const details = (result.body as { error?: { details?: unknown } } | null)?.error?.details;
  return (
    result.status === 422 &&
    Array.isArray(details) &&
    details.some((detail) => (detail as { path?: unknown } | null)?.path === 'at')
  );
}

/**
 * The editor's publishing actions besides Publish and Save draft
 * (docs/adr/0028-drafts-and-revisions.md): plan a publish or an end (ADR 0038), call either
 * off, discard the draft, take the article back from visitors. Each says how it went in a toast; the article is read again
 * after it. Only discarding changes what the editor holds: the published version is loaded in.
 */
export function usePublishing({ t, articleId, reload, baseRevision }: Options) {
  const [busy, setBusy] = useState(false);

  /** Runs one call; true when it went through (its failure told in a toast). */
  const run = async <Body>(
    route: Route<Body, unknown>,
    body: Body,
    done: string | null,
    refused?: (result: ApiResult) => boolean,
  ): Promise<boolean | 'refused'> => {
    setBusy(true);
    try {
      const result = await call(route, body);
      if (!result.ok) {
        if (refused?.(result)) return 'refused';
        console.error(`${route.path} failed`, result.status, result.body);
        toast.error(apiErrorMessage(t, result));
        return false;
      }
      if (done) toast.success(done);
      return true;
    } catch (error) {
      console.error(`${route.path} failed`, error);
      toast.error(t('common.networkError'));
      return false;
    } finally {
      setBusy(false);
    }
  };

  /**
   * Plans the publish, or the end on the guide, at `at` (ISO 8601 with its offset); `done` says
   * it in the toast.
   */
  const schedule = async (kind: PlanKind, at: string, done: string): Promise<ScheduleOutcome> => {
    const route = kind === 'publish' ? publish : unpublish;
    const outcome = await run(route, { articleId, at }, done, refusedTime);
    if (outcome === 'refused') return 'badTime';
    // Nothing the curator typed changes: only the article's publication is read again.
    if (outcome) await reload(null);
    return outcome ? 'scheduled' : 'failed';
  };

  const callOff = async (kind: PlanKind) => {
    const [route, done] =
      kind === 'publish'
        ? [cancelSchedule, t('publishing.scheduleCancelled')]
        : [cancelUnpublish, t('publishing.endCancelled')];
    if (await run(route, { articleId }, done)) await reload(null);
  };

  const takeBack = async () => {
    if (await run(unpublish, { articleId }, t('publishing.unpublishDone'))) await reload(null);
  };

  /** The draft goes: the editor loads the published version in its place. */
  const discard = async () => {
    const revision = baseRevision() ?? undefined;
    const body = revision === undefined ? { articleId } : { articleId, revision };
    if (await run(discardDraft, body, t('publishing.discarded'))) await reload();
  };

  return { busy, schedule, callOff, takeBack, discard };
}
