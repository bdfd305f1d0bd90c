import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../server/context.ts';
import { readJson } from '../../server/http/json-body.ts';
import { ApiError } from '../../server/http/errors.ts';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from './cookie.ts';
import { loginSchema } from './schema.ts';
import type { AuthService } from './service.ts';

/** Spec 7: GET /session, POST /login, POST /logout. */
export function authRoutes(auth: AuthService, deps: AppDeps) {
  const secure = deps.config.secureCookies;
  const app = new Hono<AppEnv>();

  app.get('/session', async (c) => {
    const user = await auth.resolve(readSessionCookie(c, secure));
    c.header('Cache-Control', 'no-store');
    return c.json(user ? { email: user.email, museum: user.museumName } : {});
  });

  app.post('/login', async (c) => {
    const input = await readJson(c, loginSchema, 8 * 1024);
    // A session opened before this sign-in is closed: a new token at every login.
    await auth.logout(readSessionCookie(c, secure));
    const { token, email } = await auth.login({ ...input, address: deps.clientAddress(c) });
    writeSessionCookie(c, secure, token);
    c.header('Cache-Control', 'no-store');
    return c.json({ email });
  });

  app.post('/logout', async (c) => {
    const type = c.req.header('content-type');
    if (type && !/^application\/json\s*(;|$)/i.test(type)) {
      throw new ApiError(415, 'unsupported_media_type', 'Send the body as application/json.');
    }
    await auth.logout(readSessionCookie(c, secure));
    clearSessionCookie(c, secure);
    c.header('Cache-Control', 'no-store');
    return c.json({ ok: true });
  });

  return app;
}
