import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../server/context.ts';
import { readJson } from '../../server/http/json-body.ts';
import { ApiError } from '../../server/http/errors.ts';
import { jsonAnswer } from '../../server/http/security-headers.ts';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from './cookie.ts';
import { loginSchema } from './schema.ts';
import type { AuthService } from './service.ts';

/**
 * GET /session. Every page asks it, so it is mounted ahead of the shared middleware
 * and answers with its own complete headers (`jsonAnswer`); it reads nothing from the body and
 * writes nothing, so the Origin check has nothing to guard.
 */
export function sessionRoute(auth: AuthService, deps: AppDeps) {
  const secure = deps.config.secureCookies;
  const answer = jsonAnswer({ hsts: secure });
  return new Hono<AppEnv>().get('/session', async (c) => {
    const user = await auth.resolve(readSessionCookie(c, secure));
    return answer(user ? { email: user.email, museum: user.museumName } : {});
  });
}

/** POST /login, POST /logout. */
export function authRoutes(auth: AuthService, deps: AppDeps) {
  const secure = deps.config.secureCookies;
  const app = new Hono<AppEnv>();

  app.post('/login', async (c) => {
    const input = await readJson(c, loginSchema, 8 * 1024);
    const { token, email } = await auth.login({ ...input, address: deps.clientAddress(c) });
    // The session this browser had is closed once the new one exists: a new token at every
    // sign-in, and a failed attempt leaves the signed-in user as they were.
    await auth.logout(readSessionCookie(c, secure));
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
