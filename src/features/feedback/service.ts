import { notFound } from '../../server/http/errors.ts';
import { TITLE_ELEMENT } from '../articles/block-ids.ts';
import { readContent, type ArticleContent } from '../articles/content.ts';
import type { EditorRepo } from '../articles/repo.ts';
import { isOffered } from '../languages/offered.ts';
import { pageName, visitorLang, type VisitorLang } from '../reader/checked.ts';
import { MAX_REPORT_LENGTH, REPORT_KINDS, type ReportKind } from '../reader/render/report-form.ts';
import { ownTitle } from '../reader/render/title.ts';
import { FEEDBACK_LIMITS, hourlyGate, THIRTY_DAYS_MS, type FeedbackLimits } from './limits.ts';
import type { OpenReports, ReportsRepo, VisitorReport } from './repo.ts';

/** A report as POST /feedback's form sends it: every field as it came, unchecked. */
export interface ReportForm {
  name?: string | undefined;
  lang?: string | undefined;
  kind?: string | undefined;
  block?: string | undefined;
  message?: string | undefined;
  visitor: { address: string; userAgent: string | undefined };
}

/**
 * What became of a report: `sent` (stored), or why nothing was stored. `lang` and `name`: the
 * page to go back to, when the form named one a visitor may read.
 */
export type ReportOutcome =
  | { result: 'sent'; lang: VisitorLang; name: string }
  | ({ lang: VisitorLang | undefined; name: string | undefined } & (
      | { result: 'notFound' | 'empty' | 'tooLong' | 'invalid' }
      | { result: 'tooMany'; retryAfter: number }
    ));

export interface FeedbackDeps {
  repo: ReportsRepo;
  articles: Pick<EditorRepo, 'find' | 'findByName'>;
  now: () => Date;
  limits?: FeedbackLimits | undefined;
}

/**
 * The message as stored: line breaks as one character (a browser sends CRLF for the one its
 * maxlength counted), no control characters but line breaks and tabs, no lone surrogate
 * (PostgreSQL's text takes neither NUL nor half a character).
 */
export function cleanMessage(raw: string): string {
  return (
    raw
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '')
      .toWellFormed()
      .trim()
  );
}

/**
 * Every name a report may give: the public title's (when the museum wrote one: the form offers
 * it first), and every lasting name of the article's elements, its blocks and their details.
 */
function blockIds(content: ArticleContent): Set<string> {
  const ids = new Set<string>(ownTitle(content) === undefined ? [] : [TITLE_ELEMENT]);
  for (const element of content.slice(1) as readonly Record<string, unknown>[]) {
    if (typeof element.id === 'string') ids.add(element.id);
    const details = Array.isArray(element.details) ? (element.details as { id?: unknown }[]) : [];
    for (const detail of details) if (typeof detail.id === 'string') ids.add(detail.id);
  }
  return ids;
}

/**
 * What visitors tell the museum (the visitor page's 'Report a problem') and what staff do with
 * it: reports are checked, bounded (limits.ts) and stored as text; staff of the museum read them
 * per article and language and mark them resolved. Nothing of a report is shown to visitors.
 */
export function feedbackService(deps: FeedbackDeps) {
  const limits = deps.limits ?? FEEDBACK_LIMITS;
  const gate = hourlyGate(limits, () => deps.now().getTime());

  /** The checks a report passes before anything is counted or stored. */
  async function check(form: ReportForm) {
    const lang = visitorLang(form.lang);
    const name = pageName(form.name?.slice(0, 200));
    const back = { lang, name: undefined as string | undefined };
    const row = name && (await deps.articles.findByName(name));
    if (!row?.publishedAt) return { ...back, result: 'notFound' as const };
    back.name = row.name;
    const offered = lang && isOffered(lang, row.visitorLanguages, row.language);
    if (!offered || !REPORT_KINDS.includes(form.kind as ReportKind)) {
      return { ...back, result: 'invalid' as const };
    }
    const block = form.block || undefined;
    if (block !== undefined && !blockIds(readContent(row.content, row.name)).has(block)) {
      return { ...back, result: 'invalid' as const };
    }
    const message = cleanMessage(form.message ?? '');
    if (message === '') return { ...back, result: 'empty' as const };
    if (message.length > MAX_REPORT_LENGTH) return { ...back, result: 'tooLong' as const };
    return {
      ...back,
      result: 'ok' as const,
      row,
      lang,
      block,
      message,
      kind: form.kind as ReportKind,
    };
  }

  return {
    /** A visitor's report: stored when it passes every check and limit. */
    async report(form: ReportForm): Promise<ReportOutcome> {
      const checked = await check(form);
      if (checked.result !== 'ok') return checked;
      const back = { lang: checked.lang, name: checked.name };
      const { row } = checked;
      const at = deps.now();
      const recent = await deps.repo.countSince(
        row.museumId,
        new Date(at.getTime() - THIRTY_DAYS_MS),
      );
      if (recent >= limits.museumPer30Days) {
        return { ...back, result: 'tooMany', retryAfter: 24 * 3600 };
      }
      const wait = gate.admit(form.visitor, row.museumId);
      if (wait !== undefined) return { ...back, result: 'tooMany', retryAfter: wait };
      await deps.repo.add({
        museumId: row.museumId,
        articleId: row.id,
        lang: checked.lang,
        kind: checked.kind,
        block: checked.block,
        message: checked.message,
        at,
      });
      return { lang: checked.lang, name: row.name, result: 'sent' };
    },

    /** One article's reports in one language; 404: no such article in the museum. */
    async list(museumId: number, articleId: number, lang: string): Promise<VisitorReport[]> {
      if (!(await deps.articles.find(museumId, articleId))) {
        throw notFound('No such article in your museum.');
      }
      return deps.repo.list(museumId, articleId, lang);
    },

    /** Marks a report resolved; 404: no such report in the museum. */
    async resolve(who: { museumId: number; userId: number }, id: number): Promise<{ id: number }> {
      if (!(await deps.repo.resolve(who.museumId, id, who.userId, deps.now()))) {
        throw notFound('No such report in your museum.');
      }
      return { id };
    },

    /** The museum's open reports per article and language (the translations overview). */
    openCounts: (museumId: number): Promise<OpenReports[]> => deps.repo.openCounts(museumId),
  };
}

export type FeedbackService = ReturnType<typeof feedbackService>;
