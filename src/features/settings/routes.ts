import { Hono } from 'hono';
import { museum, type StaffEnv } from '../../server/context.ts';
import { readJson } from '../../server/http/json-body.ts';
import { updateSettingsSchema } from './schema.ts';
import type { SettingsService } from './service.ts';

/** The museum's settings, under /api (StaffEnv: behind the session middleware). */
export function settingsRoutes(settings: SettingsService) {
  const app = new Hono<StaffEnv>();

  app.get('/read/settings', async (c) => c.json(await settings.read(museum(c))));

  app.post('/manage/update_settings', async (c) => {
    const change = await readJson(c, updateSettingsSchema);
    return c.json(await settings.update(museum(c), change));
  });

  return app;
}
