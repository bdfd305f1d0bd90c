import { Hono } from 'hono';
import { museum, type StaffEnv } from '../../server/context.ts';
import { readJson } from '../../server/http/json-body.ts';
import { deleteTermSchema, saveTermSchema } from './schema.ts';
import type { GlossaryService } from './service.ts';

/** The museum's glossary (ADR 0015), under /api (StaffEnv: behind the session middleware). */
export function glossaryRoutes(glossary: GlossaryService) {
  const app = new Hono<StaffEnv>();

  app.get('/read/glossary', async (c) => c.json(await glossary.list(museum(c))));

  app.post('/manage/save_glossary_term', async (c) => {
    const body = await readJson(c, saveTermSchema);
    const { entry, created } = await glossary.save(museum(c), body);
    return c.json(entry, created ? 201 : 200);
  });

  app.post('/manage/delete_glossary_term', async (c) => {
    const { id } = await readJson(c, deleteTermSchema);
    return c.json(await glossary.remove(museum(c), id));
  });

  return app;
}
