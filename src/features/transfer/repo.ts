import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import {
  articles,
  checkedTranslations,
  circuitStops,
  circuits,
  folders,
  glossaryTerms,
  museums,
  qrcodes,
} from '../../server/db/schema.ts';
import { inTransaction } from '../../server/db/typed.ts';
import { TREE_LOCK_CLASS } from '../tree/repo.ts';
import { restoreInto } from './restore-into.ts';
import type {
  CircuitEntry,
  FolderEntry,
  GlossaryEntryOut,
  QrcodeEntry,
  SettingsEntry,
  TranslationEntry,
} from './format.ts';

/** Rows written by one statement: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1_000;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** One museum's data as an export takes it: every query is scoped to the museum. */
function exportReads(db: Database) {
  return {
    async museum(museumId: number) {
      const [row] = await db
        .select({
          name: museums.name,
          sourceLanguage: museums.sourceLanguage,
          timeZone: museums.timeZone,
          priorityLanguages: museums.priorityLanguages,
          speech: museums.speech,
          visitorLanguages: museums.visitorLanguages,
        })
        .from(museums)
        .where(eq(museums.id, museumId));
      return row;
    },

    folders: (museumId: number): Promise<FolderEntry[]> =>
      db
        .select({ id: folders.id, parentId: folders.parentId, name: folders.name })
        .from(folders)
        .where(eq(folders.museumId, museumId))
        .orderBy(asc(folders.id)),

    articles: (museumId: number) =>
      db
        .select({
          id: articles.id,
          folderId: articles.folderId,
          name: articles.name,
          unformattedName: articles.unformattedName,
          instructions: articles.instructions,
          content: articles.content,
          published: sql<boolean>`${articles.publishedAt} is not null`,
        })
        .from(articles)
        .where(eq(articles.museumId, museumId))
        .orderBy(asc(articles.id)),
  };
}

/** The parts of the museum beside its tree: what it checked, its glossary, circuits, codes. */
function partReads(db: Database) {
  return {
    async translations(museumId: number): Promise<TranslationEntry[]> {
      const rows = await db
        .select({
          articleId: checkedTranslations.articleId,
          language: checkedTranslations.language,
          ref: checkedTranslations.ref,
          source: checkedTranslations.source,
          text: checkedTranslations.text,
          checkedAt: checkedTranslations.checkedAt,
        })
        .from(checkedTranslations)
        .where(eq(checkedTranslations.museumId, museumId))
        .orderBy(asc(checkedTranslations.articleId), asc(checkedTranslations.language));
      return rows.map((row) => ({
        ...row,
        language: row.language as TranslationEntry['language'],
        checkedAt: row.checkedAt.toISOString(),
      }));
    },

    glossary: (museumId: number): Promise<GlossaryEntryOut[]> =>
      db
        .select({
          term: glossaryTerms.term,
          note: glossaryTerms.note,
          doNotTranslate: glossaryTerms.doNotTranslate,
          translations: glossaryTerms.translations,
        })
        .from(glossaryTerms)
        .where(eq(glossaryTerms.museumId, museumId))
        .orderBy(asc(glossaryTerms.id)),

    async circuits(museumId: number): Promise<CircuitEntry[]> {
      const [rows, stops] = await Promise.all([
        db
          .select({
            id: circuits.id,
            name: circuits.name,
            title: circuits.title,
            intro: circuits.intro,
          })
          .from(circuits)
          .where(eq(circuits.museumId, museumId))
          .orderBy(asc(circuits.id)),
        db
          .select({ circuitId: circuitStops.circuitId, articleId: circuitStops.articleId })
          .from(circuitStops)
          .innerJoin(circuits, eq(circuits.id, circuitStops.circuitId))
          .where(eq(circuits.museumId, museumId))
          .orderBy(asc(circuitStops.circuitId), asc(circuitStops.position)),
      ]);
      return rows.map((row) => ({
        ...row,
        articleIds: stops.filter((s) => s.circuitId === row.id).map((s) => s.articleId),
      }));
    },

    qrcodes: (museumId: number): Promise<QrcodeEntry[]> =>
      db
        .select({ link: qrcodes.link, articleId: qrcodes.articleId, circuitId: qrcodes.circuitId })
        .from(qrcodes)
        .where(eq(qrcodes.museumId, museumId))
        .orderBy(asc(qrcodes.id)),
  };
}

export interface NewArticle {
  exportId: number;
  folderId: number | null;
  name: string;
  unformattedName: string;
  instructions: string;
  content: unknown;
  /** Published in the museum it was exported from: visitors read it from the restore on. */
  published: boolean;
}

/** What the restore reads inside its transaction: where it goes, names already used. */
function restoreReads(tx: Database, museumId: number) {
  return {
    /** Read again under the tree's lock: what the restore replaces, if it may go in. */
    restoreInto: () => restoreInto(tx, museumId),

    /** Which of these public names another article (or circuit) of this Legenda holds. */
    async takenNames(kind: 'article' | 'circuit', names: string[]): Promise<Set<string>> {
      const table = kind === 'article' ? articles : circuits;
      const taken = new Set<string>();
      for (const part of chunks(names)) {
        const rows = await tx
          .select({ name: table.name })
          .from(table)
          .where(inArray(table.name, part));
        for (const row of rows) taken.add(row.name);
      }
      return taken;
    },

    async takenLinks(links: string[]): Promise<Set<string>> {
      const taken = new Set<string>();
      for (const part of chunks(links)) {
        const rows = await tx
          .select({ link: qrcodes.link })
          .from(qrcodes)
          .where(inArray(qrcodes.link, part));
        for (const row of rows) taken.add(row.link);
      }
      return taken;
    },
  };
}

/** The restore's writes, inside its one transaction: all scoped to the museum restored into. */
function restoreWrites(tx: Database, museumId: number) {
  return {
    ...restoreReads(tx, museumId),

    /** The untouched demo the restore replaces: its article (and all that is its) and code. */
    async removeDemo(demo: { articleId: number; codeIds: number[] }) {
      const mine = eq(qrcodes.museumId, museumId);
      await tx.delete(qrcodes).where(and(mine, inArray(qrcodes.id, demo.codeIds)));
      await tx
        .delete(articles)
        .where(and(eq(articles.museumId, museumId), eq(articles.id, demo.articleId)));
    },

    async insertFolder(parentId: number | null, name: string): Promise<number> {
      const [row] = await tx
        .insert(folders)
        .values({ museumId, parentId, name })
        .returning({ id: folders.id });
      return row!.id;
    },

    /** The new ids by public name (unique, so the answer's order does not matter). */
    async insertArticles(rows: NewArticle[]): Promise<Map<string, number>> {
      const ids = new Map<string, number>();
      for (const part of chunks(rows)) {
        const at = new Date();
        const values = part.map(({ exportId: _, published, ...row }) => ({
          museumId,
          ...row,
          publishedAt: published ? at : null,
        }));
        const made = await tx
          .insert(articles)
          .values(values)
          .returning({ id: articles.id, name: articles.name });
        for (const row of made) ids.set(row.name, row.id);
      }
      return ids;
    },

    async insertTranslations(rows: (Omit<TranslationEntry, 'checkedAt'> & { checkedAt: Date })[]) {
      const values = rows.map((row) => ({ museumId, ...row }));
      for (const part of chunks(values)) await tx.insert(checkedTranslations).values(part);
    },

    async insertGlossary(rows: GlossaryEntryOut[]) {
      for (const part of chunks(rows.map((row) => ({ museumId, ...row })))) {
        await tx.insert(glossaryTerms).values(part);
      }
    },

    async insertCircuit(circuit: { name: string; title: string; intro: string }, stops: number[]) {
      const [row] = await tx
        .insert(circuits)
        .values({ museumId, ...circuit })
        .returning({ id: circuits.id });
      const circuitId = row!.id;
      if (stops.length > 0) {
        await tx
          .insert(circuitStops)
          .values(stops.map((articleId, position) => ({ circuitId, position, articleId })));
      }
      return circuitId;
    },

    async insertQrcodes(
      rows: { link: string; articleId: number | null; circuitId: number | null }[],
    ) {
      for (const part of chunks(rows.map((row) => ({ museumId, ...row })))) {
        await tx.insert(qrcodes).values(part);
      }
    },

    /** The settings, and the tree's revision raised: the cached tree is read again. */
    async finish(settings: SettingsEntry) {
      await tx
        .update(museums)
        .set({ ...settings, treeRevision: sql`${museums.treeRevision} + 1` })
        .where(eq(museums.id, museumId));
    },
  };
}

export type RestoreTx = ReturnType<typeof restoreWrites>;

export function transferRepo(db: Database) {
  return {
    ...exportReads(db),
    ...partReads(db),

    /** What a restore into the museum would do (restore-into.ts). */
    restoreInto: (museumId: number) => restoreInto(db, museumId),

    /**
     * One transaction holding the museum's tree lock (the tree's own writes wait for it): all
     * of the restore is written, or none.
     */
    async restore<T>(museumId: number, work: (tx: RestoreTx) => Promise<T>): Promise<T> {
      return inTransaction(db, async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK_CLASS}, ${museumId})`);
        return work(restoreWrites(tx, museumId));
      });
    },
  };
}

export type TransferRepo = ReturnType<typeof transferRepo>;
