import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import { articles, circuits, museums, qrcodes } from '../../server/db/schema.ts';
import { isUniqueViolation } from '../../server/db/errors.ts';
import { publicTitleColumn } from '../articles/repo.ts';
import { stopColumn } from '../articles/stops.ts';

export interface QrcodeRow {
  id: number;
  link: string;
  articleId: number | null;
  title: string | null;
  /** The article's title shown to visitors ('' when none), null when no article. */
  publicTitle: string | null;
  /** The article's stop number as stored (raw JSON), null when none. */
  stop: unknown;
  name: string | null;
  circuitId: number | null;
  circuitTitle: string | null;
  circuitName: string | null;
}

/** Where a scanned code leads: its article or its circuit (ADR 0018), in its museum. */
export interface ScanTarget {
  museumId: number;
  /** The article's id, or the circuit's with `circuit`. */
  articleId: number;
  /** Its public name: /article?name= or, with `circuit`, /circuit?name=. */
  name: string;
  circuit?: boolean;
  /** The museum's source language: what a scan counts when the browser names none we know. */
  language: string;
  /** The museum's time zone: whose day a scan belongs to. */
  timeZone: string;
  /** The languages the museum's visitors may choose; null: all of them. */
  visitorLanguages: string[] | null;
}

const columns = {
  id: qrcodes.id,
  link: qrcodes.link,
  articleId: qrcodes.articleId,
  title: articles.unformattedName,
  publicTitle: publicTitleColumn(),
  stop: stopColumn(),
  name: articles.name,
  circuitId: qrcodes.circuitId,
  circuitTitle: circuits.title,
  circuitName: circuits.name,
};

/** Where a code leads: an article or a circuit of the code's own museum, never both. */
function qrcodeLinks(db: Database) {
  return {
    /**
     * Links a code to an article of the same museum. 'no_code' or 'no_article' when either is
     * not this museum's.
     */
    async link(
      museumId: number,
      id: number,
      articleId: number,
    ): Promise<'ok' | 'no_code' | 'no_article'> {
      return db.transaction(async (tx) => {
        const [article] = await tx
          .select({ id: articles.id })
          .from(articles)
          .where(and(eq(articles.museumId, museumId), eq(articles.id, articleId)));
        if (!article) return 'no_article';
        const updated = await tx
          .update(qrcodes)
          .set({ articleId, circuitId: null })
          .where(and(eq(qrcodes.museumId, museumId), eq(qrcodes.id, id)))
          .returning({ id: qrcodes.id });
        return updated.length ? 'ok' : 'no_code';
      });
    },

    /** Links a code to a circuit of the same museum, freeing its article link. */
    async linkCircuit(
      museumId: number,
      id: number,
      circuitId: number,
    ): Promise<'ok' | 'no_code' | 'no_circuit'> {
      return db.transaction(async (tx) => {
        const [circuit] = await tx
          .select({ id: circuits.id })
          .from(circuits)
          .where(and(eq(circuits.museumId, museumId), eq(circuits.id, circuitId)));
        if (!circuit) return 'no_circuit';
        const updated = await tx
          .update(qrcodes)
          .set({ circuitId, articleId: null })
          .where(and(eq(qrcodes.museumId, museumId), eq(qrcodes.id, id)))
          .returning({ id: qrcodes.id });
        return updated.length ? 'ok' : 'no_code';
      });
    },
  };
}

export function qrcodesRepo(db: Database) {
  return {
    ...qrcodeLinks(db),

    async list(museumId: number): Promise<QrcodeRow[]> {
      return db
        .select(columns)
        .from(qrcodes)
        .leftJoin(articles, eq(articles.id, qrcodes.articleId))
        .leftJoin(circuits, eq(circuits.id, qrcodes.circuitId))
        .where(eq(qrcodes.museumId, museumId))
        .orderBy(asc(qrcodes.id));
    },

    async find(museumId: number, id: number): Promise<QrcodeRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(qrcodes)
        .leftJoin(articles, eq(articles.id, qrcodes.articleId))
        .leftJoin(circuits, eq(circuits.id, qrcodes.circuitId))
        .where(and(eq(qrcodes.museumId, museumId), eq(qrcodes.id, id)));
      return row;
    },

    /** A new free code; 'taken' when another code already has this link. */
    async insert(museumId: number, link: string): Promise<number | 'taken'> {
      try {
        const [row] = await db
          .insert(qrcodes)
          .values({ museumId, link })
          .returning({ id: qrcodes.id });
        return row!.id;
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    /** Resolved at every scan (not when printed): renaming an article's url keeps codes working. */
    async target(link: string): Promise<ScanTarget | undefined> {
      const [row] = await db
        .select({
          museumId: qrcodes.museumId,
          articleId: articles.id,
          name: articles.name,
          circuitId: circuits.id,
          circuitName: circuits.name,
          language: museums.sourceLanguage,
          timeZone: museums.timeZone,
          visitorLanguages: museums.visitorLanguages,
        })
        .from(qrcodes)
        .innerJoin(museums, eq(museums.id, qrcodes.museumId))
        .leftJoin(articles, eq(articles.id, qrcodes.articleId))
        .leftJoin(circuits, eq(circuits.id, qrcodes.circuitId))
        .where(eq(qrcodes.link, link));
      if (!row) return undefined;
      const { museumId, language, timeZone, visitorLanguages } = row;
      const museum = { museumId, language, timeZone, visitorLanguages };
      if (row.articleId !== null && row.name !== null)
        return { ...museum, articleId: row.articleId, name: row.name };
      if (row.circuitId !== null && row.circuitName !== null) {
        const circuit = true;
        return {
          ...museum,
          articleId: row.circuitId,
          name: row.circuitName,
          circuit,
        };
      }
      return undefined;
    },
  };
}

export type QrcodesRepo = ReturnType<typeof qrcodesRepo>;
