import type { Config } from '../server/config.ts';
import { purgeHook, type PurgeSend } from '../server/http/cdn-purge.ts';

/** What `purgeCache` of @netlify/functions takes and does (its token and site from Netlify). */
type NetlifyPurgeCache = (options: { tags: string[] }) => Promise<void>;

/**
 * Netlify's purge, `purgeCache({ tags })` of @netlify/functions, loaded at the first purge: only
 * a Netlify function ever purges its CDN.
 */
const netlifyPurge: PurgeSend = async (tags) => {
  const { purgeCache } = (await import(NETLIFY_FUNCTIONS)) as { purgeCache: NetlifyPurgeCache };
  await purgeCache({ tags: [...tags] });
};
const NETLIFY_FUNCTIONS = '@netlify/functions';

/**
 * How this process purges shared caches (docs/adr/0031-visitor-pages-behind-a-cdn.md): the
 * configured hook (CDN_PURGE_URL), else Netlify's CDN on Netlify, else nothing (no shared cache
 * was said to be in front).
 */
export function purgeSender(config: Pick<Config, 'cdn'>): PurgeSend | undefined {
  if (config.cdn.purgeUrl) return purgeHook(config.cdn.purgeUrl, config.cdn.purgeToken);
  return config.cdn.netlify ? netlifyPurge : undefined;
}
