// The circuits screen's API calls: bodies typed by the zod schemas the server routes parse,
// answers by their types. Types only: zod stays out of the browser bundle. The list of articles
// is articles/article-list.ts, shared with the other screens.
import type { z } from 'zod';
import { getRoute, postRoute } from '../../ui/api.ts';
import type {
  CircuitDocument,
  DeletedCircuit,
  deleteCircuitSchema,
  saveCircuitSchema,
} from './schema.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isCircuit = (value: unknown): value is CircuitDocument =>
  isRecord(value) &&
  typeof value.id === 'number' &&
  typeof value.name === 'string' &&
  typeof value.title === 'string' &&
  typeof value.intro === 'string' &&
  Array.isArray(value.articleIds) &&
  value.articleIds.every((id) => typeof id === 'number');

/** GET /api/read/circuits: the museum's circuits. */
export const circuitsRoute = getRoute<CircuitDocument[]>(
  '/api/read/circuits',
  (body) => Array.isArray(body) && body.every(isCircuit),
);

/** 201 with the circuit when created, 200 when updated. */
export const saveCircuit = postRoute<z.input<typeof saveCircuitSchema>, CircuitDocument>(
  '/api/manage/save_circuit',
  isCircuit,
);

export const deleteCircuit = postRoute<z.input<typeof deleteCircuitSchema>, DeletedCircuit>(
  '/api/manage/delete_circuit',
);

/** GET /api/read/empty_articles: the articles with nothing for visitors yet, by id. */
export const emptyArticlesRoute = getRoute<number[]>(
  '/api/read/empty_articles',
  (body) => Array.isArray(body) && body.every((id) => typeof id === 'number'),
);
