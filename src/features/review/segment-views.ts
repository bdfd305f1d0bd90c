import { ApiError } from '../../server/http/errors.ts';
import type { CheckedEntry } from '../translation/checked.ts';
import type { Failure } from '../translation/failures.ts';
import type { SegmentView } from '../translation/translator-types.ts';
import type { FailingView, ReviewSegment } from './schema.ts';

/**
 * The review screen's texts: each of the article's texts as the translator sees it, with the
 * museum's check, turned into its state; and the checks a correction or an approval passes.
 */

export const failingView = (failure: Failure): FailingView => ({
  reason: failure.reason,
  texts: failure.texts,
  failures: failure.failures,
  lastFailedAt: failure.lastFailedAt.toISOString(),
  nextTryAt: failure.nextTryAt.toISOString(),
});

export function segmentOf(
  view: SegmentView,
  checked: { source: string; text: string } | undefined,
) {
  const base = {
    id: view.ref,
    path: view.id,
    source: view.source,
    ...(view.flags.length > 0 && { flags: view.flags }),
  };
  if (checked && checked.source === view.source) {
    return { ...base, text: checked.text, state: 'reviewed' } satisfies ReviewSegment;
  }
  if (checked) {
    return {
      ...base,
      text: view.machine ?? null,
      state: 'stale',
      previous: { source: checked.source, text: checked.text },
    } satisfies ReviewSegment;
  }
  return view.machine === undefined
    ? ({ ...base, text: null, state: 'missing' } satisfies ReviewSegment)
    : ({ ...base, text: view.machine, state: 'machine' } satisfies ReviewSegment);
}

/** The segments named, each found in the article now; an unknown one is refused, all or none. */
export function findSegments(texts: SegmentView[], ids: readonly string[], field: string) {
  const byRef = new Map(texts.map((t) => [t.ref, t]));
  return ids.map((id, index) => {
    const view = byRef.get(id);
    if (!view) {
      const at = ids.length === 1 && field === 'segmentId' ? field : `${field}.${index}`;
      throw new ApiError(422, 'invalid_body', `${at}: ${id} is not a text of this article.`, {
        details: { field: at },
      });
    }
    return view;
  });
}

/** A text the museum checked against the source as it is now is corrected, not translated. */
export function refuseChecked(view: SegmentView, mine: { source: string } | undefined): void {
  if (mine && mine.source === view.source) {
    throw new ApiError(
      422,
      'invalid_body',
      `segmentId: ${view.ref} is checked by the museum: correct it instead.`,
      { details: { field: 'segmentId' } },
    );
  }
}

/** Machine texts to approve as they are; a text without one is refused. */
export function approvals(
  views: readonly SegmentView[],
  segmentIds: readonly string[],
): CheckedEntry[] {
  return views.map((view) => {
    if (view.machine === undefined) {
      const field = `segmentIds.${segmentIds.indexOf(view.ref)}`;
      throw new ApiError(
        422,
        'invalid_body',
        `${field}: ${view.ref} has no machine translation to approve yet.`,
        { details: { field } },
      );
    }
    return { ref: view.ref, source: view.source, text: view.machine };
  });
}
