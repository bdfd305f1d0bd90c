import { useState } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { call } from '../../ui/api.ts';
import { useServerData } from '../../ui/server-state.ts';
import { toast } from '../../ui/toast.ts';
import { reportsRoute, resolveFeedback } from './calls.ts';
import type { VisitorReport } from './repo.ts';

/**
 * One article's visitor reports in one language, for the review screen: each text's reports
 * (on the first text of the element the visitor named) and the page's (no element named, or
 * one no longer in the article), and Mark resolved.
 */
export function useReports(t: TFn, articleId: number, lang: string, segmentIds: readonly string[]) {
  const load = useServerData(reportsRoute(articleId, lang));
  const [busy, setBusy] = useState(false);
  // A segment's id is its element's lasting name, a dot and the field (translation/segments.ts).
  const firstOf = new Map<string, string>();
  for (const id of segmentIds) {
    const block = id.split('.')[0] ?? '';
    if (!firstOf.has(block)) firstOf.set(block, id);
  }
  const bySegment = new Map<string, VisitorReport[]>();
  const page: VisitorReport[] = [];
  for (const report of load.data?.reports ?? []) {
    const segment = report.block === null ? undefined : firstOf.get(report.block);
    if (segment === undefined) page.push(report);
    else bySegment.set(segment, [...(bySegment.get(segment) ?? []), report]);
  }

  const resolve = async (report: VisitorReport) => {
    setBusy(true);
    try {
      const result = await call(resolveFeedback, { id: report.id });
      if (result.ok) toast.success(t('feedback.resolvedToast'));
      else toast.error(t('feedback.resolveFailed'));
      await load.reload();
    } catch {
      toast.error(t('feedback.resolveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return {
    page,
    forSegment: (segmentId: string): readonly VisitorReport[] => bySegment.get(segmentId) ?? [],
    busy,
    resolve: (report: VisitorReport) => void resolve(report),
  };
}
