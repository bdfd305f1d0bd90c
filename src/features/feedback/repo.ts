import { and, asc, count, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import { visitorReports } from '../../server/db/schema.ts';
import type { ReportKind } from '../reader/render/report-form.ts';

/** A visitor's report as staff read it (GET /api/read/feedback). */
export interface VisitorReport {
  id: number;
  articleId: number;
  lang: string;
  kind: ReportKind;
  /** The element's lasting name the visitor pointed at (TITLE_ELEMENT: the title); null: the whole page. */
  block: string | null;
  message: string;
  createdAt: string;
  /** When staff marked it resolved; null while open. */
  resolvedAt: string | null;
}

/** Open reports of one article in one language (the translations overview's count). */
export interface OpenReports {
  articleId: number;
  lang: string;
  open: number;
}

const r = visitorReports;

/** The visitor reports' SQL: every read and write scoped to a museum. */
export function reportsRepo(db: Database) {
  return {
    async add(report: {
      museumId: number;
      articleId: number;
      lang: string;
      kind: ReportKind;
      block: string | undefined;
      message: string;
      at: Date;
    }): Promise<void> {
      await db.insert(r).values({
        museumId: report.museumId,
        articleId: report.articleId,
        language: report.lang,
        kind: report.kind,
        block: report.block ?? null,
        message: report.message,
        createdAt: report.at,
      });
    },

    /** How many reports the museum received since `since` (the monthly bound). */
    async countSince(museumId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(r)
        .where(and(eq(r.museumId, museumId), gte(r.createdAt, since)));
      return row?.n ?? 0;
    },

    /** One article's reports in one language, open ones first, oldest first. */
    async list(museumId: number, articleId: number, lang: string): Promise<VisitorReport[]> {
      const rows = await db
        .select()
        .from(r)
        .where(and(eq(r.museumId, museumId), eq(r.articleId, articleId), eq(r.language, lang)))
        .orderBy(sql`${r.resolvedAt} is not null`, asc(r.createdAt), asc(r.id));
      return rows.map((row) => ({
        id: row.id,
        articleId: row.articleId,
        lang: row.language,
        kind: row.kind,
        block: row.block,
        message: row.message,
        createdAt: row.createdAt.toISOString(),
        resolvedAt: row.resolvedAt?.toISOString() ?? null,
      }));
    },

    /** Marks a report resolved; false: no such report in this museum. Resolving twice is one. */
    async resolve(museumId: number, id: number, userId: number, at: Date): Promise<boolean> {
      const found = await db
        .select({ id: r.id })
        .from(r)
        .where(and(eq(r.museumId, museumId), eq(r.id, id)));
      if (found.length === 0) return false;
      await db
        .update(r)
        .set({ resolvedAt: at, resolvedBy: userId })
        .where(and(eq(r.museumId, museumId), eq(r.id, id), isNull(r.resolvedAt)));
      return true;
    },

    /** The museum's open reports per article and language. */
    async openCounts(museumId: number): Promise<OpenReports[]> {
      const rows = await db
        .select({ articleId: r.articleId, lang: r.language, open: count() })
        .from(r)
        .where(and(eq(r.museumId, museumId), isNull(r.resolvedAt)))
        .groupBy(r.articleId, r.language);
      return rows;
    },
  };
}

export type ReportsRepo = ReturnType<typeof reportsRepo>;
