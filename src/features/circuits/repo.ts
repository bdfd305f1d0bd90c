import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/handle.ts';
import { isUniqueViolation } from '../../server/db/errors.ts';
import { articles, circuits, circuitStops, museums, qrcodes } from '../../server/db/schema.ts';
import { storedHasContent } from '../articles/has-content.ts';
import type { CircuitSource } from '../reader/circuit/circuit-types.ts';

export interface CircuitRow {
  id: number;
  name: string;
  title: string;
  intro: string;
  articleIds: number[];
}

export interface CircuitValues {
  name: string;
  title: string;
  intro: string;
  articleIds: readonly number[];
}

/**
 * A circuit as its visitor page needs it: the reader's CircuitSource (the reader says what it
 * reads; this repo is what gives it), with the museum's time zone, and every field set.
 */
export interface PublicCircuit extends CircuitSource {
  timeZone: string;
  /** The languages visitors may choose; null: all of them. */
  visitorLanguages: string[] | null;
  codes: { link: string; articleId?: number | undefined }[];
}

export type SaveOutcome =
  | { ok: true; id: number }
  | { ok: false; reason: 'not_found' | 'name_taken' }
  | { ok: false; reason: 'not_articles'; indexes: number[] };

/** The ids of a circuit's stops, in order, as one array. */
const stopIds = sql<number[]>`coalesce((
  select array_agg(${circuitStops.articleId} order by ${circuitStops.position})
  from ${circuitStops} where ${circuitStops.circuitId} = ${circuits.id}
), '{}')`;

const columns = {
  id: circuits.id,
  name: circuits.name,
  title: circuits.title,
  intro: circuits.intro,
  articleIds: stopIds,
};

/** The numbers PostgreSQL's drivers give back for an int[] (PGlite: numbers; pg: numbers too). */
const rowOf = (row: CircuitRow): CircuitRow => ({ ...row, articleIds: row.articleIds.map(Number) });

/** What a transaction does here: reads and writes. */
type Queries = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/**
 * Why a save is refused before anything is written: the circuit is another museum's (or none),
 * or some stops are not the museum's articles (their indexes). Undefined: nothing against it.
 */
async function refusal(
  tx: Queries,
  museumId: number,
  id: number | undefined,
  articleIds: readonly number[],
): Promise<SaveOutcome | undefined> {
  if (id !== undefined) {
    // Another museum's circuit, or none: nothing else is looked at.
    const [mine] = await tx
      .select({ id: circuits.id })
      .from(circuits)
      .where(and(eq(circuits.museumId, museumId), eq(circuits.id, id)))
      .for('update');
    if (!mine) return { ok: false, reason: 'not_found' };
  }
  if (articleIds.length === 0) return undefined;
  const found = await tx
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.museumId, museumId), inArray(articles.id, [...articleIds])))
    // Held until the stops are written: a delete waits, never leaves a dangling stop.
    .for('share');
  const ours = new Set(found.map((row) => row.id));
  const indexes = articleIds.flatMap((a, i) => (ours.has(a) ? [] : [i]));
  return indexes.length > 0 ? { ok: false, reason: 'not_articles', indexes } : undefined;
}

/** Writes the circuit (inserted, or replaced with its stops dropped) and its stops in order. */
async function writeCircuit(
  tx: Queries,
  museumId: number,
  id: number | undefined,
  values: CircuitValues,
): Promise<SaveOutcome> {
  const set = { name: values.name, title: values.title, intro: values.intro };
  let circuitId: number;
  if (id === undefined) {
    const [row] = await tx
      .insert(circuits)
      .values({ museumId, ...set })
      .returning({ id: circuits.id });
    circuitId = row!.id;
  } else {
    const [row] = await tx
      .update(circuits)
      .set({ ...set, updatedAt: sql`now()` })
      .where(and(eq(circuits.museumId, museumId), eq(circuits.id, id)))
      .returning({ id: circuits.id });
    if (!row) return { ok: false, reason: 'not_found' };
    circuitId = row.id;
    await tx.delete(circuitStops).where(eq(circuitStops.circuitId, circuitId));
  }
  if (values.articleIds.length > 0) {
    await tx
      .insert(circuitStops)
      .values(values.articleIds.map((articleId, position) => ({ circuitId, position, articleId })));
  }
  return { ok: true, id: circuitId };
}

async function saveCircuit(
  db: Database,
  museumId: number,
  id: number | undefined,
  values: CircuitValues,
): Promise<SaveOutcome> {
  try {
    return await db.transaction(
      async (tx): Promise<SaveOutcome> =>
        (await refusal(tx, museumId, id, values.articleIds)) ??
        writeCircuit(tx, museumId, id, values),
    );
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'name_taken' };
    throw error;
  }
}

/** The circuit visitors open by its public name, with its stops' articles in order. */
async function publicCircuit(db: Database, name: string): Promise<PublicCircuit | undefined> {
  const [circuit] = await db
    .select({
      id: circuits.id,
      museumId: circuits.museumId,
      name: circuits.name,
      title: circuits.title,
      intro: circuits.intro,
      language: museums.sourceLanguage,
      timeZone: museums.timeZone,
      visitorLanguages: museums.visitorLanguages,
    })
    .from(circuits)
    .innerJoin(museums, eq(museums.id, circuits.museumId))
    .where(eq(circuits.name, name));
  if (!circuit) return undefined;
  const rows = await db
    .select({ articleId: articles.id, name: articles.name, content: articles.content })
    .from(circuitStops)
    .innerJoin(articles, eq(articles.id, circuitStops.articleId))
    // Visitors walk only the stops they can read: one not published yet is left out until it is,
    // and so is one with nothing in it yet (the circuits screen warns of it).
    .where(and(eq(circuitStops.circuitId, circuit.id), isNotNull(articles.publishedAt)))
    .orderBy(asc(circuitStops.position));
  const stops = rows.filter((stop) => storedHasContent(stop.content, stop.name));
  const stopIds = stops.map((stop) => stop.articleId);
  const leading = await db
    .select({ link: qrcodes.link, articleId: qrcodes.articleId })
    .from(qrcodes)
    .where(
      and(
        eq(qrcodes.museumId, circuit.museumId),
        stopIds.length > 0
          ? or(eq(qrcodes.circuitId, circuit.id), inArray(qrcodes.articleId, stopIds))
          : eq(qrcodes.circuitId, circuit.id),
      ),
    )
    .orderBy(asc(qrcodes.id));
  const codes = leading.map(({ link, articleId }) => ({
    link,
    ...(articleId !== null && { articleId }),
  }));
  return { ...circuit, stops, codes };
}

export function circuitsRepo(db: Database) {
  return {
    async list(museumId: number): Promise<CircuitRow[]> {
      const rows = await db
        .select(columns)
        .from(circuits)
        .where(eq(circuits.museumId, museumId))
        .orderBy(asc(circuits.title), asc(circuits.id));
      return rows.map(rowOf);
    },

    async find(museumId: number, id: number): Promise<CircuitRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(circuits)
        .where(and(eq(circuits.museumId, museumId), eq(circuits.id, id)));
      return row && rowOf(row);
    },

    async count(museumId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(circuits)
        .where(eq(circuits.museumId, museumId));
      return Number(row?.n ?? 0);
    },

    /**
     * Creates (no id) or replaces a circuit of the museum with its stops, in one transaction:
     * every article must be the museum's; nothing is changed when anything is refused.
     */
    async save(
      museumId: number,
      id: number | undefined,
      values: CircuitValues,
    ): Promise<SaveOutcome> {
      return saveCircuit(db, museumId, id, values);
    },

    async remove(museumId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(circuits)
        .where(and(eq(circuits.museumId, museumId), eq(circuits.id, id)))
        .returning({ id: circuits.id });
      return rows.length > 0;
    },

    /** The museum's articles with nothing for visitors in them yet (has-content.ts). */
    async emptyArticles(museumId: number): Promise<number[]> {
      const rows = await db
        .select({ id: articles.id, name: articles.name, content: articles.content })
        .from(articles)
        .where(eq(articles.museumId, museumId))
        .orderBy(asc(articles.id));
      return rows.filter((row) => !storedHasContent(row.content, row.name)).map((row) => row.id);
    },

    /** The circuit visitors open by its public name, with its stops' articles in order. */
    async byName(name: string): Promise<PublicCircuit | undefined> {
      return publicCircuit(db, name);
    },
  };
}

export type CircuitsRepo = ReturnType<typeof circuitsRepo>;
