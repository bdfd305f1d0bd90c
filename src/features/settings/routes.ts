import { Hono } from 'hono';
import type { AppEnv } from '../../server/context.ts';
import { readJson } from '../../server/http/json-body.ts';
import { updateSettingsSchema } from './schema.ts';
import type { SettingsService } from './service.ts';

/** The museum's settings, under /api (the session middleware has set `user`). */
export function settingsRoutes(settings: SettingsService) {
  const app = new Hono<AppEnv>();
  const museum = (c: { get(key: 'user'): AppEnv['Variables']['user'] }) => c.get('user')!.museumId;

  app.get('/read/settings', async (c) => c.json(await settings.read(museum(c))));

  app.post('/manage/update_settings', async (c) => {
    const change = await readJson(c, updateSettingsSchema);
    return c.json(await settings.update(museum(c), change));
  });

  return app;
}
