import type { RunningServer } from './server.ts';
import { freePort } from './pg-cluster.ts';

/**
 * A curator's calls over HTTP to a running server process (tests/integration): the cookie is
 * passed explicitly, so one sign-in can be used against several processes, as a browser behind
 * a load balancer does.
 */
export function staffHttp(base: string, origin: string) {
  const json = { 'content-type': 'application/json', origin };
  return {
    base,
    login: (email: string, password: string) =>
      fetch(`${base}/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email, password }),
      }),
    logout: (cookie: string) =>
      fetch(`${base}/logout`, { method: 'POST', headers: { ...json, cookie }, body: '{}' }),
    get: (path: string, cookie?: string) =>
      fetch(`${base}${path}`, { headers: cookie ? { cookie } : {} }),
    post: (path: string, body: unknown, cookie: string) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...json, cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    /**
     * A visitor's GET of the page (no cookie), in their phone's languages; `phone` is its user
     * agent (one phone's reloads within half an hour count once). As a browser, the page's
     * count request too, its first image (docs/adr/0031-visitor-pages-behind-a-cdn.md).
     */
    async visit(path: string, acceptLanguage = 'fr', phone?: string): Promise<Response> {
      const headers = {
        'accept-language': acceptLanguage,
        ...(phone ? { 'user-agent': phone } : {}),
      };
      const page = await fetch(`${base}${path}`, { headers });
      if (!(page.headers.get('content-type') ?? '').startsWith('text/html')) return page;
      const src = /<body><img src="([^"]+)"/.exec(await page.clone().text())?.[1];
      if (src)
        await (await fetch(`${base}${src.replaceAll('&amp;', '&')}`, { headers })).body?.cancel();
      return page;
    },
  };
}

export type StaffHttp = ReturnType<typeof staffHttp>;

/** The Cookie header a sign-in's answer sets. */
export function cookieOf(res: Response): string {
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error(`no session cookie (status ${res.status})`);
  return cookie;
}

/**
 * Starts `src/app/main.ts` on a port chosen here, so the process may be given a shared
 * PUBLIC_SITE_URL (a load balancer's address) and still be reached directly.
 */
export async function startOnFreePort(
  start: (env: Record<string, string>) => Promise<RunningServer>,
  env: Record<string, string>,
): Promise<RunningServer & { direct: string }> {
  const port = await freePort();
  const server = await start({ ...env, PORT: String(port) });
  return Object.assign(server, { direct: `http://127.0.0.1:${port}` });
}

/** Calls `probe` until it answers something `done` accepts; the last answer otherwise. */
export async function until<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
