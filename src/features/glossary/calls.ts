// The glossary screen's API calls: bodies typed by the zod schemas the server routes parse,
// answers by their types. Types only: zod stays out of the browser bundle.
import type { z } from 'zod';
import { getRoute, postRoute } from '../../ui/api.ts';
import type { deleteTermSchema, GlossaryEntry, GlossaryList, saveTermSchema } from './schema.ts';

const isList = (body: unknown) =>
  typeof body === 'object' && body !== null && Array.isArray((body as GlossaryList).terms);

/** GET /api/read/glossary: the museum's entries, by term. */
export const glossaryRoute = getRoute<GlossaryList>('/api/read/glossary', isList);

export const saveGlossaryTerm = postRoute<z.input<typeof saveTermSchema>, GlossaryEntry>(
  '/api/manage/save_glossary_term',
);

export const deleteGlossaryTerm = postRoute<
  z.input<typeof deleteTermSchema>,
  { id: number; deleted: true }
>('/api/manage/delete_glossary_term');
