import { Hono } from 'hono';
import { museum, type StaffEnv } from '../../server/context.ts';
import { readJson } from '../../server/http/json-body.ts';
import { deleteCircuitSchema, saveCircuitSchema } from './schema.ts';
import type { CircuitsService } from './service.ts';

/** The museum's circuits (ADR 0018), under /api (StaffEnv: behind the session middleware). */
export function circuitsRoutes(circuits: CircuitsService) {
  const app = new Hono<StaffEnv>();

  app.get('/read/circuits', async (c) => c.json(await circuits.list(museum(c))));

  app.get('/read/empty_articles', async (c) => c.json(await circuits.emptyArticles(museum(c))));

  app.post('/manage/save_circuit', async (c) => {
    const body = await readJson(c, saveCircuitSchema);
    const { circuit, created } = await circuits.save(museum(c), body);
    return c.json(circuit, created ? 201 : 200);
  });

  app.post('/manage/delete_circuit', async (c) => {
    const { id } = await readJson(c, deleteCircuitSchema);
    return c.json(await circuits.remove(museum(c), id));
  });

  return app;
}
