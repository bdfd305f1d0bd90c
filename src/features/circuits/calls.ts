// The circuits screen's API calls: bodies typed by the zod schemas the server
// routes parse, answers by their types. Types only: zod stays out of the browser bundle.
import type { z } from 'zod';
import { getRoute, postRoute } from '../../ui/api.ts';
import type { ArticleOption } from './draft.ts';
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

const isArticle = (value: unknown): value is ArticleOption =>
  isRecord(value) &&
  typeof value.id === 'number' &&
  typeof value.name === 'string' &&
  typeof value.unformatted_name === 'string';

/** GET /api/read/circuits: the museum's circuits. */
export const circuitsRoute = getRoute<CircuitDocument[]>(
  '/api/read/circuits',
  (body) => Array.isArray(body) && body.every(isCircuit),
);

/** GET /api/read/articles: the articles a stop may be (as the QR detail's picker lists them). */
export const articlesRoute = getRoute<ArticleOption[]>(
  '/api/read/articles',
  (body) => Array.isArray(body) && body.every(isArticle),
);

/** 201 with the circuit when created, 200 when updated. */
export const saveCircuit = postRoute<z.input<typeof saveCircuitSchema>, CircuitDocument>(
  '/api/manage/save_circuit',
  isCircuit,
);

export const deleteCircuit = postRoute<z.input<typeof deleteCircuitSchema>, DeletedCircuit>(
  '/api/manage/delete_circuit',
);
